import VitrineCore

extension ArgumentReader {
    /// A local date and time such as `2026-12-24T10:00` (as ``LocalTime/parse(_:)`` reads it), for `--at` and
    /// `--start`.
    static func localTime(_ text: String, flag: String) throws(UsageError) -> LocalTime {
        guard let time = LocalTime.parse(text) else {
            throw UsageError(description: "\(flag) takes a local date and time such as 2026-12-24T10:00 (YYYY-MM-DD, "
                             + "YYYY-MM-DDTHH:MM or YYYY-MM-DDTHH:MM:SS, a real date); got '\(Limits.shortened(text))'")
        }
        return time
    }
}
