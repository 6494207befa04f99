extension ConfigValidator {
    /// What `display.awake` expects, for messages.
    static let awakeHoursExpected = "hours such as \"mon-fri 09:00-18:00\" (a string, or an array of strings)"

    /// The hours in `value` (`display.awake`): one string of rules such as `"mon-fri 09:00-18:00; sat 10:00-14:00"`,
    /// or an array of such strings, whose hours add up; nil after recording an error naming the string at fault.
    mutating func awakeHours(_ value: JSONDocument.Node, at path: ConfigPath) -> WeeklyHours? {
        switch document.kind(of: value) {
        case .string:
            return weeklyHoursRule(value, at: path)
        case .array:
            let elements = document.elements(of: value)
            guard document.count(of: value) > 0 else {
                error(path, "expected \(Self.awakeHoursExpected), found an empty array")
                return nil
            }
            var spans: [WeeklyHours.Span] = []
            var valid = true
            let base = path.rendering()
            for (index, element) in elements.enumerated() {
                let elementPath = base.appending(index: index)
                guard document.kind(of: element) == .string else {
                    error(elementPath, "expected hours such as \"mon-fri 09:00-18:00\", found \(kind(of: element))")
                    valid = false
                    continue
                }
                if let hours = weeklyHoursRule(element, at: elementPath) { spans += hours.spans } else { valid = false }
            }
            return valid ? WeeklyHours(spans: spans) : nil
        default:
            error(path, "expected \(Self.awakeHoursExpected), found \(kind(of: value))")
            return nil
        }
    }

    /// The hours in the string `node`, or nil after recording what is wrong with them at `path`: read as a
    /// card's `hours` are (``weeklyHours(_:at:)``), so a control character is refused, never echoed.
    private mutating func weeklyHoursRule(_ node: JSONDocument.Node, at path: ConfigPath) -> WeeklyHours? {
        weeklyHours(node, at: path)
    }
}
