/// Strings and their escapes.
extension JSONParser {
    /// Parses the string whose opening quote is at `index` and appends its slot: a range of the text, or of
    /// `unescaped` when it has escapes.
    mutating func parseString() throws(JSONSyntaxError) {
        let opening = index
        index += 1
        var segmentStart = index
        // Where the string's decoded bytes start in `unescaped`, once it has an escape.
        var unescapedStart: Int? = nil
        var sawNonASCII = false
        while true {
            // The run of bytes that stand for themselves, in a loop kept tight: strings are most of a config.
            var end = index, highBits: UInt8 = 0
            while end < bytes.count {
                let byte = bytes[end]
                if byte == JSONByte.quote || byte == JSONByte.backslash || byte < 0x20 { break }
                highBits |= byte
                end += 1
            }
            index = end
            if highBits >= 0x80 { sawNonASCII = true }
            guard index < bytes.count else {
                throw error("expected '\"' to close the string that starts at \(position(of: opening)), found end of input")
            }
            let byte = bytes[index]
            if byte == JSONByte.quote { break }
            if byte < 0x20 {
                throw error("expected '\"' to close the string that starts at \(position(of: opening)), found \(found(at: index)) (control characters must be escaped)")
            }
            if unescapedStart == nil { unescapedStart = unescaped.count }
            unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[segmentStart..<index]))
            try parseEscape()
            segmentStart = index
        }
        let tail = UnsafeBufferPointer(rebasing: bytes[segmentStart..<index])
        index += 1  // closing quote
        let slot: JSONDocument.Slot
        let isValid: Bool
        if let start = unescapedStart {
            unescaped.append(contentsOf: tail)
            isValid = !sawNonASCII || unescaped.withUnsafeBufferPointer { Self.isValidUTF8(UnsafeBufferPointer(rebasing: $0[start...])) }
            slot = JSONDocument.Slot(kind: .string, count: unescaped.count - start, payload: UInt64(start), unescaped: true)
        } else {
            isValid = !sawNonASCII || Self.isValidUTF8(tail)
            slot = JSONDocument.Slot(kind: .string, count: tail.count, payload: UInt64(segmentStart))
        }
        guard isValid else { throw error("the string contains bytes that are not valid UTF-8", at: opening) }
        slots.append(slot)
    }

    /// Whether `bytes` are well-formed UTF-8, as `String(validating:as:)` would accept them, without making a string.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// Decodes the escape sequence whose backslash is at `index` and appends its UTF-8 bytes to `unescaped`.
    mutating func parseEscape() throws(JSONSyntaxError) {
        let start = index
        index += 1
        guard index < bytes.count else { throw error("expected an escape character after '\\', found end of input") }
        let simple: UInt8?
        switch bytes[index] {
        case JSONByte.quote: simple = JSONByte.quote
        case JSONByte.backslash: simple = JSONByte.backslash
        case JSONByte.slash: simple = JSONByte.slash
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = JSONByte.newline
        case UInt8(ascii: "r"): simple = JSONByte.carriageReturn
        case UInt8(ascii: "t"): simple = JSONByte.tab
        case UInt8(ascii: "u"): simple = nil
        default:
            throw error("expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX, found '\\' followed by \(found(at: index))", at: start)
        }
        if let simple { unescaped.append(simple); index += 1; return }
        index += 1
        var scalar = try parseHex4()
        if (0xDC00...0xDFFF).contains(scalar) {
            throw error("unpaired low surrogate \\u\(hex(scalar)); a low surrogate must follow a high one", at: start)
        }
        if (0xD800...0xDBFF).contains(scalar) {
            guard index + 1 < bytes.count, bytes[index] == JSONByte.backslash, bytes[index + 1] == UInt8(ascii: "u") else {
                throw error("expected a low surrogate \\uDC00-\\uDFFF after the high surrogate \\u\(hex(scalar))")
            }
            index += 2
            let low = try parseHex4()
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error("expected a low surrogate \\uDC00-\\uDFFF after the high surrogate \\u\(hex(scalar)), found \\u\(hex(low))", at: index - 6)
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        unescaped.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
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
        case JSONByte.zero...JSONByte.nine: UInt32(byte - JSONByte.zero)
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
