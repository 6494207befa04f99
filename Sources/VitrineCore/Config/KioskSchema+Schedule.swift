extension KioskSchema {
    /// A card's timing keys: `duration`, `from`, `until` and `hours` (see ``CardSchedule``), in a config's card
    /// and in a folder deck's sidecar.
    static let scheduleFields: [ObjectSchema<CardSchedule>.Field] = [
        .init("duration", expected: "seconds") { schedule, value, path, validator in
            if let seconds = validator.number(value, at: path, in: 0.5...longestAutoplayTime) { schedule.duration = seconds }
        },
        .init("from", expected: "a local date and time such as \"2026-12-24T10:00\"") { schedule, value, path, validator in
            guard let from = validator.localTime(value, at: path) else { return }
            if let until = schedule.until, until <= from {
                validator.error(path, "\(from) is not before until (\(until)): a card shows from \"from\" up to, not including, \"until\"")
                return
            }
            schedule.from = from
        },
        .init("until", expected: "a local date and time such as \"2026-12-24T10:00\"") { schedule, value, path, validator in
            guard let until = validator.localTime(value, at: path) else { return }
            if let from = schedule.from, until <= from {
                validator.error(path, "\(until) is not after from (\(from)): a card shows from \"from\" up to, not including, \"until\"")
                return
            }
            schedule.until = until
        },
        .init("hours", expected: "weekly hours such as \"mon-fri 09:00-18:00\", or an array of them") { schedule, value, path, validator in
            guard validator.document.kind(of: value) == .array else {
                if let hours = validator.weeklyHours(value, at: path) { schedule.hours = [hours] }
                return
            }
            guard validator.document.count(of: value) > 0 else {
                validator.error(path, "expected weekly hours such as \"mon-fri 09:00-18:00\", or an array of them, found an empty array")
                return
            }
            var all: [WeeklyHours] = []
            for (index, element) in validator.document.elements(of: value).enumerated() {
                if let hours = validator.weeklyHours(element, at: path.appending(index: index)) { all.append(hours) }
            }
            schedule.hours = all
        },
    ]

    /// `autoplay.shuffle`: `true` (seed 1), `false`, or a seed, a whole number from 0 to 2^53 − 1.
    static let shuffleField = ObjectSchema<AutoplayConfig>.Field("shuffle", expected: "true, false or a seed number") { autoplay, value, path, validator in
        if let on = validator.document.bool(value) {
            autoplay.shuffle = on ? 1 : nil
            return
        }
        guard let number = validator.document.number(value) else {
            validator.error(path, "expected true, false or a seed (a whole number from 0 to 9007199254740991), found \(validator.kind(of: value))")
            return
        }
        guard number.rounded() == number, number >= 0, number <= 9_007_199_254_740_991 else {
            validator.error(path, "expected true, false or a seed (a whole number from 0 to 9007199254740991), found \(ConfigValidator.format(number))")
            return
        }
        autoplay.shuffle = UInt64(number)
    }
}

extension ConfigValidator {
    /// The local date and time in the string `value` (as ``LocalTime/parse(_:)`` reads it), or nil after recording
    /// an error.
    mutating func localTime(_ value: JSONDocument.Node, at path: ConfigPath) -> LocalTime? {
        guard let text = string(value, at: path, nonEmpty: true) else { return nil }
        guard let time = LocalTime.parse(text) else {
            error(path, "expected a local date and time such as \"2026-12-24T10:00\" (YYYY-MM-DD, YYYY-MM-DDTHH:MM or "
                  + "YYYY-MM-DDTHH:MM:SS, a real date), found \(Self.quoted(text))")
            return nil
        }
        return time
    }

    /// The weekly hours in the string `value` (as ``WeeklyHours/parse(_:)`` reads them), or nil after recording an
    /// error.
    mutating func weeklyHours(_ value: JSONDocument.Node, at path: ConfigPath) -> WeeklyHours? {
        guard let text = text(value, at: path, nonEmpty: true) else { return nil }
        switch WeeklyHours.parse(text) {
        case .success(let hours): return hours
        case .failure(let problem):
            error(path, problem.description)
            return nil
        }
    }
}
