import Glibc

/// A system call that failed: which call, on what, and the `errno` it left.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call and its argument, such as `open(/var/log/vitrine.jsonl)`.
    public var operation: String
    /// The `errno` value.
    public var code: Int32
    /// Vitrine's own reason, when it refused rather than the system (`not a regular file (a FIFO)`); nil for the
    /// system's words.
    public var detail: String?

    /// An error from a call and the `errno` it left, or Vitrine's own `detail` for a refusal.
    public init(operation: String, code: Int32, detail: String? = nil) {
        self.operation = operation
        self.code = code
        self.detail = detail
    }

    /// The error for a call that just failed, with the current `errno`; read it before anything else can change it.
    public static func last(_ operation: String) -> SystemError {
        SystemError(operation: operation, code: errno)
    }

    /// The system's own words for the code (`No such file or directory`), or the refusal's ``detail``.
    public var reason: String { detail ?? String(cString: strerror(code)) }

    /// The call and the reason: `open(/var/log/vitrine.jsonl): Permission denied`.
    public var description: String { "\(operation): \(reason)" }
}
