import Foundation
import Synchronization
import Testing
@testable import VitrineCore
@testable import VitrineSystem

@Suite struct EventLogTests {
    /// A fresh path in the temporary directory; the file is removed by `contents(of:)`.
    func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-events-\(UUID().uuidString).jsonl").path
    }

    /// The file's text, then the file is removed.
    func contents(of path: String) throws -> String {
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func writesOneExactJSONLinePerEventInFieldOrder() throws {
        let path = temporaryPath()
        do {
            let log = try EventLog(path: path)
            log.write([.dragBegan(page: 2), .transitionStarted(from: 2, to: 3)], t: 0.5)
            log.write([.transitionFinished(from: 2, to: 3, completed: true), .pageChanged(page: 3)], t: 1.25)
            log.write([.transitionStarted(from: 3, to: 3)], t: 2)
            log.write([.transitionFinished(from: 3, to: 3, completed: false)], t: 12.0625)
        }
        #expect(try contents(of: path) == """
            {"t":0.500,"event":"dragBegan","page":2}
            {"t":0.500,"event":"transitionStarted","from":2,"to":3}
            {"t":1.250,"event":"transitionFinished","from":2,"to":3,"completed":true}
            {"t":1.250,"event":"pageChanged","page":3}
            {"t":2.000,"event":"transitionStarted","from":3,"to":3}
            {"t":12.063,"event":"transitionFinished","from":3,"to":3,"completed":false}

            """)
    }

    @Test func tapsAreNotWritten() throws {
        let path = temporaryPath()
        do {
            let log = try EventLog(path: path)
            log.write([.tap(at: Point(x: 1, y: 2))], t: 0.1)
            log.write([.tap(at: Point(x: 3, y: 4)), .pageChanged(page: 1), .tap(at: Point(x: 5, y: 6))], t: 0.2)
            log.write([], t: 0.3)
        }
        #expect(try contents(of: path) == "{\"t\":0.200,\"event\":\"pageChanged\",\"page\":1}\n")
    }

    @Test func onlyTapsWriteNothing() throws {
        let path = temporaryPath()
        do {
            let log = try EventLog(path: path)
            log.write([.tap(at: Point(x: 1, y: 2))], t: 0.1)
        }
        #expect(try contents(of: path) == "")
    }

    @Test(arguments: [(0.0, "0.000"), (1.25, "1.250"), (0.1 + 0.2, "0.300"), (3.0004, "3.000"), (0.0625, "0.063"),
                      (59.9996, "60.000"), (1234.5, "1234.500")])
    func timeHasExactlyThreeDecimals(t: Double, text: String) throws {
        let path = temporaryPath()
        do {
            let log = try EventLog(path: path)
            log.write([.pageChanged(page: 0)], t: t)
        }
        #expect(try contents(of: path) == "{\"t\":\(text),\"event\":\"pageChanged\",\"page\":0}\n")
    }

    @Test func anExistingFileIsTruncated() throws {
        let path = temporaryPath()
        try "old contents that are longer than the new line\n".write(toFile: path, atomically: true, encoding: .utf8)
        do {
            let log = try EventLog(path: path)
            log.write([.pageChanged(page: 4)], t: 1)
        }
        #expect(try contents(of: path) == "{\"t\":1.000,\"event\":\"pageChanged\",\"page\":4}\n")
    }

    @Test func aPathInAMissingDirectoryThrows() {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("vitrine-missing-\(UUID().uuidString)/events.jsonl").path
        #expect(throws: (any Error).self) { try EventLog(path: path) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aFIFONoProcessReadsIsRefusedWithoutWaiting() throws {
        let path = temporaryPath()
        #expect(mkfifo(path, 0o644) == 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Opened on another thread: a regression would wait there for a reader, and fail here rather than hang.
        let refusal = Mutex<SystemError?>(nil)
        let opened = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            do throws(SystemError) {
                _ = try EventLog(path: path)
            } catch {
                refusal.withLock { $0 = error }
            }
            opened.signal()
        }
        try #require(opened.wait(timeout: .now() + 5) == .success, "opening a FIFO no process reads waited for one")
        let error = refusal.withLock { $0 }
        #expect(error == SystemError(operation: "open(\(path))", code: ENXIO, detail: "a FIFO that no process reads"))
    }

    @Test func aFIFOWithAReaderGetsWholeLines() throws {
        let path = temporaryPath()
        #expect(mkfifo(path, 0o644) == 0)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        do {
            let log = try EventLog(path: path)
            log.write([.pageChanged(page: 1)], t: 1)
        }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(reader, &bytes, bytes.count)
        #expect(count > 0 && String(decoding: bytes[..<count], as: UTF8.self) == #"{"t":1.000,"event":"pageChanged","page":1}"# + "\n")
    }

    @Test func logsAKioskSessionsKeyTransition() throws {
        let path = temporaryPath()
        do {
            let log = try EventLog(path: path)
            var session = KioskSession(pageCount: 5, wraps: false,
                                       stage: StageLayout(windowPixels: PixelSize(width: 1200, height: 800), fit: .contain),
                                       currentPage: 2)
            let start = 1.0
            log.write(session.handle(.key(.next), at: start), t: start)
            var k = 0
            while !session.isIdle, k < 240 {
                k += 1
                let t = start + Double(k) / 120
                log.write(session.step(to: t), t: t)
            }
        }
        // The 0.32 s animation lands on the first 1/120 s step at or after 1.32 s: 1 + 39/120 = 1.325.
        #expect(try contents(of: path) == """
            {"t":1.000,"event":"transitionStarted","from":2,"to":3}
            {"t":1.325,"event":"transitionFinished","from":2,"to":3,"completed":true}
            {"t":1.325,"event":"pageChanged","page":3}

            """)
    }
}

extension EventLogTests {
    @Test func deckReloadedIsOneLineInTheEventFormat() throws {
        #expect(KioskEvent.deckReloaded(cards: 6).jsonLine(t: 3.25) == #"{"t":3.250,"event":"deckReloaded","cards":6}"#)
        let path = temporaryPath()
        do {
            let log = try EventLog(path: path)
            log.write([.pageChanged(page: 1)], t: 1)
            log.write([TimedKioskEvent(t: 2, .deckReloaded(cards: 0))])
        }
        #expect(try contents(of: path) == """
            {"t":1.000,"event":"pageChanged","page":1}
            {"t":2.000,"event":"deckReloaded","cards":0}

            """)
    }
}

extension EventLog {
    /// Writes the pager's `events` stamped `t`, as the runtime hands them over (taps are not logged).
    func write(_ events: [PagerEvent], t: Double) {
        write(events.map { TimedKioskEvent(t: t, .pager($0)) })
    }
}
