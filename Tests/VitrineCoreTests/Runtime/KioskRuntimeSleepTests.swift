import Testing
@testable import VitrineCore

/// The sleeping screen on manual time: `display.awake`, waking by input and by command, the watchdog.
@Suite struct KioskRuntimeSleepTests {
    /// 2026-11-30 is a Monday.
    static func at(_ text: String) -> LocalTime { LocalTime.parse(text)! }

    /// A kiosk of three cards awake `hours`, started at runtime time 0 when the wall clock shows `local`.
    static func kiosk(hours: String, at local: LocalTime?, wakeFor: Double = 120, autoplay: AutoplayConfig? = nil,
                      heartbeat: Double? = nil) -> EmbeddedKiosk {
        var config = RuntimeFixture.config(RuntimeFixture.cards(3), autoplay: autoplay)
        config.display.awake = try! WeeklyHours.parse(hours).get()
        config.display.wakeFor = wakeFor
        var kiosk = EmbeddedKiosk(config: config, pixels: RuntimeFixture.pixels, heartbeatPeriod: heartbeat, localStart: local,
                                  loadConfig: RuntimeFixture.loader([:]))
        kiosk.advance(to: 0)
        return kiosk
    }

    /// A swipe from right to left across the card starting at `t`: it pages forward on an awake screen.
    static func swipe(_ kiosk: inout EmbeddedKiosk, at t: Double) {
        kiosk.send(.paging(.pointerDown(id: 0, at: Point(x: 700, y: 300))), at: t)
        kiosk.send(.paging(.pointerMove(id: 0, to: Point(x: 500, y: 300))), at: t + 0.05)
        kiosk.send(.paging(.pointerMove(id: 0, to: Point(x: 300, y: 300))), at: t + 0.1)
        kiosk.send(.paging(.pointerUp(id: 0, at: Point(x: 300, y: 300))), at: t + 0.1)
    }

    /// The `asleep` and `awake` lines of the log, as their JSON.
    static func sleepLines(_ kiosk: EmbeddedKiosk) -> [String] {
        kiosk.events.compactMap { event in
            switch event.event {
            case .asleep, .awake: event.jsonLine
            default: nil
            }
        }
    }

    static func frames(_ kiosk: EmbeddedKiosk, after t: Double) -> [KioskFrame] {
        kiosk.frames.filter { $0.t > t }.map(\.frame)
    }

    /// Whether a paging event was logged after `t`.
    static func paged(_ kiosk: EmbeddedKiosk, after t: Double) -> Bool {
        kiosk.events.contains { event in
            guard event.t > t, case .pager(let pager) = event.event else { return false }
            if case .tap = pager { return false }
            return true
        }
    }

    @Test func outsideTheHoursOneBlackFrameThenNoneWhileTheWatchdogIsFed() {
        var kiosk = Self.kiosk(hours: "mon-fri 09:00-18:00", at: Self.at("2026-11-30T17:59"),
                               autoplay: AutoplayConfig(interval: 8, progressBar: true), heartbeat: 10)
        kiosk.advance(to: 59.5)
        #expect(!kiosk.runtime.isAsleep)
        // Two hours of the night. (On manual time every fixed step of the pager is simulated, so nights are short.)
        kiosk.advance(to: 60 + 2 * 3_600)
        #expect(Self.sleepLines(kiosk) == [#"{"t":60.000,"event":"asleep","until":"2026-12-01T09:00"}"#])
        let asleep = kiosk.frames.filter { $0.t >= 60 }
        #expect(asleep.count == 1, "\(asleep.map(\.t))")
        #expect(asleep.first?.t == 60)
        #expect(asleep.first?.frame.asleep == true)
        #expect(asleep.first?.frame.progress == nil)
        kiosk.send(.cardReady, at: 61)  // A neighbour finished composing: nothing to draw on a black screen.
        #expect(!Self.paged(kiosk, after: 60), "attract mode advanced while asleep")
        // The watchdog is fed every period all night: no frame is owed.
        let feeds = kiosk.watchdogFeeds.filter { $0 > 60 }
        #expect(feeds.count == 2 * 360)
        #expect(kiosk.reports.isEmpty, "\(kiosk.reports)")
        #expect(kiosk.otherEffects.contains(.displaySleep(true, note: "asleep outside display.awake until 2026-12-01T09:00")))
        // Nothing but the heartbeat, the boundary and the wall-clock recheck wakes it.
        #expect(!kiosk.runtime.wantsFrames)
        #expect(kiosk.runtime.nextWake! <= kiosk.now + KioskRuntime.wallClockRecheck)
        #expect(kiosk.runtime.settledFrame.asleep)
    }

    @Test func wakesAtTheStartOfTheHoursAndRedrawsTheCurrentCard() {
        var kiosk = Self.kiosk(hours: "mon-fri 09:00-18:00", at: Self.at("2026-12-01T08:00"),
                               autoplay: AutoplayConfig(interval: 8))
        kiosk.advance(to: 3_599)
        #expect(kiosk.runtime.isAsleep)
        // Started asleep: one black frame, the first (systemd's READY=1 comes with it), and nothing more.
        #expect(kiosk.frames.map(\.t) == [0])
        #expect(kiosk.frames.allSatisfy { $0.frame.asleep })
        #expect(kiosk.otherEffects.contains(.firstFrameShown))
        #expect(!Self.paged(kiosk, after: 0))
        kiosk.advance(to: 3_600)
        #expect(!kiosk.runtime.isAsleep)
        #expect(Self.sleepLines(kiosk).last == #"{"t":3600.000,"event":"awake","reason":"hours"}"#)
        let woke = kiosk.frames.last!
        #expect(woke.t == 3_600)
        #expect(!woke.frame.asleep)
        #expect(woke.frame.pager.currentPage == 0)
        // Attract mode starts a fresh interval on waking rather than advancing at once.
        kiosk.advance(to: 3_607)
        #expect(!Self.paged(kiosk, after: 3_599))
        kiosk.advance(to: 3_610)
        #expect(Self.paged(kiosk, after: 3_607))
    }

    @Test func aTapOnASleepingScreenOnlyWakes() {
        var kiosk = Self.kiosk(hours: "mon-fri 09:00-18:00", at: Self.at("2026-11-30T20:00"))
        kiosk.advance(to: 10)
        #expect(kiosk.runtime.isAsleep)
        let point = Point(x: 450, y: 300)
        kiosk.send(.paging(.pointerDown(id: 0, at: point)), at: 10)
        kiosk.send(.paging(.pointerUp(id: 0, at: point)), at: 10.05)
        #expect(!kiosk.runtime.isAsleep)
        #expect(Self.sleepLines(kiosk).last == #"{"t":10.000,"event":"awake","reason":"input"}"#)
        kiosk.settle(within: 2)
        #expect(!Self.paged(kiosk, after: 0))
        #expect(kiosk.runtime.session.pager.currentPage == 0)
        #expect(kiosk.frames.last?.frame.asleep == false)
        // A whole swipe that wakes the screen does not page either; awake, the same swipe pages.
        kiosk.advance(to: 400)
        #expect(kiosk.runtime.isAsleep)
        Self.swipe(&kiosk, at: 400)
        kiosk.settle(within: 2)
        #expect(!kiosk.runtime.isAsleep)
        #expect(!Self.paged(kiosk, after: 0))
        Self.swipe(&kiosk, at: 403)
        kiosk.settle(within: 2)
        #expect(kiosk.runtime.session.pager.currentPage == 1)
    }

    @Test func aKeyOrTheWheelOnASleepingScreenOnlyWakes() {
        var kiosk = Self.kiosk(hours: "mon-fri 09:00-18:00", at: Self.at("2026-11-30T20:00"))
        kiosk.send(.keyPress(name: "right", modifiers: []), at: 5)
        #expect(!kiosk.runtime.isAsleep)
        kiosk.settle(within: 2)
        #expect(!Self.paged(kiosk, after: 0))
        kiosk.advance(to: 500)
        #expect(kiosk.runtime.isAsleep)
        // The clicks of one wheel burst: the first wakes, the rest of the burst is swallowed.
        for i in 0..<4 { kiosk.send(.paging(.wheel(dx: 0, dy: -1)), at: 500 + Double(i) * 0.05) }
        kiosk.settle(within: 2)
        #expect(!kiosk.runtime.isAsleep)
        #expect(!Self.paged(kiosk, after: 0))
    }

    @Test func staysAwakeForWakeForAfterTheLastInputThenSleeps() {
        var kiosk = Self.kiosk(hours: "mon-fri 09:00-18:00", at: Self.at("2026-11-30T20:00"), wakeFor: 120)
        kiosk.send(.keyPress(name: "right", modifiers: []), at: 10)  // Wakes.
        kiosk.send(.keyPress(name: "right", modifiers: []), at: 100)  // Pages, and restarts the 120 s.
        kiosk.advance(to: 219.9)
        #expect(!kiosk.runtime.isAsleep)
        #expect(kiosk.runtime.session.pager.currentPage == 1)
        kiosk.advance(to: 220)
        #expect(kiosk.runtime.isAsleep)
        #expect(Self.sleepLines(kiosk) == [
            #"{"t":0.000,"event":"asleep","until":"2026-12-01T09:00"}"#,
            #"{"t":10.000,"event":"awake","reason":"input"}"#,
            #"{"t":220.000,"event":"asleep","until":"2026-12-01T09:00"}"#,
        ])
        #expect(Self.frames(kiosk, after: 219.9).map(\.asleep) == [true])
    }

    @Test func inputJustBeforeTheHoursEndKeepsItAwakeForWakeFor() {
        var kiosk = Self.kiosk(hours: "mon-fri 09:00-18:00", at: Self.at("2026-11-30T17:59"), wakeFor: 120)
        kiosk.send(.keyPress(name: "right", modifiers: []), at: 50)
        kiosk.advance(to: 169.9)
        #expect(!kiosk.runtime.isAsleep)
        kiosk.advance(to: 170)
        #expect(kiosk.runtime.isAsleep)
    }

    @Test func hoursAcrossMidnight() {
        // Friday 22:00 to Saturday 02:00, and Saturday 20:00 to Sunday 01:00: each boundary, from just before it.
        let hours = "fri 22:00-02:00; sat 20:00-01:00"
        var friday = Self.kiosk(hours: hours, at: Self.at("2026-12-04T21:59"))
        friday.advance(to: 120)
        #expect(Self.sleepLines(friday) == [
            #"{"t":0.000,"event":"asleep","until":"2026-12-04T22:00"}"#,
            #"{"t":60.000,"event":"awake","reason":"hours"}"#,
        ])
        // Past midnight, Friday's range still holds on Saturday morning, and ends at 02:00.
        var saturday = Self.kiosk(hours: hours, at: Self.at("2026-12-05T01:59"))
        saturday.advance(to: 120)
        #expect(Self.sleepLines(saturday) == [#"{"t":60.000,"event":"asleep","until":"2026-12-05T20:00"}"#])
        // Saturday night runs into Sunday, then sleeps until next Friday.
        var sunday = Self.kiosk(hours: hours, at: Self.at("2026-12-05T23:59"))
        sunday.advance(to: 62 * 60)
        #expect(Self.sleepLines(sunday) == [#"{"t":3660.000,"event":"asleep","until":"2026-12-11T22:00"}"#])
    }

    @Test func aClockThatIsNotSetNeverSleeps() {
        // Booted without a real-time clock: 1970-01-01T01:00, a Thursday, outside the hours.
        var kiosk = Self.kiosk(hours: "mon-fri 09:00-18:00", at: LocalTime(seconds: 3_600))
        kiosk.advance(to: 2 * 3_600)
        #expect(!kiosk.runtime.isAsleep)
        #expect(Self.sleepLines(kiosk).isEmpty)
        #expect(kiosk.frames.allSatisfy { !$0.frame.asleep })
        // NTP sets the clock: outside the hours, it sleeps at once.
        kiosk.send(.wallClock(Self.at("2026-11-30T20:00")), at: 2 * 3_600 + 1)
        #expect(kiosk.runtime.isAsleep)
        // Without any wall clock it never sleeps either.
        var none = Self.kiosk(hours: "mon-fri 09:00-18:00", at: nil)
        none.advance(to: 3_600)
        #expect(!none.runtime.isAsleep)
    }

    @Test func theControlCommandWakeAndStatus() {
        var kiosk = Self.kiosk(hours: "mon-fri 09:00-18:00", at: Self.at("2026-11-30T20:00"))
        kiosk.send(.control(.status, client: 1), at: 5)
        #expect(kiosk.runtime.isAsleep, "status woke the screen")
        #expect(kiosk.replies.last?.reply.jsonLine.contains(#""asleep":true"#) == true)
        kiosk.send(.control(.wake, client: 1), at: 6)
        #expect(!kiosk.runtime.isAsleep)
        #expect(kiosk.replies.last?.reply == ControlReply(ok: true, fields: [("asleep", "false")]))
        #expect(Self.sleepLines(kiosk).last == #"{"t":6.000,"event":"awake","reason":"control"}"#)
        #expect(kiosk.events.last?.jsonLine == #"{"t":6.000,"event":"command","source":"control","cmd":"wake"}"#)
        kiosk.advance(to: 125.9)
        #expect(!kiosk.runtime.isAsleep)
        kiosk.advance(to: 126)
        #expect(kiosk.runtime.isAsleep)
        // A paging command wakes the screen and pages: an operator asked for that card.
        kiosk.send(.control(.gotoIndex(2), client: 1), at: 200)
        kiosk.settle(within: 2)
        #expect(!kiosk.runtime.isAsleep)
        #expect(kiosk.runtime.session.pager.currentPage == 2)
    }

    @Test func aReloadThatRemovesTheHoursWakesIt() {
        var kiosk = Self.kiosk(hours: "mon-fri 09:00-18:00", at: Self.at("2026-11-30T20:00"))
        kiosk.advance(to: 1)
        #expect(kiosk.runtime.isAsleep)
        var config = kiosk.runtime.config
        config.display.awake = nil
        kiosk.send(.configLoaded(.success(LoadedConfig(config: config)), changedImages: nil), at: 2)
        #expect(!kiosk.runtime.isAsleep)
        #expect(Self.sleepLines(kiosk).last == #"{"t":2.000,"event":"awake","reason":"config"}"#)
    }

    @Test func theExitChordStillQuitsASleepingKiosk() {
        var config = RuntimeFixture.config(RuntimeFixture.cards(2), mode: .kiosk, exitChord: KeyChord(parsing: "ctrl+alt+q"))
        config.display.awake = try! WeeklyHours.parse("mon-fri 09:00-18:00").get()
        var kiosk = EmbeddedKiosk(config: config, pixels: RuntimeFixture.pixels, localStart: Self.at("2026-11-30T20:00"),
                                  loadConfig: RuntimeFixture.loader([:]))
        kiosk.advance(to: 1)
        kiosk.send(.keyPress(name: "q", modifiers: [.ctrl, .alt]), at: 2)
        #expect(kiosk.runtime.exit == .userQuit)
    }
}

/// `display.awake` and `display.wakeFor` in the config file.
@Suite struct SleepConfigTests {
    func display(_ members: String) -> String { #"{"display": {\#(members)}, "cards": []}"# }

    func onlyError(_ text: String) -> String? {
        guard let error = configError(text) else { return nil }
        #expect(error.diagnostics.count == 1, "\(error.diagnostics)")
        return error.diagnostics.first.map { "\($0.path): \($0.message)" }
    }

    @Test func awakeIsAStringOrAnArrayOfStrings() throws {
        let one = try decodeConfig(display(#""awake": "mon-fri 09:00-18:00; sat 10:00-14:00""#)).config.display
        #expect(one.awake?.spans.count == 2)
        #expect(one.wakeFor == DisplayConfig.defaultWakeFor)
        let two = try decodeConfig(display(#""awake": ["mon-fri 09:00-18:00", "sat 10:00-14:00"], "wakeFor": 30"#)).config.display
        #expect(two.awake == one.awake)
        #expect(two.wakeFor == 30)
        #expect(try decodeConfig(display("")).config.display.awake == nil)
    }

    @Test func badHoursNameTheirKeyPath() {
        #expect(onlyError(display(#""awake": "mon-fri""#)) == #"display.awake: "mon-fri" has no time range such as 09:00-18:00"#)
        #expect(onlyError(display(#""awake": ["mon 09:00-18:00", "funday 10:00-11:00"]"#))?
            .hasPrefix(#"display.awake[1]: unknown days "funday""#) == true)
        #expect(onlyError(display(#""awake": ["mon 09:00-18:00", 9]"#))
                == #"display.awake[1]: expected hours such as "mon-fri 09:00-18:00", found a number"#)
        #expect(onlyError(display(#""awake": []"#))
                == #"display.awake: expected hours such as "mon-fri 09:00-18:00" (a string, or an array of strings), found an empty array"#)
        #expect(onlyError(display(#""awake": true"#))
                == #"display.awake: expected hours such as "mon-fri 09:00-18:00" (a string, or an array of strings), found a boolean"#)
        #expect(onlyError(display(#""wakeFor": 0"#)) == "display.wakeFor: expected a number from 1 to 86400, found 0")
    }

    @Test func wakeIsAControlCommand() throws {
        #expect(try ControlCommand.parse(Array(#"{"cmd":"wake"}"#.utf8)) == .wake)
        #expect(try ControlCommand(words: ["wake"]) == .wake)
        #expect(ControlCommand.wake.jsonLine == #"{"cmd":"wake"}"#)
    }
}
