/// Walks a parsed JSON document against the config schema, collecting every error and warning in document order.
struct ConfigValidator {
    /// The file named in every diagnostic.
    let file: String
    /// The document being checked.
    let document: JSONDocument
    /// Errors found so far, in document order.
    private(set) var errors: [ConfigDiagnostic] = []
    /// Warnings recorded so far, in document order.
    private var recordedWarnings: [ConfigDiagnostic] = []
    /// The unknown keys found so far; only the first ``Limits/unknownKeyWarnings`` are named.
    private var unknownKeys = 0

    /// The warnings, in document order, then one line counting the unknown keys past those named.
    var warnings: [ConfigDiagnostic] {
        let unnamed = unknownKeys - Limits.unknownKeyWarnings
        guard unnamed > 0 else { return recordedWarnings }
        return recordedWarnings + [ConfigDiagnostic(file: file, path: ConfigPath.root.description,
                                                    message: "and \(unnamed) more unknown keys (ignored)")]
    }

    init(file: String, document: JSONDocument) {
        self.file = file
        self.document = document
    }

    /// Records an error at `path`.
    mutating func error(_ path: ConfigPath, _ message: String) {
        errors.append(ConfigDiagnostic(file: file, path: path.description, message: message))
    }

    /// Records an error at `path` in the place of the error list it belongs to (an index taken from `errors.count`
    /// when that part of the document was walked), for checks that can only run after the walk.
    mutating func error(_ path: ConfigPath, _ message: String, insertingAt index: Int) {
        errors.insert(ConfigDiagnostic(file: file, path: path.description, message: message), at: min(max(0, index), errors.count))
    }

    /// Records a warning at `path`.
    mutating func warning(_ path: ConfigPath, _ message: String) {
        recordedWarnings.append(ConfigDiagnostic(file: file, path: path.description, message: message))
    }

    // MARK: Paths

    /// The path of member `key` of the object at `path`: `a.b` for plain keys, `a["odd key"]` otherwise; a long
    /// key is shortened as every quoted value is (``Limits/shortened(_:quoting:)``).
    static func join(_ path: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"): true
            default: false
            }
        }
        if !plain { return "\(path)[\(quoted(key))]" }
        let shown = Limits.shortened(key)
        return path.isEmpty ? shown : "\(path).\(shown)"
    }

    /// The path of element `index` of the array at `path`.
    static func join(_ path: String, index: Int) -> String { "\(path)[\(index)]" }

    // MARK: Objects

    /// Checks that `value` is an object and applies each member through `schema`, in document order.
    ///
    /// Unknown keys are warnings (the first ``Limits/unknownKeyWarnings`` of the document, then one line
    /// counting the rest); a repeated key and a missing required key are errors (a repeated key would let
    /// readers that take the first and readers that take the last disagree).
    /// Returns false, after recording an error, when `value` is not an object.
    @discardableResult
    mutating func decodeObject<Target>(_ value: JSONDocument.Node, at path: ConfigPath, schema: ObjectSchema<Target>,
                                       into target: inout Target) -> Bool {
        guard document.kind(of: value) == .object else {
            error(path, "expected an object, found \(kind(of: value))")
            return false
        }
        var seen: UInt64 = 0
        for (keyNode, member) in document.members(of: value) {
            guard let (fieldIndex, key) = schema.field(named: keyNode, in: document) else {
                unknownKeys += 1
                if unknownKeys <= Limits.unknownKeyWarnings {  // Past it, only counted: no string, no message.
                    let key = document.string(keyNode)!
                    warning(path.appending(key: key), Self.unknownKeyMessage(key, known: schema.fields.filter(\.isListed).map(\.key)))
                }
                continue
            }
            let memberPath = path.appending(key: key)
            let bit: UInt64 = 1 << UInt64(fieldIndex)
            if seen & bit != 0 {
                error(memberPath, "duplicate key \(Self.quoted(key)): each key may appear once")
                continue
            }
            seen |= bit
            schema.fields[fieldIndex].apply(&target, member, memberPath, &self)
        }
        for (fieldIndex, field) in schema.fields.enumerated() where field.isRequired && seen & (1 << UInt64(fieldIndex)) == 0 {
            error(path.appending(key: field.key), "missing required key \(Self.quoted(field.key)) (expected \(field.expected))")
        }
        return true
    }

    // MARK: Scalars

    /// What `value` is, with an article, for messages: "an object", "a number", "null".
    func kind(of value: JSONDocument.Node) -> String { document.kind(of: value).description }

    /// `value` when it is a string (and, with `nonEmpty`, not `""`), or nil after recording an error.
    mutating func stringNode(_ value: JSONDocument.Node, at path: ConfigPath, nonEmpty: Bool = false) -> JSONDocument.Node? {
        guard document.kind(of: value) == .string else {
            error(path, "expected \(nonEmpty ? "a non-empty string" : "a string"), found \(kind(of: value))")
            return nil
        }
        if nonEmpty && document.count(of: value) == 0 {
            error(path, "expected a non-empty string, found an empty string")
            return nil
        }
        return value
    }

    /// The string in `value`, or nil after recording an error; `nonEmpty` rejects `""`.
    mutating func string(_ value: JSONDocument.Node, at path: ConfigPath, nonEmpty: Bool = false) -> String? {
        stringNode(value, at: path, nonEmpty: nonEmpty).flatMap(document.string)
    }

    /// The text of a title or subtitle in `value`, or nil after recording an error: a string (non-empty with
    /// `nonEmpty`) of at most ``Limits/textScalars`` Unicode scalars, with no control character.
    mutating func text(_ value: JSONDocument.Node, at path: ConfigPath, nonEmpty: Bool = false) -> String? {
        guard let node = stringNode(value, at: path, nonEmpty: nonEmpty) else { return nil }
        if document.count(of: node) > Limits.textScalars {  // UTF-8 bytes: at least as many as scalars.
            let scalars = document.withUTF8(node) { bytes in bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }
            if scalars > Limits.textScalars {
                error(path, "\(scalars) characters is over the limit of \(Limits.textScalars)")
                return nil
            }
        }
        guard refusesControlCharacters(node, at: path) else { return nil }
        return document.string(node)
    }

    /// The file path in `value` when it is a non-empty string with no control character (a NUL would cut the path
    /// short where the system reads it) that is not a URL (``refusesRemoteURL(_:at:)``), or nil after recording an
    /// error.
    mutating func filePath(_ value: JSONDocument.Node, at path: ConfigPath) -> JSONDocument.Node? {
        guard let node = stringNode(value, at: path, nonEmpty: true), refusesControlCharacters(node, at: path),
              refusesRemoteURL(node, at: path) else { return nil }
        return node
    }

    /// Whether the string `node` has no control character (C0, DEL or C1); records an error naming the first one
    /// when it has.
    private mutating func refusesControlCharacters(_ node: JSONDocument.Node, at path: ConfigPath) -> Bool {
        let control: Unicode.Scalar? = document.withUTF8(node) { bytes in
            // C0 and DEL are single bytes; C1 is U+0080...U+009F, encoded 0xC2 0x80...0x9F.
            var previous: UInt8 = 0
            for byte in bytes {
                if byte < 0x20 || byte == 0x7F { return Unicode.Scalar(byte) }
                if previous == 0xC2, (0x80...0x9F).contains(byte) { return Unicode.Scalar(byte) }
                previous = byte
            }
            return nil
        }
        guard let control else { return true }
        error(path, "contains a control character (\(Limits.codePoint(control))); titles, subtitles, paths and hours may not")
        return false
    }

    /// The boolean in `value`, or nil after recording an error.
    mutating func bool(_ value: JSONDocument.Node, at path: ConfigPath) -> Bool? {
        guard let bool = document.bool(value) else {
            error(path, "expected true or false, found \(kind(of: value))")
            return nil
        }
        return bool
    }

    /// The whole number in `value` when it lies in `range`, or nil after recording an error.
    mutating func integer(_ value: JSONDocument.Node, at path: ConfigPath, in range: ClosedRange<Int>) -> Int? {
        let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        guard let number = document.number(value) else {
            error(path, "expected \(expected), found \(kind(of: value))")
            return nil
        }
        guard number.rounded() == number, number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            error(path, "expected \(expected), found \(Self.format(number))")
            return nil
        }
        return Int(number)
    }

    /// The finite number in `value` when it lies in `range`, or nil after recording an error.
    mutating func number(_ value: JSONDocument.Node, at path: ConfigPath, in range: ClosedRange<Double>) -> Double? {
        let expected = "a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))"
        guard let number = document.number(value) else {
            error(path, "expected \(expected), found \(kind(of: value))")
            return nil
        }
        guard number.isFinite, range.contains(number) else {
            error(path, "expected \(expected), found \(Self.format(number))")
            return nil
        }
        return number
    }

    /// The case of `Choice` whose raw value is the string in `value`, or nil after recording an error
    /// that lists every allowed value.
    mutating func choice<Choice: CaseIterable & RawRepresentable>(_ value: JSONDocument.Node, at path: ConfigPath) -> Choice?
    where Choice.RawValue == String {
        let allowed = Self.list(Choice.allCases.map { Self.quoted($0.rawValue) }, conjunction: "or")
        guard let string = document.string(value) else {
            error(path, "expected \(allowed), found \(kind(of: value))")
            return nil
        }
        guard let choice = Choice(rawValue: string) else {
            error(path, "expected \(allowed), found \(Self.quoted(string))")
            return nil
        }
        return choice
    }

    /// The opaque colour written as `"#RRGGBB"` or `"#RGB"` in `value`, or nil after recording an error.
    mutating func color(_ value: JSONDocument.Node, at path: ConfigPath) -> Color? {
        let expected = "a color as \"#RRGGBB\" or \"#RGB\""
        guard let string = document.string(value) else {
            error(path, "expected \(expected), found \(kind(of: value))")
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
}
