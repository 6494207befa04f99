import Testing
@testable import VitrineCore

/// The power hooks on manual time: `onSleep` as the screen falls asleep, `onWake` as it wakes, each logged as a
/// `hook` event and asked for with ``KioskEffect/runHook(_:)``; none without the keys.
@Suite struct KioskRuntimePowerHookTests {
    static let sleepCommand = ["cec-ctl", "--to", "0", "--standby"]
    static let wakeCommand = ["cec-ctl", "--to", "0", "--image-view-on"]

    /// A kiosk awake 09:00-18:00 on weekdays with both hooks, started a minute before the end of the hours.
    static func kiosk(hooks: Bool = true) -> EmbeddedKiosk {
        var config = RuntimeFixture.config(RuntimeFixture.cards(3))
        config.display.awake = try! WeeklyHours.parse("mon-fri 09:00-18:00").get()
        config.display.wakeFor = 30
        if hooks {
            config.display.hooks.onSleep = sleepCommand
            config.display.hooks.onWake = wakeCommand
            config.display.hooks.timeout = 4
        }
        var kiosk = EmbeddedKiosk(config: config, pixels: RuntimeFixture.pixels, localStart: LocalTime.parse("2026-11-30T17:59")!,
                                  loadConfig: RuntimeFixture.loader([:]))
        kiosk.advance(to: 0)
        return kiosk
    }

    /// The `asleep`, `awake` and `hook` lines of the log.
    static func lines(_ kiosk: EmbeddedKiosk) -> [String] {
        kiosk.events.compactMap { event in
            switch event.event {
            case .asleep, .awake, .hook: event.jsonLine
            default: nil
            }
        }
    }

    static func hookRuns(_ kiosk: EmbeddedKiosk) -> [PowerHookRun] {
        kiosk.otherEffects.compactMap { effect in
            if case .runHook(let run) = effect { return run }
            return nil
        }
    }

    @Test func hooksRunAtTheBoundariesOfSleep() {
        var kiosk = Self.kiosk()
        kiosk.advance(to: 59)
        #expect(Self.hookRuns(kiosk).isEmpty)
        kiosk.advance(to: 61)
        // A tap wakes it (input), and 30 s after it the screen sleeps again.
        kiosk.send(.paging(.pointerDown(id: 0, at: Point(x: 300, y: 300))), at: 100)
        kiosk.send(.paging(.pointerUp(id: 0, at: Point(x: 300, y: 300))), at: 100.05)
        kiosk.advance(to: 140)
        #expect(Self.lines(kiosk) == [
            #"{"t":60.000,"event":"asleep","until":"2026-12-01T09:00"}"#,
            #"{"t":60.000,"event":"hook","hook":"onSleep","command":["cec-ctl","--to","0","--standby"]}"#,
            #"{"t":100.000,"event":"awake","reason":"input"}"#,
            #"{"t":100.000,"event":"hook","hook":"onWake","command":["cec-ctl","--to","0","--image-view-on"]}"#,
            #"{"t":130.050,"event":"asleep","until":"2026-12-01T09:00"}"#,
            #"{"t":130.050,"event":"hook","hook":"onSleep","command":["cec-ctl","--to","0","--standby"]}"#,
        ])
        #expect(Self.hookRuns(kiosk) == [
            PowerHookRun(kind: .onSleep, command: Self.sleepCommand, timeout: 4),
            PowerHookRun(kind: .onWake, command: Self.wakeCommand, timeout: 4),
            PowerHookRun(kind: .onSleep, command: Self.sleepCommand, timeout: 4),
        ])
        // Each run follows the display's own power change, so the screen is dark before the TV is told.
        let order = kiosk.otherEffects.compactMap { effect -> String? in
            switch effect {
            case .displaySleep(let asleep, _): asleep ? "dark" : "lit"
            case .runHook(let run): run.kind.rawValue
            default: nil
            }
        }
        #expect(order == ["dark", "onSleep", "lit", "onWake", "dark", "onSleep"])
    }

    @Test func aControlWakeRunsOnWake() {
        var kiosk = Self.kiosk()
        kiosk.advance(to: 61)
        kiosk.send(.control(.wake, client: 1), at: 70)
        #expect(Self.hookRuns(kiosk).map(\.kind) == [.onSleep, .onWake])
    }

    @Test func noHooksNoRunsAndNoHookLines() {
        var kiosk = Self.kiosk(hooks: false)
        kiosk.advance(to: 61)
        kiosk.send(.control(.wake, client: 1), at: 70)
        #expect(Self.hookRuns(kiosk).isEmpty)
        #expect(Self.lines(kiosk) == [
            #"{"t":60.000,"event":"asleep","until":"2026-12-01T09:00"}"#, #"{"t":70.000,"event":"awake","reason":"control"}"#,
        ])
    }
}
