/// A moment on the kiosk's wall clock, in its local time zone: seconds since 1970-01-01T00:00 local time.
///
/// Schedules (opening hours, a promotion's end, the awake hours) are written in local time, so the core reasons
/// in it and never sees a time zone: the edge turns the system's clock into a `LocalTime` (see `LocalClock`), a
/// replay starts its manual clock at one (`--start`).
public struct LocalTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00 local time (negative before).
    public var seconds: Double

    /// The moment `seconds` after 1970-01-01T00:00 local time.
    public init(seconds: Double) { self.seconds = seconds }

    /// The moment at a calendar date and time of day, or nil when a field is out of range (month 1...12, day valid
    /// for the month, hour 0...23, minute and second 0...59; years 1...9999).
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...LocalTime.daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        let days = LocalTime.daysSinceEpoch(year: year, month: month, day: day)
        seconds = Double(days * 86_400 + hour * 3_600 + minute * 60 + second)
    }

    /// The earliest wall time taken as real: a clock before it was not set (a Raspberry Pi without a real-time
    /// clock boots in 1970), and schedules are not applied by it.
    public static let plausibleFloor = LocalTime(year: 2025, month: 1, day: 1)!

    /// Whether this looks like a set clock rather than one counting from 1970 (see ``plausibleFloor``).
    public var isPlausible: Bool { self >= LocalTime.plausibleFloor }

    /// Whole days since 1970-01-01 (rounded down).
    public var day: Int { Int((seconds / 86_400).rounded(.down)) }

    /// Seconds since the local midnight that began this day, 0..<86400.
    public var secondsIntoDay: Double { seconds - Double(day) * 86_400 }

    /// The day of the week: 0 for Monday through 6 for Sunday (1970-01-01 was a Thursday).
    public var weekday: Int { ((day + 3) % 7 + 7) % 7 }

    /// The midnight that began this day.
    public var startOfDay: LocalTime { LocalTime(seconds: Double(day) * 86_400) }

    /// The calendar date and time of day (seconds rounded down).
    public var components: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let date = LocalTime.civilDate(daysSinceEpoch: day)
        let s = Int(secondsIntoDay.rounded(.down))
        return (date.year, date.month, date.day, s / 3_600, s / 60 % 60, s % 60)
    }

    /// The moment `interval` seconds later.
    public func adding(_ interval: Double) -> LocalTime { LocalTime(seconds: seconds + interval) }

    /// `2026-12-24T10:00`, with `:SS` when the seconds are not zero.
    public var description: String {
        let c = components
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        var year = String(c.year)
        while year.count < 4 { year = "0" + year }
        let time = "\(two(c.hour)):\(two(c.minute))" + (c.second == 0 ? "" : ":\(two(c.second))")
        return "\(year)-\(two(c.month))-\(two(c.day))T\(time)"
    }

    /// Reads `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS` (a space may stand for the `T`); nil when
    /// the text is not one of them or names no real date.
    public static func parse(_ text: String) -> LocalTime? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard bytes.count == 10 || bytes.count == 16 || bytes.count == 19,
              bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        guard bytes.count > 10 else { return LocalTime(year: year, month: month, day: day) }
        guard bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"),
              let hour = number(11..<13), let minute = number(14..<16) else { return nil }
        guard bytes.count == 19 else { return LocalTime(year: year, month: month, day: day, hour: hour, minute: minute) }
        guard bytes[16] == UInt8(ascii: ":"), let second = number(17..<19) else { return nil }
        return LocalTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    public static func < (a: LocalTime, b: LocalTime) -> Bool { a.seconds < b.seconds }

    /// Whether `year` of the Gregorian calendar has a 29 February.
    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// The number of days in `month` (1...12) of `year`.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a Gregorian date, counting years from March so that leap days fall at a year's end.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let m = month <= 2 ? month + 9 : month - 3  // March is 0.
        let daysBeforeYear = 365 * y + y / 4 - y / 100 + y / 400
        let daysBeforeMonth = (153 * m + 2) / 5  // 31, 30, 31, 30, 31, 31, 30, 31, 30, 31, 31, 28/29 from March.
        let marchFirstOfYear0ToEpoch = 719_468  // Days from 0000-03-01 to 1970-01-01.
        return daysBeforeYear + daysBeforeMonth + day - 1 - marchFirstOfYear0ToEpoch
    }

    /// The Gregorian date `days` after 1970-01-01 (the inverse of ``daysSinceEpoch(year:month:day:)``).
    static func civilDate(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        // Guess the March-based year from the mean year length, then correct by at most one.
        let fromMarch0 = days + 719_468
        var y = Int((Double(fromMarch0) / 365.2425).rounded(.down))
        func yearStart(_ y: Int) -> Int { 365 * y + y / 4 - y / 100 + y / 400 }
        if yearStart(y + 1) <= fromMarch0 { y += 1 }
        if yearStart(y) > fromMarch0 { y -= 1 }
        let dayOfYear = fromMarch0 - yearStart(y)
        let m = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * m + 2) / 5 + 1
        let month = m < 10 ? m + 3 : m - 9
        return (month <= 2 ? y + 1 : y, month, day)
    }
}
