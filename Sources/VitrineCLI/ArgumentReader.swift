import VitrineCore

/// A command-line mistake: what is wrong, for the usage message.
struct UsageError: Error, CustomStringConvertible {
    var description: String
}

/// Reads `--flag value` style arguments one at a time, refusing anything it was not asked about.
struct ArgumentReader {
    private var arguments: [String]
    /// The subcommand being read, for messages.
    let command: String

    /// A reader over `arguments` for `command`.
    init(_ arguments: [String], command: String) {
        self.arguments = arguments
        self.command = command
    }

    /// Whether `--help` or `-h` stands where a flag goes (not as another flag's value).
    var wantsHelp: Bool {
        var expectingValue = false
        for argument in arguments {
            if !expectingValue && (argument == "--help" || argument == "-h") { return true }
            expectingValue = !expectingValue && argument.hasPrefix("--") && !ArgumentReader.switches.contains(argument)
        }
        return false
    }

    /// The flags that take no value.
    static let switches: Set<String> = ["--fullscreen", "--kiosk", "--stats", "--help"]

    /// The next argument, or nil at the end.
    mutating func next() -> String? { arguments.isEmpty ? nil : arguments.removeFirst() }

    /// The value after `flag`, which must be there and must not look like another flag (a lone `-` may be allowed).
    mutating func value(for flag: String, allowingDash: Bool = false) throws(UsageError) -> String {
        guard let value = next(), !value.hasPrefix("-") || (allowingDash && value == "-") || Double(value) != nil else {
            throw UsageError(description: "\(flag) needs a value")
        }
        return value
    }

    /// A size written as WIDTHxHEIGHT, each side 1...``Limits/windowSide`` and the area at most
    /// ``Limits/windowPixels``.
    static func size(_ text: String, flag: String) throws(UsageError) -> PixelSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let sides = 1...Limits.windowSide
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), sides.contains(w), sides.contains(h),
              w * h <= Limits.windowPixels else {
            throw UsageError(description: "\(flag) takes WIDTHxHEIGHT with each side 1 to \(Limits.windowSide) and at most "
                             + "\(Limits.windowPixels) pixels (7680x4320), such as 1200x800; got '\(Limits.shortened(text))'")
        }
        return PixelSize(width: w, height: h)
    }

    /// Two whole numbers written with `separator` between them ("2x2", "0,1"), each within `range`.
    static func pair(_ text: String, flag: String, separator: Character, range: ClosedRange<Int>, example: String) throws(UsageError) -> (Int, Int) {
        let parts = text.lowercased().split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), range.contains(a), range.contains(b) else {
            throw UsageError(description: "\(flag) takes two whole numbers from \(range.lowerBound) to \(range.upperBound) as \(example); "
                             + "got '\(Limits.shortened(text))'")
        }
        return (a, b)
    }

    /// A whole number.
    static func integer(_ text: String, flag: String) throws(UsageError) -> Int {
        guard let n = Int(text) else { throw UsageError(description: "\(flag) takes a whole number; got '\(Limits.shortened(text))'") }
        return n
    }

    /// A finite decimal number within `range`.
    static func number(_ text: String, flag: String, in range: ClosedRange<Double>) throws(UsageError) -> Double {
        guard let x = Double(text), x.isFinite, range.contains(x) else {
            throw UsageError(description: "\(flag) takes a number from \(range.lowerBound) to \(range.upperBound); got '\(Limits.shortened(text))'")
        }
        return x
    }
}
