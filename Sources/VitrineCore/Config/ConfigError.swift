/// One problem found in a config file, located by a path into the document.
///
/// The path names the value in question, as `cards[3].image`, `display.window.width` or `display.fit`;
/// `(root)` is the whole document, `(file)` the file itself, and a JSON syntax error gives `line L, column C`.
/// Array indices count from 0.
public struct ConfigDiagnostic: Sendable, Equatable, CustomStringConvertible {
    /// The config file the problem is in, as it was named to `load` or `decode`.
    public var file: String
    /// Where in the document the problem is.
    public var path: String
    /// What is wrong, such as `expected a string, found a number`.
    public var message: String
    /// For a warning: whether `check` fails on it (exit 65), because a config would be refused for the same
    /// thing. A folder deck loads past a bad sidecar or a file that is no picture, and `run` only warns, but the
    /// card is then not shown as written (a mistyped `until` shows it always).
    public var failsCheck: Bool

    /// Creates a diagnostic.
    public init(file: String, path: String, message: String, failsCheck: Bool = false) {
        self.file = file
        self.path = path
        self.message = message
        self.failsCheck = failsCheck
    }

    /// The diagnostic as one line: `<file>: <path>: <message>`.
    public var description: String { "\(Limits.shortened(file)): \(path): \(message)" }
}

/// Why a config could not be used: the file could not be read, or its content is not a valid config.
///
/// `diagnostics` holds every error found, in document order; `warnings` holds what was found alongside
/// them (such as a misspelt key), because a warning often explains an error.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The broad reason, which decides the process exit status.
    public enum Kind: Sendable, Equatable {
        /// The file is missing, is a directory, or cannot be read (exit status 66, `EX_NOINPUT`).
        case unreadable
        /// The file is not JSON, or is JSON that is not a valid config (exit status 65, `EX_DATAERR`).
        case invalid
    }

    /// The broad reason.
    public var kind: Kind
    /// Every error found, in document order; never empty.
    public var diagnostics: [ConfigDiagnostic]
    /// Warnings found while looking for the errors, in document order.
    public var warnings: [ConfigDiagnostic]

    /// Creates an error from its kind and diagnostics.
    public init(kind: Kind, diagnostics: [ConfigDiagnostic], warnings: [ConfigDiagnostic] = []) {
        self.kind = kind
        self.diagnostics = diagnostics
        self.warnings = warnings
    }

    /// The process exit status for this error: 66 for `unreadable`, 65 for `invalid` (as in `sysexits.h`).
    public var exitCode: Int32 {
        switch kind {
        case .unreadable: 66
        case .invalid: 65
        }
    }

    /// Every diagnostic, one per line.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}

extension ConfigError {
    /// The error for a config file that cannot be read at all: `reason` says why (from the system).
    public static func unreadable(path: String, reason: String) -> ConfigError {
        let message = "cannot read the config file \(ConfigValidator.quoted(path)): \(reason)"
        return ConfigError(kind: .unreadable, diagnostics: [ConfigDiagnostic(file: path, path: "(file)", message: message)])
    }
}
