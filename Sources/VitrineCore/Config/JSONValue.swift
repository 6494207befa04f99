/// A parsed JSON document: one value of RFC 8259, with object members kept in document order.
///
/// Objects keep every member as written, duplicates included, so a validator can warn about
/// repeated keys and report problems in the order a reader meets them.
public enum JSONValue: Sendable, Equatable {
    /// An object's members, in document order (duplicate keys are kept).
    case object([JSONMember])
    /// An array's elements, in order.
    case array([JSONValue])
    /// A string, with every escape already decoded.
    case string(String)
    /// A number; JSON does not tell integers from fractions, so every number is a `Double`.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// The value of the last member named `key` when this is an object, else nil.
    ///
    /// The last member wins, as in most JSON readers.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// What kind of value this is, with an article, for messages: "an object", "a number", "null".
    public var kindDescription: String {
        switch self {
        case .object: JSONDocument.Kind.object.description
        case .array: JSONDocument.Kind.array.description
        case .string: JSONDocument.Kind.string.description
        case .number: JSONDocument.Kind.number.description
        case .bool(let value): (value ? JSONDocument.Kind.true : .false).description
        case .null: JSONDocument.Kind.null.description
        }
    }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Sendable, Equatable {
    /// The member's key, with escapes decoded.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// Creates a member from its key and value.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// Where a text stops being valid JSON, and what the parser expected to find there.
///
/// `line` and `column` are 1-based; columns count Unicode scalars, so a tab or an `é` is one column.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line of the offending character.
    public var line: Int
    /// The 1-based column of the offending character, counted in Unicode scalars.
    public var column: Int
    /// What was expected and what was found, such as `expected ':' after the object key "title", found '"'`.
    public var message: String

    /// Creates an error at a 1-based line and column.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// The position and the message, as `line 3, column 14: expected ',' or '}' after an object member`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
