import Glibc

/// How a log line is written: with Vitrine's own timestamp, or as journald expects it when standard error goes there.
public enum LogFormat: Sendable, Equatable {
    /// `2026-11-30T03:50:12.345Z vitrine: warning: …`: the UTC time first, for a terminal or a file.
    case timestamped
    /// `<4>vitrine: warning: …`: the syslog priority first and no time, which journald reads and strips
    /// (`journalctl -p warning` then filters), and stamps with its own time.
    case journal

    /// The format for a process whose `JOURNAL_STREAM` is `journalStream` and whose standard error is the file
    /// `standardError` (its device and inode, nil when it cannot be examined).
    ///
    /// systemd sets `JOURNAL_STREAM=DEVICE:INODE` (decimal) for a service whose output goes to the journal. A child
    /// inherits the variable even when its standard error is redirected elsewhere, so the variable counts only when
    /// it names the very file standard error is.
    public static func decide(journalStream: String?, standardError: (device: UInt64, inode: UInt64)?) -> LogFormat {
        guard let journalStream, let standardError else { return .timestamped }
        let parts = journalStream.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return .timestamped }
        return device == standardError.device && inode == standardError.inode ? .journal : .timestamped
    }

    /// The format for this process: `JOURNAL_STREAM` compared with `fstat` of descriptor 2.
    public static func forThisProcess() -> LogFormat {
        let variable = getenv("JOURNAL_STREAM").map { String(cString: $0) }
        var status = stat()
        let standardError = fstat(STDERR_FILENO, &status) == 0 ? (UInt64(status.st_dev), UInt64(status.st_ino)) : nil
        return decide(journalStream: variable, standardError: standardError)
    }

    /// The whole line for `message` at `level`, newline included; `timestamp` is asked for only when it is shown.
    ///
    /// In the journal format every line of a message that spans several gets the prefix, since journald takes each
    /// line as its own entry.
    public func line(_ level: LogLevel, _ message: String, timestamp: () -> String) -> String {
        switch self {
        case .timestamped:
            return "\(timestamp()) vitrine: \(level.rawValue): \(message)\n"
        case .journal:
            let prefix = "<\(level.syslogPriority)>"
            let lines = "vitrine: \(level.rawValue): \(message)".split(separator: "\n", omittingEmptySubsequences: false)
            return lines.map { prefix + $0 + "\n" }.joined()
        }
    }
}

extension LogLevel {
    /// The syslog priority (RFC 5424) journald gives a line with this level: 3 error, 4 warning, 6 info, 7 debug.
    public var syslogPriority: Int {
        switch self {
        case .error: 3
        case .warning: 4
        case .info: 6
        case .debug: 7
        }
    }
}
