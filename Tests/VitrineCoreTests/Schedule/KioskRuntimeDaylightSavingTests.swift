import Testing
@testable import VitrineCore

/// A manual clock across daylight-saving changes: the wall clock is the zone's local time of each instant, as a
/// window reads it, not the start plus elapsed time at the start's offset.
@Suite struct KioskRuntimeDaylightSavingTests {
    typealias F = ScheduleFixture

    /// Europe/Berlin in 2026: UTC+1, and UTC+2 from 2026-03-29T01:00Z to 2026-10-25T01:00Z (the EU rule).
    static func berlin(utc: Double) -> LocalTime {
        let summerStarts = LocalTime.parse("2026-03-29T01:00")!.seconds, summerEnds = LocalTime.parse("2026-10-25T01:00")!.seconds
        return LocalTime(seconds: utc + (utc >= summerStarts && utc < summerEnds ? 7_200 : 3_600))
    }

    /// A kiosk whose manual clock starts at `startUTC` (as UTC written in local form), in Berlin.
    func kiosk(_ cards: [CardConfig], startUTC: String) -> EmbeddedKiosk {
        let origin = LocalTime.parse(startUTC)!.seconds
        return EmbeddedKiosk(config: RuntimeFixture.config(cards), pixels: RuntimeFixture.pixels,
                             wallClock: { Self.berlin(utc: origin + $0) }, loadConfig: RuntimeFixture.loader([:]))
    }

    /// The `showing` lines: time and cards.
    func showing(_ kiosk: EmbeddedKiosk) -> [(t: Double, cards: [Int])] { F.showing(kiosk.events) }

    @Test func anHourThatDoesNotExistOnTheSpringForwardNightNeverShows() {
        // 2026-03-29 00:00 CET is 2026-03-28T23:00Z; at 01:00Z (t = 7200) the clocks go from 02:00 to 03:00.
        var kiosk = kiosk([F.card(0), F.card(1, hours: ["sun 02:00-03:00"])], startUTC: "2026-03-28T23:00")
        #expect(kiosk.runtime.localTime?.description == "2026-03-29T00:00")
        kiosk.advance(to: 4 * 3_600)
        #expect(kiosk.runtime.localTime?.description == "2026-03-29T05:00", "three hours of CET, then CEST")
        #expect(showing(kiosk).map(\.cards) == [[0]], "the card never shows: \(showing(kiosk))")
        #expect(kiosk.runtime.pageOrder == [0])
    }

    @Test func theHourThatHappensTwiceOnTheFallBackNightShowsTwice() {
        // 2026-10-25 00:00 CEST is 2026-10-24T22:00Z; 02:00 CEST at t = 7200, back to 02:00 CET at t = 10800,
        // and 03:00 CET at t = 14400: two real hours inside 02:00-03:00.
        var kiosk = kiosk([F.card(0), F.card(1, hours: ["sun 02:00-03:00"])], startUTC: "2026-10-24T22:00")
        kiosk.advance(to: 5 * 3_600)
        #expect(kiosk.runtime.localTime?.description == "2026-10-25T04:00")
        #expect(showing(kiosk).map(\.t) == [0, 7_200, 14_400], "\(showing(kiosk))")
        #expect(showing(kiosk).map(\.cards) == [[0], [0, 1], [0]])
    }

    @Test func aSmallDriftIsNoJump() {
        var kiosk = F.kiosk([F.card(0), F.card(1, hours: ["mon-fri 09:00-18:00"])], start: "2026-11-30T08:00")
        kiosk.advance(to: 10)
        var runtime = kiosk.runtime
        let expected = runtime.localTime!
        _ = runtime.advance(to: 10, wallClock: expected.adding(0.5))
        #expect(runtime.localTime == expected, "within the tolerance the runtime keeps its own clock")
        _ = runtime.advance(to: 10, wallClock: expected.adding(3_600))
        #expect(runtime.localTime == expected.adding(3_600))
    }
}
