import Glibc

extension String {
    /// The C locale for numbers, so a decimal point is always `.` whatever locale the process runs in.
    private nonisolated(unsafe) static let numericCLocale = newlocale(LC_NUMERIC_MASK, "C", nil)

    /// Formats `arguments` the way C's `printf` does with `format`: `String(cFormat: "%.1f", 16.666)` is `16.7`.
    ///
    /// Numbers are written in the C locale, as Foundation's `String(format:)` writes them. Only C's conversions
    /// are understood (`%d`, `%f`, `%s` with a C string, …; not `%@`), and each argument must match its
    /// conversion's type, as in C.
    public init(cFormat format: String, _ arguments: any CVarArg...) {
        let previous = String.numericCLocale.map { uselocale($0) }
        defer { if let previous { uselocale(previous) } }
        var capacity = 128
        while true {
            var buffer = [UInt8](repeating: 0, count: capacity)
            let length = buffer.withUnsafeMutableBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { characters in
                    withVaList(arguments) { vsnprintf(characters.baseAddress, characters.count, format, $0) }
                }
            }
            guard length >= 0 else {
                self = ""
                return
            }
            if Int(length) < capacity {
                self = String(decoding: buffer[..<Int(length)], as: UTF8.self)
                return
            }
            capacity = Int(length) + 1
        }
    }
}
