/// Looking at bytes, and describing and locating them for error messages.
extension JSONParser {
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipWhitespace() {
        var position = index
        scan: while position < bytes.count {
            switch bytes[position] {
            case JSONByte.space, JSONByte.newline, JSONByte.carriageReturn, JSONByte.tab: position += 1
            default: break scan
            }
        }
        index = position
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             JSONByte.zero...JSONByte.nine, UInt8(ascii: "_"), JSONByte.dot, JSONByte.plus, JSONByte.minus: true
        default: false
        }
    }

    /// Describes what sits at `offset` for a "found ..." clause.
    func found(at offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let byte = bytes[offset]
        switch byte {
        case JSONByte.newline, JSONByte.carriageReturn: return "a line break"
        case JSONByte.tab: return "a tab"
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
                return "'\(Limits.shortened(text))'"  // A C1 control character is escaped.
            }
            return "the byte 0x\(String(byte, radix: 16, uppercase: true)), which is not valid UTF-8"
        }
    }

    /// The 1-based line and column of a byte offset; columns count Unicode scalars.
    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for position in textStart..<max(textStart, min(offset, bytes.count)) {
            let byte = bytes[position]
            if byte == JSONByte.newline { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
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
