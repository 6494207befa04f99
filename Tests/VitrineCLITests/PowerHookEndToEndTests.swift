import Foundation
import Glibc
import Testing
import VitrineTestSupport

/// The power hooks in a real kiosk under Xvfb: `onSleep` runs as the screen falls asleep outside `display.awake`,
/// `onWake` as `ctl wake` wakes it, `onSleep` again `wakeFor` later; a hung hook is stopped at `hookTimeout` while
/// the kiosk goes on answering.
@Suite(.serialized) struct PowerHookEndToEndTests {
    static func json(_ words: [String]) -> String { "[" + words.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }

    @Test func onSleepAndOnWakeRunAtTheSleepBoundaries() throws {
        let x = try XvfbSession()
        let record = KioskEndToEndTests.tempPath("hooks.txt")
        let onSleep = Self.json(["sh", "-c", "echo sleep >> \(record); echo TV standby"])
        let onWake = Self.json(["sh", "-c", "echo wake >> \(record)"])
        let config = try KioskEndToEndTests.config(display: #", "awake": "\#(SleepEndToEndTests.hoursExcludingNow())", "wakeFor": 1, "onSleep": \#(onSleep), "onWake": \#(onWake)"#)
        let socket = KioskEndToEndTests.tempPath("control.sock")
        let log = KioskEndToEndTests.tempPath("events.jsonl")
        let app = try x.launchVitrine(["run", "--config", config, "--control", socket, "--events", log])
        _ = try x.windowOrigin(of: app)
        func recorded() -> String { (try? String(contentsOfFile: record, encoding: .utf8)) ?? "" }
        #expect(XvfbSession.eventually(5) { recorded() == "sleep\n" }, "\(recorded()) \(app.errors)")
        #expect(XvfbSession.eventually(5) { app.errors.contains("onSleep: sh: TV standby") }, "\(app.errors)")
        let woke = try VitrineProcess.run(["ctl", "--control", socket, "wake"], timeout: .seconds(15)).out
        #expect(woke.contains(#""asleep":false"#))
        // Awake for wakeFor (1 s) after the command, then asleep again.
        #expect(XvfbSession.eventually(8) { recorded() == "sleep\nwake\nsleep\n" }, "\(recorded()) \(app.errors)")
        let hookLines = KioskEndToEndTests.events(log).filter { $0.contains(#""event":"hook""#) }
        #expect(hookLines.count == 3 && hookLines[1].contains(#""hook":"onWake","command":["sh","-c","#), "\(hookLines)")
        kill(app.process.processIdentifier, SIGTERM)
        #expect(app.wait(seconds: 5) == 0, "\(app.errors)")
    }

    @Test func aHungHookIsStoppedAtItsTimeoutAndTheKioskGoesOn() throws {
        let x = try XvfbSession()
        let pidFile = KioskEndToEndTests.tempPath("hook.pid")
        let onSleep = Self.json(["sh", "-c", "echo $$ > \(pidFile); exec sleep 100"])
        let config = try KioskEndToEndTests.config(display: #", "awake": "\#(SleepEndToEndTests.hoursExcludingNow())", "onSleep": \#(onSleep), "hookTimeout": 2"#)
        let socket = KioskEndToEndTests.tempPath("control.sock")
        let app = try x.launchVitrine(["run", "--config", config, "--control", socket])
        _ = try x.windowOrigin(of: app)
        #expect(XvfbSession.eventually(5) { FileManager.default.fileExists(atPath: pidFile) })
        let pid = pid_t((try? String(contentsOfFile: pidFile, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 0
        #expect(pid > 0 && kill(pid, 0) == 0, "the hook is not running")
        // The loop answers while the hook hangs.
        let status = try VitrineProcess.run(["ctl", "--control", socket, "status"], timeout: .seconds(15)).out
        #expect(status.contains(#""asleep":true"#), "\(status)")
        #expect(XvfbSession.eventually(8) {
            app.errors.contains("onSleep: sh was still running after 2 s (display.hookTimeout) and was stopped")
        }, "\(app.errors)")
        #expect(XvfbSession.eventually(5) { kill(pid, 0) != 0 }, "the hung hook \(pid) still runs")
        kill(app.process.processIdentifier, SIGTERM)
        #expect(app.wait(seconds: 5) == 0, "\(app.errors)")
    }
}
