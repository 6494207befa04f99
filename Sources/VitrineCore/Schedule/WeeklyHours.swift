/// Hours of the week, such as opening hours: `"mon-fri 09:00-18:00"`, `"sat,sun 10:00-14:00"`, `"22:00-02:00"`.
///
/// Each rule names days (a day, a range such as `mon-fri` or `fri-mon`, several joined by commas, `daily`, or
/// nothing for every day) and one or more time ranges. A range whose end is not after its start runs past
/// midnight into the next day (`fri 22:00-02:00` ends on Saturday at 02:00); `00:00-24:00` is the whole day. A
/// moment is inside the hours when any rule's range holds it; a range includes its start and excludes its end.
public struct WeeklyHours: Sendable, Equatable {
    /// One time range on some days.
    public struct Span: Sendable, Equatable {
        /// The days the range starts on: bit 0 is Monday, bit 6 Sunday.
        public var days: UInt8
        /// Minutes since midnight: the start (0..<1440) and the end (1...1440); an end not after the start is on
        /// the next day.
        public var start: Int
        public var end: Int

        /// Whether the range starts on `weekday` (0 Monday ... 6 Sunday).
        func startsOn(_ weekday: Int) -> Bool { days & (1 << UInt8(weekday)) != 0 }

        /// Whether the range runs past midnight.
        var crossesMidnight: Bool { end <= start }
    }

    /// The ranges, in the order written.
    public var spans: [Span]

    /// Hours made of `spans`.
    public init(spans: [Span]) { self.spans = spans }

    /// Whether `time` is inside the hours.
    public func contains(_ time: LocalTime) -> Bool {
        let minute = time.secondsIntoDay / 60
        let today = time.weekday
        let yesterday = (today + 6) % 7
        for span in spans {
            if span.crossesMidnight {
                if span.startsOn(today), minute >= Double(span.start) { return true }
                if span.startsOn(yesterday), minute < Double(span.end) { return true }
            } else if span.startsOn(today), minute >= Double(span.start), minute < Double(span.end) {
                return true
            }
        }
        return false
    }

    /// The first moment after `time` at which ``contains(_:)`` changes, or nil when it never does (hours that
    /// cover the whole week, or none of it).
    public func nextChange(after time: LocalTime) -> LocalTime? {
        let inside = contains(time)
        let midnight = time.startOfDay
        var boundaries: [Double] = []
        for dayOffset in 0...8 {
            let dayStart = midnight.seconds + Double(dayOffset) * 86_400
            for span in spans {
                boundaries.append(dayStart + Double(span.start) * 60)
                boundaries.append(dayStart + Double(span.end) * 60)
            }
        }
        for boundary in boundaries.sorted() where boundary > time.seconds {
            if contains(LocalTime(seconds: boundary)) != inside { return LocalTime(seconds: boundary) }
        }
        return nil
    }
}
