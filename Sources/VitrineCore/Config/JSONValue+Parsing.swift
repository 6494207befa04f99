extension JSONValue {
    /// The deepest nesting of arrays and objects the parser accepts, so hostile input cannot exhaust the stack.
    public static let maximumNestingDepth = 512

    /// Parses one JSON value (RFC 8259) from UTF-8 bytes; a leading byte order mark is skipped.
    ///
    /// - Throws: `JSONSyntaxError` with the 1-based line and column of the first problem.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer)
            do throws(JSONSyntaxError) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Parses one JSON value from a string, as `parse(_:)` does from its UTF-8 bytes.
    ///
    /// - Throws: `JSONSyntaxError` with the 1-based line and column of the first problem.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

/// ASCII bytes the parser looks for.
enum JSONByte {
    static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), slash = UInt8(ascii: "/")
    static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
    static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
    static let colon = UInt8(ascii: ":"), comma = UInt8(ascii: ",")
    static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
    static let minus = UInt8(ascii: "-"), plus = UInt8(ascii: "+"), dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9")
    static let lowerE = UInt8(ascii: "e"), upperE = UInt8(ascii: "E")
}

/// A recursive-descent JSON parser over a UTF-8 buffer; it tracks only a byte offset and works out
/// line and column when it has to report an error.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the text starts: after a byte order mark, if there is one.
    let textStart: Int
    var index: Int
    var depth = 0
    /// Members of the objects being parsed, innermost last; each object copies its own out when it closes,
    /// so every object costs one exactly-sized allocation.
    var memberStack: [JSONMember] = []
    /// Elements of the arrays being parsed, innermost last, for the same reason.
    var elementStack: [JSONValue] = []
    /// Reused buffer for decoding strings that contain escapes.
    var scratch: [UInt8] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        textStart = hasBOM ? 3 : 0
        index = textStart
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue(expected: "expected a JSON value")
        skipWhitespace()
        guard index == bytes.count else {
            throw error("expected nothing after the top-level value, found \(found(at: index))")
        }
        return value
    }

    // MARK: Values

    /// Parses the value at `index` (whitespace already skipped); `expected` starts the error message.
    mutating func parseValue(expected: String) throws(JSONSyntaxError) -> JSONValue {
        let kinds = "(object, array, string, number, true, false or null)"
        guard index < bytes.count else { throw error("\(expected) \(kinds), found end of input") }
        switch bytes[index] {
        case JSONByte.openBrace: return try parseObject()
        case JSONByte.openBracket: return try parseArray()
        case JSONByte.quote: return .string(try parseString())
        case JSONByte.minus, JSONByte.zero...JSONByte.nine: return .number(try parseNumber())
        case UInt8(ascii: "t") where matches("true"): index += 4; return .bool(true)
        case UInt8(ascii: "f") where matches("false"): index += 5; return .bool(false)
        case UInt8(ascii: "n") where matches("null"): index += 4; return .null
        default:
            throw error("\(expected) \(kinds), found \(found(at: index))")
        }
    }

    /// Whether the bytes at `index` spell `literal` and are not followed by more letters.
    func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let start = literal.utf8Start
        for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
        return index + count == bytes.count || !Self.isWordByte(bytes[index + count])
    }

    mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONValue.maximumNestingDepth {
            throw error("nesting is deeper than \(JSONValue.maximumNestingDepth) arrays and objects")
        }
        index += 1
    }

    mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        skipWhitespace()
        if peek == JSONByte.closeBrace { index += 1; return .object([]) }
        let start = memberStack.count
        var afterComma = false
        while true {
            guard peek == JSONByte.quote else {
                if !afterComma { throw error("expected a string key or '}', found \(found(at: index))") }
                let hint = peek == JSONByte.closeBrace ? " (trailing commas are not allowed)" : ""
                throw error("expected a string key after ','\(hint), found \(found(at: index))")
            }
            let key = try parseString()
            skipWhitespace()
            guard peek == JSONByte.colon else {
                throw error("expected ':' after the object key \"\(key)\", found \(found(at: index))")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue(expected: "expected a value for the key \"\(key)\"")
            memberStack.append(JSONMember(key: key, value: value))
            skipWhitespace()
            switch peek {
            case JSONByte.comma: index += 1; skipWhitespace(); afterComma = true
            case JSONByte.closeBrace:
                index += 1
                let members = Array(memberStack[start...])
                memberStack.removeSubrange(start...)
                return .object(members)
            default: throw error("expected ',' or '}' after an object member, found \(found(at: index))")
            }
        }
    }

    mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        defer { depth -= 1 }
        skipWhitespace()
        if peek == JSONByte.closeBracket { index += 1; return .array([]) }
        let start = elementStack.count
        var expected = "expected a value"
        while true {
            if peek == JSONByte.closeBracket, elementStack.count > start {
                throw error("expected a value after ',' (trailing commas are not allowed), found ']'")
            }
            let element = try parseValue(expected: expected)
            elementStack.append(element)
            skipWhitespace()
            switch peek {
            case JSONByte.comma: index += 1; skipWhitespace(); expected = "expected a value after ','"
            case JSONByte.closeBracket:
                index += 1
                let elements = Array(elementStack[start...])
                elementStack.removeSubrange(start...)
                return .array(elements)
            default: throw error("expected ',' or ']' after an array element, found \(found(at: index))")
            }
        }
    }

    // MARK: Numbers

    /// Parses `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` at `index`.
    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        let negative = peek == JSONByte.minus
        if negative { index += 1 }
        guard let first = peek, Self.isDigit(first) else {
            throw error("expected a digit after '-', found \(found(at: index))")
        }
        var integer: Int64 = 0
        var digitCount = 0
        if first == JSONByte.zero {
            index += 1
            if let next = peek, Self.isDigit(next) { throw error("numbers must not have leading zeros", at: start) }
        } else {
            while let byte = peek, Self.isDigit(byte) {
                if digitCount < 18 { integer = integer * 10 + Int64(byte - JSONByte.zero) }
                digitCount += 1
                index += 1
            }
        }
        var isInteger = true
        if peek == JSONByte.dot {
            isInteger = false
            index += 1
            guard let byte = peek, Self.isDigit(byte) else {
                throw error("expected a digit after the decimal point, found \(found(at: index))")
            }
            while let byte = peek, Self.isDigit(byte) { index += 1 }
        }
        if peek == JSONByte.lowerE || peek == JSONByte.upperE {
            isInteger = false
            index += 1
            if peek == JSONByte.plus || peek == JSONByte.minus { index += 1 }
            guard let byte = peek, Self.isDigit(byte) else {
                throw error("expected a digit in the exponent, found \(found(at: index))")
            }
            while let byte = peek, Self.isDigit(byte) { index += 1 }
        }
        if isInteger, digitCount <= 15 { return negative ? -Double(integer) : Double(integer) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("the number \(text) is too large", at: start)
        }
        return value
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= JSONByte.zero && byte <= JSONByte.nine }
}
