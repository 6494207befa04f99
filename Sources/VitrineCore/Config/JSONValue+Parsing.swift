extension JSONValue {
    /// The deepest nesting of arrays and objects the parser accepts, so hostile input cannot exhaust the stack.
    public static let maximumNestingDepth = 512

    /// Parses one JSON value (RFC 8259) from UTF-8 bytes; a leading byte order mark is skipped.
    ///
    /// - Throws: `JSONSyntaxError` with the 1-based line and column of the first problem.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        let document = try JSONDocument.parse(bytes)
        return document.value(document.root)
    }

    /// Parses one JSON value from a string, as `parse(_:)` does from its UTF-8 bytes.
    ///
    /// - Throws: `JSONSyntaxError` with the 1-based line and column of the first problem.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

extension JSONDocument {
    /// Parses one JSON value (RFC 8259) from UTF-8 bytes, which become the document's text; a leading byte order
    /// mark is skipped.
    ///
    /// - Throws: `JSONSyntaxError` with the 1-based line and column of the first problem.
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONDocument {
        let result: Result<(slots: [Slot], unescaped: [UInt8]), JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(buffer)
            do throws(JSONSyntaxError) {
                try parser.parseDocument()
                return .success((parser.slots, parser.unescaped))
            } catch {
                return .failure(error)
            }
        }
        let (slots, unescaped) = try result.get()
        return JSONDocument(text: bytes, unescaped: unescaped, slots: slots)
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

/// A recursive-descent JSON parser over a UTF-8 buffer, writing a ``JSONDocument``'s slots; it tracks only a byte
/// offset and works out line and column when it has to report an error.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Where the text starts: after a byte order mark, if there is one.
    let textStart: Int
    var index: Int
    var depth = 0
    /// The values parsed so far, in document order.
    var slots: [JSONDocument.Slot] = []
    /// The decoded bytes of the strings that had escapes.
    var unescaped: [UInt8] = []

    /// Where a value is expected, which decides how a missing one is reported.
    enum Place {
        /// The top-level value.
        case document
        /// The value of the member whose key is the string slot at this position.
        case member(key: Int)
        /// The first element of an array.
        case firstElement
        /// An element after a comma.
        case nextElement
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        textStart = hasBOM ? 3 : 0
        index = textStart
    }

    mutating func parseDocument() throws(JSONSyntaxError) {
        skipWhitespace()
        try parseValue(.document)
        skipWhitespace()
        guard index == bytes.count else {
            throw error("expected nothing after the top-level value, found \(found(at: index))")
        }
    }

    // MARK: Values

    /// Parses the value at `index` (whitespace already skipped) and appends its slots.
    mutating func parseValue(_ place: Place) throws(JSONSyntaxError) {
        guard index < bytes.count else { throw error("\(expectation(place)) \(Self.kinds), found end of input") }
        switch bytes[index] {
        case JSONByte.openBrace: try parseObject()
        case JSONByte.openBracket: try parseArray()
        case JSONByte.quote: try parseString()
        case JSONByte.minus, JSONByte.zero...JSONByte.nine:
            slots.append(JSONDocument.Slot(kind: .number, payload: try parseNumber().bitPattern))
        case UInt8(ascii: "t") where matches("true"): index += 4; slots.append(JSONDocument.Slot(kind: .true))
        case UInt8(ascii: "f") where matches("false"): index += 5; slots.append(JSONDocument.Slot(kind: .false))
        case UInt8(ascii: "n") where matches("null"): index += 4; slots.append(JSONDocument.Slot(kind: .null))
        default:
            throw error("\(expectation(place)) \(Self.kinds), found \(found(at: index))")
        }
    }

    /// The kinds of value JSON has, for the message when none is found.
    static let kinds = "(object, array, string, number, true, false or null)"

    /// How the message starts when no value is found at `place`: `expected a value for the key "title"`.
    func expectation(_ place: Place) -> String {
        switch place {
        case .document: "expected a JSON value"
        case .member(let key): "expected a value for the key \(Limits.shortened(text(ofString: key), quoting: true))"
        case .firstElement: "expected a value"
        case .nextElement: "expected a value after ','"
        }
    }

    /// The decoded text of the string slot at position `slot`, for messages.
    func text(ofString slot: Int) -> String {
        let string = slots[slot], start = Int(truncatingIfNeeded: string.payload)
        if string.isUnescaped { return String(decoding: unescaped[start..<start + string.count], as: UTF8.self) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<start + string.count]), as: UTF8.self)
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

    /// Parses the object at `index`: its slot, then each member's key slot and value slots.
    mutating func parseObject() throws(JSONSyntaxError) {
        try enterContainer()
        defer { depth -= 1 }
        let object = slots.count
        slots.append(JSONDocument.Slot(kind: .object))
        var count = 0
        skipWhitespace()
        if peek == JSONByte.closeBrace {
            index += 1
        } else {
            var afterComma = false
            members: while true {
                guard peek == JSONByte.quote else {
                    if !afterComma { throw error("expected a string key or '}', found \(found(at: index))") }
                    let hint = peek == JSONByte.closeBrace ? " (trailing commas are not allowed)" : ""
                    throw error("expected a string key after ','\(hint), found \(found(at: index))")
                }
                let key = slots.count
                try parseString()
                skipWhitespace()
                guard peek == JSONByte.colon else {
                    throw error("expected ':' after the object key \(Limits.shortened(text(ofString: key), quoting: true)), found \(found(at: index))")
                }
                index += 1
                skipWhitespace()
                try parseValue(.member(key: key))
                count += 1
                skipWhitespace()
                switch peek {
                case JSONByte.comma: index += 1; skipWhitespace(); afterComma = true
                case JSONByte.closeBrace: index += 1; break members
                default: throw error("expected ',' or '}' after an object member, found \(found(at: index))")
                }
            }
        }
        slots[object] = JSONDocument.Slot(kind: .object, count: count, payload: UInt64(slots.count))
    }

    /// Parses the array at `index`: its slot, then each element's slots.
    mutating func parseArray() throws(JSONSyntaxError) {
        try enterContainer()
        defer { depth -= 1 }
        let array = slots.count
        slots.append(JSONDocument.Slot(kind: .array))
        var count = 0
        skipWhitespace()
        if peek == JSONByte.closeBracket {
            index += 1
        } else {
            var place = Place.firstElement
            elements: while true {
                if peek == JSONByte.closeBracket, count > 0 {
                    throw error("expected a value after ',' (trailing commas are not allowed), found ']'")
                }
                try parseValue(place)
                count += 1
                skipWhitespace()
                switch peek {
                case JSONByte.comma: index += 1; skipWhitespace(); place = .nextElement
                case JSONByte.closeBracket: index += 1; break elements
                default: throw error("expected ',' or ']' after an array element, found \(found(at: index))")
                }
            }
        }
        slots[array] = JSONDocument.Slot(kind: .array, count: count, payload: UInt64(slots.count))
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
            throw error("the number \(Limits.shortened(text)) is too large", at: start)
        }
        return value
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= JSONByte.zero && byte <= JSONByte.nine }
}
