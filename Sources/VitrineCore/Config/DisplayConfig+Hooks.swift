/// The commands run as the screen sleeps and wakes (`display.onSleep`, `display.onWake`): on KMS/DRM SDL cannot
/// blank a panel, so a TV is powered down over CEC (`cec-ctl --to 0 --standby`) or a Pi's HDMI turned off
/// (`vcgencmd display_power 0`).
public struct PowerHooks: Sendable, Equatable {
    /// The longest a hook may run, by default: 10 s. `cec-ctl` waits for the TV's acknowledgement on a slow bus
    /// (a second or two); a hung bus or a TV that never answers must not leave a process behind every night.
    public static let defaultTimeout = 10.0
    /// The values `display.hookTimeout` may take, in seconds.
    public static let timeoutRange = 0.1...600.0
    /// The most words a hook's command may have: 64.
    public static let maxWords = 64
    /// The longest word of a hook's command, in UTF-8 bytes: 4096 (a Linux path's limit).
    public static let maxWordBytes = 4096

    /// The command run as the screen falls asleep (program, then its arguments; no shell); nil for none.
    public var onSleep: [String]? = nil
    /// The command run as the screen wakes; nil for none.
    public var onWake: [String]? = nil
    /// How long a hook may run before it is stopped (SIGTERM, then SIGKILL), in seconds.
    public var timeout: Double = PowerHooks.defaultTimeout

    /// No hooks.
    public init() {}

    /// The hook to run for `kind`, or nil when none is set.
    public func run(_ kind: PowerHookKind) -> PowerHookRun? {
        let command = kind == .onSleep ? onSleep : onWake
        return command.map { PowerHookRun(kind: kind, command: $0, timeout: timeout) }
    }
}

/// Which power hook: the config key's name, as logs and the event log write it.
public enum PowerHookKind: String, Sendable, Equatable {
    case onSleep
    case onWake
}

/// One run of a power hook the runtime asks for (``KioskEffect/runHook(_:)``).
public struct PowerHookRun: Sendable, Equatable {
    /// Which hook.
    public var kind: PowerHookKind
    /// The program and its arguments.
    public var command: [String]
    /// The seconds it may run.
    public var timeout: Double

    /// A run of `command` for `kind`, stopped after `timeout` seconds.
    public init(kind: PowerHookKind, command: [String], timeout: Double) {
        self.kind = kind
        self.command = command
        self.timeout = timeout
    }
}

extension KioskSchema {
    /// The `display` keys of the power hooks.
    static let powerHookFields: [ObjectSchema<DisplayConfig>.Field] = [
        .init("onSleep", expected: "a command such as [\"cec-ctl\", \"--to\", \"0\", \"--standby\"]") { display, value, path, validator in
            if let command = validator.hookCommand(value, at: path) { display.hooks.onSleep = command }
        },
        .init("onWake", expected: "a command such as [\"cec-ctl\", \"--to\", \"0\", \"--image-view-on\"]") { display, value, path, validator in
            if let command = validator.hookCommand(value, at: path) { display.hooks.onWake = command }
        },
        .init("hookTimeout", expected: "seconds") { display, value, path, validator in
            if let seconds = validator.number(value, at: path, in: PowerHooks.timeoutRange) { display.hooks.timeout = seconds }
        },
    ]
}

extension ConfigValidator {
    /// What a hook's command must be, for messages.
    static let hookCommandExpected = "a command as an array of strings, program first, such as [\"vcgencmd\", \"display_power\", \"0\"]"

    /// The command in `value` (`display.onSleep`, `display.onWake`): a non-empty array of at most
    /// ``PowerHooks/maxWords`` strings with no NUL, its first (the program) not empty; nil after recording an error.
    mutating func hookCommand(_ value: JSONDocument.Node, at path: ConfigPath) -> [String]? {
        guard document.kind(of: value) == .array else {
            let hint = document.kind(of: value) == .string ? " (no shell runs it: split it into words)" : ""
            error(path, "expected \(Self.hookCommandExpected), found \(kind(of: value))\(hint)")
            return nil
        }
        let count = document.count(of: value)
        guard count > 0 else {
            error(path, "expected \(Self.hookCommandExpected), found an empty array")
            return nil
        }
        guard count <= PowerHooks.maxWords else {
            error(path, "\(count) words is over the limit of \(PowerHooks.maxWords)")
            return nil
        }
        var words: [String] = []
        let base = path.rendering()
        for (index, element) in document.elements(of: value).enumerated() {
            let elementPath = base.appending(index: index)
            guard let word = string(element, at: elementPath, nonEmpty: index == 0) else { continue }
            if word.utf8.contains(0) {
                error(elementPath, "contains a NUL character, which cannot be passed to a program")
            } else if word.utf8.count > PowerHooks.maxWordBytes {
                error(elementPath, "\(word.utf8.count) bytes is over the limit of \(PowerHooks.maxWordBytes)")
            } else {
                words.append(word)
            }
        }
        return words.count == count ? words : nil
    }
}
