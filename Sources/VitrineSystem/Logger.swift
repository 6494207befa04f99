import Glibc
import Synchronization

/// How much the log says, from only errors to everything.
public enum LogLevel: String, Sendable, CaseIterable, Comparable {
    case error, warning, info, debug

    private var rank: Int { LogLevel.allCases.firstIndex(of: self)! }
    public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rank < b.rank }
}

/// One line per message on standard error: UTC time, the program, the level, the text.
///
/// `2026-11-30T03:50:12.345Z vitrine: warning: image unavailable: …`, or `<4>vitrine: warning: …` when standard error
/// is the journal (see ``LogFormat``). Thread-safe; the level is set once at start.
public final class Logger: Sendable {
    /// The process's logger, in the format standard error calls for (decided once, when it is first used).
    public static let shared = Logger(format: .forThisProcess())

    /// How each line is written.
    public let format: LogFormat

    /// A logger writing to standard error in `format`.
    public init(format: LogFormat = .timestamped) {
        self.format = format
    }

    /// The threshold; held while a line is written, so lines from several threads never interleave.
    private let threshold = Mutex(LogLevel.info)

    /// The most detailed level written; messages below it are dropped.
    public var level: LogLevel {
        get { threshold.withLock { $0 } }
        set { threshold.withLock { $0 = newValue } }
    }

    /// Writes `message` at `level`, if the threshold lets it through.
    public func log(_ level: LogLevel, _ message: String) {
        guard level <= self.level else { return }
        let line = format.line(level, message, timestamp: Logger.timestamp)
        threshold.withLock { _ in try? FileDescriptor.standardError.write(line) }
    }

    /// The current UTC time as ISO 8601 with milliseconds.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        return String(cFormat: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
                      parts.tm_hour, parts.tm_min, parts.tm_sec, Int32(now.tv_nsec / 1_000_000))
    }
}
