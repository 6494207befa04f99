import Testing
@testable import VitrineCore

@Suite struct LocalTimeTests {
    @Test func knownDatesHaveTheirEpochSeconds() {
        // The same moments as date(1) gives with TZ=UTC: `date -u -d 2026-12-24T10:00 +%s` is 1798106400.
        #expect(LocalTime(year: 1970, month: 1, day: 1)?.seconds == 0)
        #expect(LocalTime(year: 2026, month: 12, day: 24, hour: 10)?.seconds == 1_798_106_400)
        #expect(LocalTime(year: 2000, month: 2, day: 29)?.seconds == 951_782_400)
        #expect(LocalTime(year: 1969, month: 12, day: 31, hour: 23)?.seconds == -3_600)
    }

    @Test func invalidDatesAreRefused() {
        #expect(LocalTime(year: 2026, month: 2, day: 29) == nil)
        #expect(LocalTime(year: 2100, month: 2, day: 29) == nil)
        #expect(LocalTime(year: 2026, month: 13, day: 1) == nil)
        #expect(LocalTime(year: 2026, month: 4, day: 31) == nil)
        #expect(LocalTime(year: 2026, month: 1, day: 1, hour: 24) == nil)
    }

    @Test func everyDayOfFourCenturiesRoundTrips() {
        var ok = true
        let monday = LocalTime(year: 2026, month: 11, day: 30)!  // A Monday.
        #expect(monday.weekday == 0)
        for day in LocalTime(year: 1800, month: 1, day: 1)!.day...LocalTime(year: 2200, month: 12, day: 31)!.day {
            let date = LocalTime.civilDate(daysSinceEpoch: day)
            if LocalTime.daysSinceEpoch(year: date.year, month: date.month, day: date.day) != day { ok = false }
            let expectedWeekday = ((day - monday.day) % 7 + 7) % 7
            if LocalTime(seconds: Double(day) * 86_400 + 43_200).weekday != expectedWeekday { ok = false }
        }
        #expect(ok)
    }

    @Test func parsesAndPrintsDateTimes() {
        #expect(LocalTime.parse("2026-12-24T10:00")?.description == "2026-12-24T10:00")
        #expect(LocalTime.parse("2026-12-24 10:00:05")?.description == "2026-12-24T10:00:05")
        #expect(LocalTime.parse("2026-12-24")?.description == "2026-12-24T00:00")
        #expect(LocalTime.parse("2026-12-24T10:00")?.weekday == 3)  // A Thursday.
        for bad in ["", "2026-12-24T", "2026-12-32", "2026-02-29T10:00", "26-12-24", "2026-12-24T1:00", "2026/12/24",
                    "2026-12-24T10:60", "2026-12-24T10:00:00Z", "２026-12-24"] {
            #expect(LocalTime.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func aClockCountingFrom1970IsNotSet() {
        #expect(!LocalTime(seconds: 3_600).isPlausible)
        #expect(LocalTime.parse("2026-12-24T10:00")!.isPlausible)
    }
}
