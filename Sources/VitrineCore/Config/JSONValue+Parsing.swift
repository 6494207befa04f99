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
private enum Byte {
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
private struct JSONParser {
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
        case Byte.openBrace: return try parseObject()
        case Byte.openBracket: return try parseArray()
        case Byte.quote: return .string(try parseString())
        case Byte.minus, Byte.zero...Byte.nine: return .number(try parseNumber())
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
        if peek == Byte.closeBrace { index += 1; return .object([]) }
        let start = memberStack.count
        var afterComma = false
        while true {
            guard peek == Byte.quote else {
                if !afterComma { throw error("expected a string key or '}', found \(found(at: index))") }
                let hint = peek == Byte.closeBrace ? " (trailing commas are not allowed)" : ""
                throw error("expected a string key after ','\(hint), found \(found(at: index))")
            }
            let key = try parseString()
            skipWhitespace()
            guard peek == Byte.colon else {
                throw error("expected ':' after the object key \"\(key)\", found \(found(at: index))")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue(expected: "expected a value for the key \"\(key)\"")
            memberStack.append(JSONMember(key: key, value: value))
            skipWhitespace()
            switch peek {
            case Byte.comma: index += 1; skipWhitespace(); afterComma = true
            case Byte.closeBrace:
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
        if peek == Byte.closeBracket { index += 1; return .array([]) }
        let start = elementStack.count
        var expected = "expected a value"
        while true {
            if peek == Byte.closeBracket, elementStack.count > start {
                throw error("expected a value after ',' (trailing commas are not allowed), found ']'")
            }
            let element = try parseValue(expected: expected)
            elementStack.append(element)
            skipWhitespace()
            switch peek {
            case Byte.comma: index += 1; skipWhitespace(); expected = "expected a value after ','"
            case Byte.closeBracket:
                index += 1
                let elements = Array(elementStack[start...])
                elementStack.removeSubrange(start...)
                return .array(elements)
            default: throw error("expected ',' or ']' after an array element, found \(found(at: index))")
            }
        }
    }

    // MARK: Strings

    /// Parses the string whose opening quote is at `index`.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        let opening = index
        index += 1
        var segmentStart = index
        var sawEscape = false
        var sawNonASCII = false
        while true {
            guard index < bytes.count else {
                throw error("expected '\"' to close the string that starts at \(position(of: opening)), found end of input")
            }
            let byte = bytes[index]
            if byte == Byte.quote { break }
            if byte < 0x20 {
                throw error("expected '\"' to close the string that starts at \(position(of: opening)), found \(found(at: index)) (control characters must be escaped)")
            }
            if byte >= 0x80 { sawNonASCII = true; index += 1; continue }
            if byte != Byte.backslash { index += 1; continue }
            if !sawEscape { sawEscape = true; scratch.removeAll(keepingCapacity: true) }
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<index]))
            try parseEscape()
            segmentStart = index
        }
        let tail = UnsafeBufferPointer(rebasing: bytes[segmentStart..<index])
        index += 1  // closing quote
        let string: String?
        if sawEscape {
            scratch.append(contentsOf: tail)
            string = sawNonASCII ? String(validating: scratch, as: UTF8.self) : String(decoding: scratch, as: UTF8.self)
        } else {
            string = sawNonASCII ? String(validating: tail, as: UTF8.self) : String(decoding: tail, as: UTF8.self)
        }
        guard let string else { throw error("the string contains bytes that are not valid UTF-8", at: opening) }
        return string
    }

    /// Decodes the escape sequence whose backslash is at `index` and appends its UTF-8 bytes to `scratch`.
    mutating func parseEscape() throws(JSONSyntaxError) {
        let start = index
        index += 1
        guard index < bytes.count else { throw error("expected an escape character after '\\', found end of input") }
        let simple: UInt8?
        switch bytes[index] {
        case Byte.quote: simple = Byte.quote
        case Byte.backslash: simple = Byte.backslash
        case Byte.slash: simple = Byte.slash
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = Byte.newline
        case UInt8(ascii: "r"): simple = Byte.carriageReturn
        case UInt8(ascii: "t"): simple = Byte.tab
        case UInt8(ascii: "u"): simple = nil
        default:
            throw error("expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX, found '\\' followed by \(found(at: index))", at: start)
        }
        if let simple { scratch.append(simple); index += 1; return }
        index += 1
        var scalar = try parseHex4()
        if (0xDC00...0xDFFF).contains(scalar) {
            throw error("unpaired low surrogate \\u\(hex(scalar)); a low surrogate must follow a high one", at: start)
        }
        if (0xD800...0xDBFF).contains(scalar) {
            guard index + 1 < bytes.count, bytes[index] == Byte.backslash, bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("expected a low surrogate \\uDC00-\\uDFFF after the high surrogate \\u\(hex(scalar))")
            }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error("expected a low surrogate \\uDC00-\\uDFFF after the high surrogate \\u\(hex(scalar)), found \\u\(hex(low))", at: index - 6)
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        scratch.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
    }

    /// Reads the four hex digits of a `\u` escape.
    mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else {
                throw error("expected four hex digits after '\\u', found \(found(at: index))")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case Byte.zero...Byte.nine: UInt32(byte - Byte.zero)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    // MARK: Numbers

    /// Parses `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` at `index`.
    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        let negative = peek == Byte.minus
        if negative { index += 1 }
        guard let first = peek, Self.isDigit(first) else {
            throw error("expected a digit after '-', found \(found(at: index))")
        }
        var integer: Int64 = 0
        var digitCount = 0
        if first == Byte.zero {
            index += 1
            if let next = peek, Self.isDigit(next) { throw error("numbers must not have leading zeros", at: start) }
        } else {
            while let byte = peek, Self.isDigit(byte) {
                if digitCount < 18 { integer = integer * 10 + Int64(byte - Byte.zero) }
                digitCount += 1
                index += 1
            }
        }
        var isInteger = true
        if peek == Byte.dot {
            isInteger = false
            index += 1
            guard let byte = peek, Self.isDigit(byte) else {
                throw error("expected a digit after the decimal point, found \(found(at: index))")
            }
            while let byte = peek, Self.isDigit(byte) { index += 1 }
        }
        if peek == Byte.lowerE || peek == Byte.upperE {
            isInteger = false
            index += 1
            if peek == Byte.plus || peek == Byte.minus { index += 1 }
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

    static func isDigit(_ byte: UInt8) -> Bool { byte >= Byte.zero && byte <= Byte.nine }

    // MARK: Helpers

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case Byte.space, Byte.newline, Byte.carriageReturn, Byte.tab: index += 1
            default: return
            }
        }
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             Byte.zero...Byte.nine, UInt8(ascii: "_"), Byte.dot, Byte.plus, Byte.minus: true
        default: false
        }
    }

    /// Describes what sits at `offset` for a "found ..." clause.
    func found(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let byte = bytes[offset]
        switch byte {
        case Byte.newline, Byte.carriageReturn: return "a line break"
        case Byte.tab: return "a tab"
        case 0..<0x20, 0x7F: return "the control character U+\(hex(UInt32(byte)))"
        case 0x20..<0x80 where Self.isWordByte(byte):
            var end = offset
            while end < bytes.count, end - offset < 24, Self.isWordByte(bytes[end]) { end += 1 }
            return "'" + String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self) + "'"
        case 0x20..<0x80: return "'" + String(UnicodeScalar(byte)) + "'"
        default:
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            if offset + length <= bytes.count,
               let text = String(validating: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self) {
                return "'\(text)'"
            }
            return "the byte 0x\(String(byte, radix: 16, uppercase: true)), which is not valid UTF-8"
        }
    }

    /// The 1-based line and column of a byte offset; columns count Unicode scalars.
    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for position in textStart..<max(textStart, min(offset, bytes.count)) {
            let byte = bytes[position]
            if byte == Byte.newline { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return (line, column)
    }

    func position(of offset: Int) -> String {
        let (line, column) = lineAndColumn(of: offset)
        return "line \(line), column \(column)"
    }

    func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        let (line, column) = lineAndColumn(of: offset ?? index)
        return JSONSyntaxError(line: line, column: column, message: message)
    }
}
