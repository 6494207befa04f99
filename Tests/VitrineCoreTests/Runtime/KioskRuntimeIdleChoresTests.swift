import Testing
@testable import VitrineCore

/// The idle chores and the wall clock on manual time: a replay runs them as a window does.
@Suite struct KioskRuntimeIdleChoresTests {
    @Test func theChoresComeAfterTheStartAndAfterEachQuietSpell() {
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(5), autoplay: AutoplayConfig(interval: 8)))
        kiosk.advance(to: 20)
        let times = kiosk.idleChores.map(\.t)
        // The last frame of the start at 1/60 s, then 2 s of quiet; each advance at 8 and 16 draws until 0.325 s
        // later, then 2 s of quiet.
        let expected = [1.0 / 60 + 2, 8.325 + 2, 16.325 + 2]
        #expect(times.count == expected.count, "\(times)")
        for (got, want) in zip(times, expected) { #expect(abs(got - want) < 0.02, "\(times)") }
        #expect(kiosk.idleChores.allSatisfy { $0.work.lettingGoPages })
    }

    @Test func somethingDueWithinTheQuietPutsThemOff() {
        // A progress bar steps every 8/60 s: the kiosk is never quiet for 2 s, so no chores.
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(5),
                                                               autoplay: AutoplayConfig(interval: 8, progressBar: true)))
        kiosk.advance(to: 20)
        #expect(kiosk.idleChores.isEmpty)
    }

    @Test func aWallClockJumpInAReplayIsFollowedAsInAWindow() {
        // The wall clock reads 08:00 from the start and NTP sets it to 12:00 at 30 s: the weekday card opens then.
        let start = ScheduleFixture.at("2026-11-30T08:00")
        var kiosk = EmbeddedKiosk(config: RuntimeFixture.config([ScheduleFixture.card(0), ScheduleFixture.card(1, hours: ["mon-fri 09:00-18:00"])]),
                                  pixels: RuntimeFixture.pixels,
                                  wallClock: { t in t < 30 ? start.adding(t) : start.adding(4 * 3_600 + t) },
                                  loadConfig: RuntimeFixture.loader([:]))
        kiosk.advance(to: 100)
        let showing = ScheduleFixture.showing(kiosk.events)
        #expect(showing.map(\.cards) == [[0], [0, 1]])
        #expect(showing.last.map { $0.t >= 30 && $0.t <= 30 + KioskRuntime.wallClockRecheck } == true, "\(showing)")
    }
}
