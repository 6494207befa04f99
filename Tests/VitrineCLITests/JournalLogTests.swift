import Foundation
import Testing
import VitrineTestSupport

/// `JOURNAL_STREAM` as systemd sets it for a service logging to the journal, with standard error in a file.
@Suite struct JournalLogTests {
    /// A config with a misspelt key (a warning) and a bad value (an error).
    static let badConfig = """
        {"wrapp": true, "cards": [{"title": "A", "image": "\(Checkout.demoImage("canyon"))"}], "display": {"fit": "stretch"}}
        """

    /// Runs `vitrine arguments` with standard error written to the existing file `errPath` (emptied first, same
    /// inode) and `JOURNAL_STREAM` set to `journalStream`; returns the exit code and what standard error got.
    func run(_ arguments: [String], journalStream: String, errPath: String) throws -> (code: Int32, err: String) {
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        defer { try? err.close() }
        try err.truncate(atOffset: 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: VitrineProcess.executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: VitrineProcess.root)
        process.environment = ProcessInfo.processInfo.environment.merging(VitrineProcess.noDisplay) { $1 }
            .merging(["JOURNAL_STREAM": journalStream]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + 20) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            Issue.record("vitrine \(arguments) did not finish in 20 s")
        }
        return (process.terminationStatus, try String(contentsOfFile: errPath, encoding: .utf8))
    }

    /// `DEVICE:INODE` of the file at `path`, as systemd writes it.
    func deviceAndInode(_ path: String) throws -> String {
        var status = stat()
        try #require(stat(path, &status) == 0, "stat \(path)")
        return "\(status.st_dev):\(status.st_ino)"
    }

    /// Whether `line` starts with a time such as 2026-11-30T03:50:12.345Z and a space.
    func startsWithTimestamp(_ line: Substring) -> Bool {
        line.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z "#, options: .regularExpression) != nil
    }

    @Test func namingStandardErrorGivesPriorityPrefixesAndNoTime() throws {
        try withTemporaryFolder { folder in
            let config = try folder.write("bad.json", Self.badConfig)
            let errPath = try folder.write("stderr", "")
            let stream = try deviceAndInode(errPath)

            let check = try run(["check", "--config", config], journalStream: stream, errPath: errPath)
            #expect(check.code == 65)
            let warnings = check.err.split(separator: "\n")
            #expect(!warnings.isEmpty)
            #expect(warnings.allSatisfy { $0.hasPrefix("<4>vitrine: warning: \(config): wrapp: ") }, "\(warnings)")

            let render = try run(["render", "--config", config, "--output", folder.file("out.png")], journalStream: stream, errPath: errPath)
            #expect(render.code == 65)
            let lines = render.err.split(separator: "\n")
            #expect(lines.contains { $0.hasPrefix("<4>vitrine: warning: \(config): wrapp: ") }, "\(lines)")
            #expect(lines.contains { $0.hasPrefix("<3>vitrine: error: \(config): display.fit: ") }, "\(lines)")
            #expect(lines.allSatisfy { $0.hasPrefix("<3>vitrine: error: ") || $0.hasPrefix("<4>vitrine: warning: ") }, "\(lines)")
            #expect(!lines.contains { startsWithTimestamp($0) || $0.contains("Z vitrine: ") })
        }
    }

    @Test func namingAnotherFileKeepsTheTimestamps() throws {
        try withTemporaryFolder { folder in
            let config = try folder.write("bad.json", Self.badConfig)
            let other = try folder.write("other", "")
            let errPath = try folder.write("stderr", "")
            let result = try run(["render", "--config", config, "--output", folder.file("out.png")],
                                 journalStream: try deviceAndInode(other), errPath: errPath)
            #expect(result.code == 65)
            let lines = result.err.split(separator: "\n")
            #expect(lines.count >= 2)
            #expect(lines.allSatisfy { startsWithTimestamp($0) && !$0.hasPrefix("<") }, "\(lines)")
            #expect(lines.contains { $0.contains(" vitrine: error: \(config): display.fit: ") }, "\(lines)")
        }
    }
}
