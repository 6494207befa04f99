import Testing
@testable import VitrineCore

@Suite struct WeeklyHoursTests {
    func hours(_ text: String) throws -> WeeklyHours { try WeeklyHours.parse(text).get() }
    func at(_ text: String) -> LocalTime { LocalTime.parse(text)! }

    @Test func weekdayOpeningHours() throws {
        let open = try hours("mon-fri 09:00-18:00")
        #expect(open.contains(at("2026-11-30T09:00")))  // Monday, at opening.
        #expect(open.contains(at("2026-11-30T17:59:59")))
        #expect(!open.contains(at("2026-11-30T18:00")))  // The end is excluded.
        #expect(!open.contains(at("2026-11-30T08:59:59")))
        #expect(!open.contains(at("2026-12-05T12:00")))  // Saturday.
        #expect(open.nextChange(after: at("2026-11-30T12:00")) == at("2026-11-30T18:00"))
        #expect(open.nextChange(after: at("2026-12-04T20:00")) == at("2026-12-07T09:00"))  // Friday night to Monday.
    }

    @Test func aRangePastMidnightEndsOnTheNextDay() throws {
        let late = try hours("fri 22:00-02:00")
        #expect(late.contains(at("2026-12-04T23:00")))  // Friday.
        #expect(late.contains(at("2026-12-05T01:59")))  // Saturday morning.
        #expect(!late.contains(at("2026-12-05T02:00")))
        #expect(!late.contains(at("2026-12-05T23:00")))  // Saturday night.
        #expect(!late.contains(at("2026-12-04T01:00")))  // Friday morning belongs to Thursday.
        #expect(late.nextChange(after: at("2026-12-04T23:00")) == at("2026-12-05T02:00"))
    }

    @Test func daysListsRangesAndWrappingRanges() throws {
        let weekend = try hours("sat,sun 10:00-14:00")
        #expect(weekend.contains(at("2026-12-06T10:30")))
        #expect(!weekend.contains(at("2026-12-07T10:30")))
        let wrap = try hours("fri-mon 00:00-24:00")
        #expect(wrap.contains(at("2026-12-07T23:59")))  // Monday.
        #expect(!wrap.contains(at("2026-12-08T00:00")))  // Tuesday.
        #expect(try hours("daily 00:00-24:00").nextChange(after: at("2026-12-07T10:00")) == nil)
        let split = try hours("09:00-12:00 13:00-17:00; sat 10:00-12:00")
        #expect(split.contains(at("2026-12-02T09:30")))
        #expect(!split.contains(at("2026-12-02T12:30")))
        #expect(split.contains(at("2026-12-05T11:00")))
    }

    /// An end not after the start runs past midnight, as the rule says; an end equal to the start is the
    /// extreme of it: 24 hours from the start (it was refused, against the rule as written).
    @Test func anEndEqualToTheStartRunsTwentyFourHoursFromIt() throws {
        let day = try hours("mon 10:00-10:00")
        #expect(!day.contains(at("2026-11-30T09:59:59")))  // Monday, before the start.
        #expect(day.contains(at("2026-11-30T10:00")))
        #expect(day.contains(at("2026-11-30T23:59")))
        #expect(day.contains(at("2026-12-01T09:59:59")))  // Tuesday morning.
        #expect(!day.contains(at("2026-12-01T10:00")))
        #expect(!day.contains(at("2026-12-06T12:00")))  // Sunday.
        #expect(day.nextChange(after: at("2026-11-30T08:00")) == at("2026-11-30T10:00"))
        #expect(day.nextChange(after: at("2026-11-30T10:00")) == at("2026-12-01T10:00"))
        // Every day from 10:00 to 10:00 is the whole week; from midnight to midnight, a whole day.
        #expect(try hours("daily 10:00-10:00").nextChange(after: at("2026-12-02T03:00")) == nil)
        let midnight = try hours("wed 00:00-00:00")
        #expect(midnight.contains(at("2026-12-02T00:00")) && midnight.contains(at("2026-12-02T23:59:59")))
        #expect(!midnight.contains(at("2026-12-03T00:00")) && !midnight.contains(at("2026-12-01T23:59")))
        #expect(midnight.nextChange(after: at("2026-12-02T12:00")) == at("2026-12-03T00:00"))
    }

    @Test func anEndEqualToTheStartIsAcceptedInACardAndInAwake() throws {
        let (config, _) = try decodeConfig(#"{"display": {"awake": "sat 10:00-10:00"}, "cards": [{"title": "A", "image": "a.jpg", "hours": "mon 10:00-10:00"}]}"#)
        #expect(config.display.awake?.contains(at("2026-12-06T09:00")) == true)  // Sunday 09:00, from Saturday.
        #expect(config.cards[0].schedule.hours.first?.contains(at("2026-12-01T09:00")) == true)  // Tuesday 09:00.
    }

    @Test func badRulesSayWhatIsWrong() {
        let cases = [
            ("mon-fri", "has no time range"),
            ("funday 09:00-10:00", "unknown days"),
            ("mon 9-17", "is not a time range"),
            ("mon 24:00-01:00", "is not a time range"),
            ("mon 09:00-18:00;", "an empty rule"),
            ("mon 09:60-10:00", "is not a time range"),
        ]
        for (text, words) in cases {
            guard case .failure(let error) = WeeklyHours.parse(text) else {
                Issue.record("\(text) was accepted")
                continue
            }
            #expect(error.description.contains(words), "\(text): \(error)")
        }
    }
}
