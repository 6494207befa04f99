import Foundation
import Glibc
import Testing
import VitrineTestSupport

/// Kiosk operation under a real X server: lockdown and the exit chord, signals, attract mode, systemd notifications.
@Suite(.serialized) struct KioskEndToEndTests {
    /// A config over three demo cards with the given extra top-level and display JSON, in a fresh temp folder.
    static func config(display: String = "", extra: String = "") throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-kiosk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let images = ["ember-mesa", "alpine-lake", "misty-hills"].map { "\(VitrineProcess.root)/Assets/Demo/\($0).jpg" }
        let cards = images.enumerated().map { #"{"title": "Card \#($0.offset)", "image": "\#($0.element)"}"# }.joined(separator: ", ")
        let json = #"{"display": {"window": {"width": 600, "height": 400}\#(display)}\#(extra), "cards": [\#(cards)]}"#
        let path = folder.appendingPathComponent("kiosk.json").path
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The lines of an event log so far.
    /// The event log's lines after the start line (WindowEndToEndTests checks that one).
    static func events(_ log: String) -> [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            .filter { !$0.contains(#""reason":"start""#) }
    }

    static func tempPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-\(UUID().uuidString)-\(name)").path
    }

    @Test func kioskModeIgnoresEscapeAndQuitsOnlyOnTheExitChord() throws {
        let x = try XvfbSession()
        let config = try Self.config(display: #", "mode": "kiosk", "exitChord": "ctrl+alt+shift+q""#)
        let log = Self.tempPath("events.jsonl")
        let app = try x.launchVitrine(["run", "--config", config, "--events", log])
        _ = try x.windowOrigin(of: app)
        // Escape, which quits a window, does nothing to a kiosk; navigation still works.
        try x.xdotool(["mousemove", "300", "300", "key", "Escape", "key", "Right"])
        #expect(XvfbSession.eventually(5) { Self.events(log).contains { $0.contains(#""pageChanged","page":1"#) } })
        #expect(app.wait(seconds: 1) == nil, "Escape quit the kiosk: \(app.errors)")
        // A near miss (one modifier short) does nothing either.
        try x.xdotool(["key", "ctrl+alt+q"])
        #expect(app.wait(seconds: 1) == nil, "ctrl+alt+q quit the kiosk")
        try x.xdotool(["key", "ctrl+alt+shift+q"])
        #expect(app.wait(seconds: 5) == 0, "the exit chord did not quit cleanly: \(app.errors)")
    }

    @Test(arguments: [SIGTERM, SIGINT], ["--windowed", "--kiosk"])
    func sigtermAndSigintQuitCleanly(signal: Int32, mode: String) throws {
        let x = try XvfbSession()
        let arguments = ["run", "--config", try Self.config()] + (mode == "--windowed" ? ["--windowed", "600x400"] : ["--kiosk"])
        let app = try x.launchVitrine(arguments)
        _ = try x.windowOrigin(of: app)
        kill(app.process.processIdentifier, signal)
        #expect(app.wait(seconds: 5) == 0, "signal \(signal) in \(mode) did not exit 0: \(app.errors)")
        #expect(app.errors.contains("stopped by signal \(signal)"))
    }

    @Test func sighupReloadsTheConfigAndLogsIt() throws {
        let x = try XvfbSession()
        let config = try Self.config()
        let log = Self.tempPath("events.jsonl")
        let app = try x.launchVitrine(["run", "--config", config, "--events", log])
        _ = try x.windowOrigin(of: app)
        kill(app.process.processIdentifier, SIGHUP)
        #expect(XvfbSession.eventually(5) { Self.events(log).contains { $0.contains(#""event":"deckReloaded","cards":3"#) } },
                "no deckReloaded after SIGHUP: \(Self.events(log)) \(app.errors)")
        #expect(app.wait(seconds: 0.5) == nil, "SIGHUP must not stop the kiosk")
    }

    @Test func attractModeAdvancesOnItsOwnAndPausesOnInput() throws {
        let x = try XvfbSession()
        let config = try Self.config(extra: #", "autoplay": {"interval": 0.6, "resumeAfterIdle": 30, "progressBar": true}"#)
        let log = Self.tempPath("events.jsonl")
        let app = try x.launchVitrine(["run", "--config", config, "--events", log])
        let (x0, y0) = try x.windowOrigin(of: app)
        func changes() -> Int { Self.events(log).filter { $0.contains("pageChanged") }.count }
        #expect(XvfbSession.eventually(6) { changes() >= 2 }, "attract mode did not advance: \(Self.events(log))")
        // A key pauses it for resumeAfterIdle (30 s): once the key's move lands, no advance follows in the next
        // three intervals. (The timing itself is tested on manual time in KioskRuntimeAutoplayTests.)
        let before = changes()
        try x.xdotool(["mousemove", "\(x0 + 300)", "\(y0 + 100)", "key", "Right"])
        #expect(XvfbSession.eventually(5) { changes() >= before + 1 }, "the key did not page: \(Self.events(log))")
        // Let an advance that was already running land: everything settles within one transition.
        _ = XvfbSession.eventually(0.5) { false }
        let paused = changes()
        #expect(!XvfbSession.eventually(1.8) { changes() > paused }, "attract mode kept advancing after input: \(Self.events(log))")
    }

    @Test func tellsSystemdWhenReadyAndFeedsTheWatchdog() throws {
        let socketPath = Self.tempPath("notify.sock")
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd); unlink(socketPath) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (i, byte) in socketPath.utf8.prefix(buffer.count - 1).enumerated() { buffer[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0, "cannot bind \(socketPath)")
        var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))

        let x = try XvfbSession()
        let app = try x.launchVitrine(["run", "--config", try Self.config()],
                                      environment: ["NOTIFY_SOCKET": socketPath, "WATCHDOG_USEC": "400000"])
        var messages: [String] = []
        let deadline = Date().addingTimeInterval(8)
        while Date() < deadline && messages.filter({ $0 == "WATCHDOG=1" }).count < 3 {
            var buffer = [UInt8](repeating: 0, count: 256)
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 { messages.append(String(decoding: buffer[..<n], as: UTF8.self)) }
        }
        #expect(messages.first == "READY=1", "messages: \(messages) \(app.errors)")
        #expect(messages.filter { $0 == "WATCHDOG=1" }.count >= 3, "messages: \(messages)")
    }
}
