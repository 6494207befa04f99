/// Walks a parsed JSON tree against the config schema, collecting every error and warning in document order.
struct ConfigValidator {
    /// The file named in every diagnostic.
    let file: String
    /// Errors found so far, in document order.
    private(set) var errors: [ConfigDiagnostic] = []
    /// Warnings found so far, in document order.
    private(set) var warnings: [ConfigDiagnostic] = []

    init(file: String) { self.file = file }

    /// Records an error at `path`.
    mutating func error(_ path: ConfigPath, _ message: String) {
        errors.append(ConfigDiagnostic(file: file, path: path.description, message: message))
    }

    /// Records a warning at `path`.
    mutating func warning(_ path: ConfigPath, _ message: String) {
        warnings.append(ConfigDiagnostic(file: file, path: path.description, message: message))
    }

    // MARK: Paths

    /// The path of member `key` of the object at `path`: `a.b` for plain keys, `a["odd key"]` otherwise.
    static func join(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"): true
            default: false
            }
        }
        if !plain { return "\(path)[\(quoted(key))]" }
        return path.isEmpty ? key : "\(path).\(key)"
    }

    /// The path of element `index` of the array at `path`.
    static func join(_ path: String, index: Int) -> String { "\(path)[\(index)]" }

    // MARK: Objects

    /// Checks that `value` is an object and applies each member through `schema`, in document order.
    ///
    /// Unknown keys and repeated keys are warnings; a missing required key is an error.
    /// Returns false, after recording an error, when `value` is not an object.
    @discardableResult
    mutating func decodeObject<Target>(_ value: JSONValue, at path: ConfigPath, schema: ObjectSchema<Target>,
                                       into target: inout Target) -> Bool {
        guard case .object(let members) = value else {
            error(path, "expected an object, found \(value.kindDescription)")
            return false
        }
        var seen: UInt64 = 0
        for member in members {
            let memberPath = path.appending(key: member.key)
            guard let fieldIndex = schema.index(of: member.key) else {
                warning(memberPath, Self.unknownKeyMessage(member.key, known: schema.fields.map(\.key)))
                continue
            }
            let bit: UInt64 = 1 << UInt64(fieldIndex)
            if seen & bit != 0 {
                warning(memberPath, "duplicate key \(Self.quoted(member.key)); the last one is used")
            }
            seen |= bit
            schema.fields[fieldIndex].apply(&target, member.value, memberPath, &self)
        }
        for (fieldIndex, field) in schema.fields.enumerated() where field.isRequired && seen & (1 << UInt64(fieldIndex)) == 0 {
            error(path.appending(key: field.key), "missing required key \(Self.quoted(field.key)) (expected \(field.expected))")
        }
        return true
    }

    // MARK: Scalars

    /// The string in `value`, or nil after recording an error; `nonEmpty` rejects `""`.
    mutating func string(_ value: JSONValue, at path: ConfigPath, nonEmpty: Bool = false) -> String? {
        let expected = nonEmpty ? "a non-empty string" : "a string"
        guard case .string(let string) = value else {
            error(path, "expected \(expected), found \(value.kindDescription)")
            return nil
        }
        if nonEmpty && string.isEmpty {
            error(path, "expected \(expected), found an empty string")
            return nil
        }
        return string
    }

    /// The boolean in `value`, or nil after recording an error.
    mutating func bool(_ value: JSONValue, at path: ConfigPath) -> Bool? {
        guard case .bool(let bool) = value else {
            error(path, "expected true or false, found \(value.kindDescription)")
            return nil
        }
        return bool
    }

    /// The whole number in `value` when it lies in `range`, or nil after recording an error.
    mutating func integer(_ value: JSONValue, at path: ConfigPath, in range: ClosedRange<Int>) -> Int? {
        let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        guard case .number(let number) = value else {
            error(path, "expected \(expected), found \(value.kindDescription)")
            return nil
        }
        guard number.rounded() == number, number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            error(path, "expected \(expected), found \(Self.format(number))")
            return nil
        }
        return Int(number)
    }

    /// The case of `Choice` whose raw value is the string in `value`, or nil after recording an error
    /// that lists every allowed value.
    mutating func choice<Choice: CaseIterable & RawRepresentable>(_ value: JSONValue, at path: ConfigPath) -> Choice?
    where Choice.RawValue == String {
        let allowed = Self.list(Choice.allCases.map { Self.quoted($0.rawValue) }, conjunction: "or")
        guard case .string(let string) = value else {
            error(path, "expected \(allowed), found \(value.kindDescription)")
            return nil
        }
        guard let choice = Choice(rawValue: string) else {
            error(path, "expected \(allowed), found \(Self.quoted(string))")
            return nil
        }
        return choice
    }

    /// The opaque colour written as `"#RRGGBB"` or `"#RGB"` in `value`, or nil after recording an error.
    mutating func color(_ value: JSONValue, at path: ConfigPath) -> Color? {
        let expected = "a color as \"#RRGGBB\" or \"#RGB\""
        guard case .string(let string) = value else {
            error(path, "expected \(expected), found \(value.kindDescription)")
            return nil
        }
        guard let color = Self.parseHexColor(string) else {
            error(path, "expected \(expected), found \(Self.quoted(string))")
            return nil
        }
        return color
    }

    /// Parses `#RRGGBB` or `#RGB`, hex digits in either case.
    static func parseHexColor(_ text: String) -> Color? {
        let utf8 = Array(text.utf8)
        guard utf8.first == UInt8(ascii: "#"), utf8.count == 4 || utf8.count == 7 else { return nil }
        var nibbles: [UInt8] = []
        for byte in utf8.dropFirst() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibbles.append(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibbles.append(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibbles.append(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        if nibbles.count == 3 {
            return Color(red: nibbles[0] * 17, green: nibbles[1] * 17, blue: nibbles[2] * 17)
        }
        return Color(red: nibbles[0] << 4 | nibbles[1], green: nibbles[2] << 4 | nibbles[3], blue: nibbles[4] << 4 | nibbles[5])
    }

    // MARK: Wording

    /// `"key"` with JSON escaping of quotes and backslashes.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text.unicodeScalars {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.unicodeScalars.append(character)
            }
        }
        return result + "\""
    }

    /// `a`, `a or b`, `a, b or c`.
    static func list(_ items: [String], conjunction: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
    }

    /// A number as a person would write it: `0`, `12.5`, `-3`.
    static func format(_ number: Double) -> String {
        if number.rounded() == number, abs(number) < 1e15 { return String(Int(number)) }
        return String(number)
    }

    /// The warning for an unknown key: a suggestion when a known key is close, else the list of known keys.
    static func unknownKeyMessage(_ key: String, known: [String]) -> String {
        let start = "unknown key \(quoted(key)) (ignored)"
        if let suggestion = closestKey(to: key, in: known) {
            return "\(start); did you mean \(quoted(suggestion))?"
        }
        return "\(start); known keys are \(list(known.map(quoted), conjunction: "and"))"
    }

    /// The known key nearest `key`, when at most two edits away and not a complete rewrite of it.
    static func closestKey(to key: String, in known: [String]) -> String? {
        var best: (key: String, distance: Int)? = nil
        for candidate in known {
            let distance = editDistance(key, candidate)
            guard distance <= 2, distance < candidate.count else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.key
    }

    /// The Levenshtein distance between two strings, over Unicode scalars.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

/// The keys an object may hold: a table, so a new key is one more row.
struct ObjectSchema<Target>: Sendable {
    /// One key, whether it must be present, and how its value is checked and stored.
    struct Field: Sendable {
        /// The key as written in JSON.
        let key: String
        /// Whether leaving the key out is an error.
        let isRequired: Bool
        /// What the value should be, for the missing-key message: "a non-empty string".
        let expected: String
        /// Checks the value at the given path and stores it into the target, or records errors.
        let apply: @Sendable (inout Target, JSONValue, ConfigPath, inout ConfigValidator) -> Void

        init(_ key: String, required: Bool = false, expected: String,
             apply: @escaping @Sendable (inout Target, JSONValue, ConfigPath, inout ConfigValidator) -> Void) {
            self.key = key
            self.isRequired = required
            self.expected = expected
            self.apply = apply
        }
    }

    /// The fields, in the order known keys are listed in messages (at most 64).
    let fields: [Field]

    init(_ fields: [Field]) {
        precondition(fields.count <= 64, "an object schema tracks at most 64 keys")
        self.fields = fields
    }

    /// The position of the field named `key`, or nil for an unknown key.
    func index(of key: String) -> Int? {
        for index in fields.indices where fields[index].key == key { return index }
        return nil
    }
}

/// A place in the document, such as `cards[3].image`, kept in parts and rendered only when a diagnostic needs it.
///
/// Most values are fine, so building their paths eagerly would be wasted work on large decks.
struct ConfigPath: CustomStringConvertible {
    /// The rendered path up to the last index and key (empty at the root).
    private let base: String
    /// An array index after `base`, if any.
    private let index: Int?
    /// An object key after the index, if any.
    private let key: String?

    private init(base: String, index: Int?, key: String?) {
        self.base = base
        self.index = index
        self.key = key
    }

    /// The whole document.
    static let root = ConfigPath(base: "", index: nil, key: nil)

    /// The path of member `key` of the object here.
    func appending(key: String) -> ConfigPath {
        if self.key == nil { return ConfigPath(base: base, index: index, key: key) }
        return ConfigPath(base: rendered, index: nil, key: key)
    }

    /// The path of element `index` of the array here.
    func appending(index: Int) -> ConfigPath {
        if key == nil && self.index == nil { return ConfigPath(base: base, index: index, key: nil) }
        return ConfigPath(base: rendered, index: index, key: nil)
    }

    /// The path as text, empty at the root.
    private var rendered: String {
        var text = base
        if let index { text = ConfigValidator.join(text, index: index) }
        if let key { text = ConfigValidator.join(text, key) }
        return text
    }

    /// The path as it reads in a diagnostic: `cards[3].image`, or `(root)` for the whole document.
    var description: String {
        let text = rendered
        return text.isEmpty ? "(root)" : text
    }
}
