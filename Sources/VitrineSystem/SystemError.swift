import Glibc

/// A system call that failed: which call, on what, and the `errno` it left.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The call and its argument, such as `open(/var/log/vitrine.jsonl)`.
    public var operation: String
    /// The `errno` value.
    public var code: Int32

    /// An error from a call and the `errno` it left.
    public init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    /// The error for a call that just failed, with the current `errno`; read it before anything else can change it.
    public static func last(_ operation: String) -> SystemError {
        SystemError(operation: operation, code: errno)
    }

    /// The system's own words for the code: `No such file or directory`.
    public var reason: String { String(cString: strerror(code)) }

    /// The call and the reason: `open(/var/log/vitrine.jsonl): Permission denied`.
    public var description: String { "\(operation): \(reason)" }
}
