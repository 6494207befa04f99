/// Reads the line Linux gives in `/proc/self/stat`, for when the process started.
public enum ProcessStat {
    /// The process's start time in clock ticks after boot (field 22, `starttime`), or nil when `line` is not a stat line.
    ///
    /// The second field, the command name in parentheses, may itself hold spaces and parentheses, so the fields are
    /// counted from the last `)`: the next one is field 3, the state.
    public static func startTicks(statLine line: String) -> UInt64? {
        guard let close = line.lastIndex(of: ")") else { return nil }
        let fields = line[line.index(after: close)...].split(whereSeparator: { $0 == " " || $0 == "\n" })
        let startField = 22 - 3
        guard fields.count > startField else { return nil }
        return UInt64(fields[startField])
    }
}
