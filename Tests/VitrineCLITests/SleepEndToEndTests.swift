import Foundation
import Glibc
import Testing
import VitrineTestSupport

/// The sleeping screen in a real window under Xvfb: black outside the awake hours, the X screen saver on, a click
/// wakes it without paging, and it sleeps again `wakeFor` seconds after the last input.
@Suite(.serialized) struct SleepEndToEndTests {
    /// Awake hours that exclude the present hour, in local time as the kiosk reads it: two hours from now, for one.
    static func hoursExcludingNow() -> String {
        var seconds = time(nil)
        var local = tm()
        localtime_r(&seconds, &local)
        let start = (Int(local.tm_hour) + 2) % 24
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(start)):00-\(two((start + 1) % 24)):00"
    }

    @Test func blackOutsideTheHoursAndAClickOnlyWakesIt() throws {
        let x = try XvfbSession()
        let config = try KioskEndToEndTests.config(display: #", "awake": "\#(Self.hoursExcludingNow())", "wakeFor": 2"#)
        let log = KioskEndToEndTests.tempPath("events.jsonl")
        let app = try x.launchVitrine(["run", "--kiosk", "--config", config, "--events", log])
        let (x0, y0) = try x.windowOrigin(of: app)
        func events(_ name: String) -> [String] { KioskEndToEndTests.events(log).filter { $0.contains(#""event":"\#(name)""#) } }
        #expect(XvfbSession.eventually(5) { events("asleep").count == 1 }, "not asleep: \(KioskEndToEndTests.events(log))")
        #expect(XvfbSession.eventually(5) { app.errors.contains("the X screen saver is active") }, "\(app.errors)")
        let black = try x.grabWindow(of: app)
        #expect(stride(from: 0, to: black.bytes.count, by: 4).allSatisfy { black.bytes[$0] == 0 && black.bytes[$0 + 1] == 0 && black.bytes[$0 + 2] == 0 },
                "the sleeping window is not all black")
        // A click right of the dots would page forward; on a sleeping screen it only wakes.
        try x.xdotool(["mousemove", "\(x0 + 1000)", "\(y0 + 900)", "click", "1"])
        #expect(XvfbSession.eventually(5) { events("awake").count == 1 }, "the click did not wake it: \(KioskEndToEndTests.events(log))")
        #expect(events("awake").first?.contains(#""reason":"input""#) == true)
        #expect(XvfbSession.eventually(5) { app.errors.contains("awake: a touch or a key") })
        // Two seconds after the click it sleeps again; nothing paged meanwhile.
        #expect(XvfbSession.eventually(8) { events("asleep").count == 2 }, "did not sleep again: \(KioskEndToEndTests.events(log))")
        #expect(events("pageChanged").isEmpty && events("transitionStarted").isEmpty, "\(KioskEndToEndTests.events(log))")
        kill(app.process.processIdentifier, SIGTERM)
        #expect(app.wait(seconds: 5) == 0, "\(app.errors)")
    }
}

extension SleepEndToEndTests {
    @Test func ctlWakeWakesItAndStatusSaysAsleep() throws {
        let x = try XvfbSession()
        let config = try KioskEndToEndTests.config(display: #", "awake": "\#(Self.hoursExcludingNow())", "wakeFor": 60"#)
        let socket = KioskEndToEndTests.tempPath("control.sock")
        let log = KioskEndToEndTests.tempPath("events.jsonl")
        let app = try x.launchVitrine(["run", "--config", config, "--control", socket, "--events", log])
        _ = try x.windowOrigin(of: app)
        func ctl(_ words: [String]) throws -> String {
            try VitrineProcess.run(["ctl", "--control", socket] + words, timeout: .seconds(15)).out
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(XvfbSession.eventually(5) { (try? ctl(["status"]))?.contains(#""asleep":true"#) == true })
        #expect(try ctl(["wake"]) == #"{"ok":true,"asleep":false}"#)
        #expect(try ctl(["status"]).contains(#""asleep":false"#))
        #expect(KioskEndToEndTests.events(log).contains { $0.contains(#""event":"awake","reason":"control""#) })
        kill(app.process.processIdentifier, SIGTERM)
        #expect(app.wait(seconds: 5) == 0, "\(app.errors)")
    }
}
