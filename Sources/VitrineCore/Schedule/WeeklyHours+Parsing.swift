extension WeeklyHours {
    /// The day names, Monday first, as written in rules.
    static let dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// Reads rules such as `"mon-fri 09:00-18:00"`; several rules are separated by `;`. Returns the hours, or what
    /// is wrong in one line (without saying where: the caller names the config key).
    public static func parse(_ text: String) -> Result<WeeklyHours, ConfigRuleError> {
        var spans: [Span] = []
        let rules = text.split(separator: ";", omittingEmptySubsequences: false)
        for rule in rules {
            let words = rule.split(separator: " ")
            guard !words.isEmpty else { return .failure(ConfigRuleError("an empty rule in \(quoted(text))")) }
            var days: UInt8 = 0x7f
            var times = words[...]
            if let first = words.first, !first.contains(":") {
                switch parseDays(first) {
                case .success(let parsed): days = parsed
                case .failure(let error): return .failure(error)
                }
                times = words.dropFirst()
            }
            guard !times.isEmpty else {
                return .failure(ConfigRuleError("\(quoted(rule)) has no time range such as 09:00-18:00"))
            }
            for time in times {
                switch parseRange(time) {
                case .success(let (start, end)): spans.append(Span(days: days, start: start, end: end))
                case .failure(let error): return .failure(error)
                }
            }
        }
        return .success(WeeklyHours(spans: spans))
    }

    /// Reads `daily`, `mon`, `mon-fri`, `fri-mon` or a comma-separated list of them into a day mask.
    static func parseDays(_ text: Substring) -> Result<UInt8, ConfigRuleError> {
        var mask: UInt8 = 0
        for part in text.lowercased().split(separator: ",", omittingEmptySubsequences: false) {
            if part == "daily" { mask = 0x7f; continue }
            let ends = part.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(ends.count),
                  let first = dayNames.firstIndex(of: String(ends[0])),
                  let last = dayNames.firstIndex(of: String(ends[ends.count - 1])) else {
                return .failure(ConfigRuleError("unknown days \(quoted(text)): use mon, tue, wed, thu, fri, sat, sun, a range such as mon-fri, or daily"))
            }
            var day = first
            while true {
                mask |= 1 << UInt8(day)
                if day == last { break }
                day = (day + 1) % 7
            }
        }
        return .success(mask)
    }

    /// Reads `HH:MM-HH:MM` into minutes since midnight; the end may be `24:00`.
    ///
    /// An end not after the start runs past midnight into the next day, an end equal to the start too: `10:00-10:00`
    /// is the 24 hours from 10:00 to 10:00 the next day, and `00:00-00:00` the whole day, as `00:00-24:00`.
    static func parseRange(_ text: Substring) -> Result<(Int, Int), ConfigRuleError> {
        let ends = text.split(separator: "-", omittingEmptySubsequences: false)
        guard ends.count == 2, let start = minutes(ends[0]), let end = minutes(ends[1]), start < 1_440 else {
            return .failure(ConfigRuleError("\(quoted(text)) is not a time range such as 09:00-18:00"))
        }
        return .success((start, end))
    }

    /// `text` as a message quotes it: in double quotes, shortened and escaped (``Limits/shortened(_:quoting:)``).
    static func quoted(_ text: some StringProtocol) -> String { Limits.shortened(String(text), quoting: true) }

    /// Reads `HH:MM` (`H:MM` too) into minutes since midnight, allowing `24:00`.
    static func minutes(_ text: Substring) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), minute < 60 else { return nil }
        guard hour < 24 || (hour == 24 && minute == 0) else { return nil }
        return hour * 60 + minute
    }
}

/// What is wrong with a rule written in a config value (hours, a date): one line, without the config key.
public struct ConfigRuleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message.
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}
