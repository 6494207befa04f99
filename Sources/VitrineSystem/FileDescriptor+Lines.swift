import Glibc

extension FileDescriptor {
    /// The lines read from a descriptor (standard input, a pipe), each at most `limit` bytes: what is held stays
    /// under `limit` plus one read, whatever arrives.
    ///
    /// Swift's `readLine()` keeps a line however long it grows: `vitrine ctl --stdin < /dev/zero` held 7 GB within
    /// 10 s. A longer line is read past and given as ``Line/tooLong``, and the lines after it as before.
    public struct Lines {
        /// One line, without its newline (nor a carriage return before it).
        public enum Line: Equatable, Sendable {
            /// A line of at most the limit, decoded as UTF-8 (a byte that is not becomes U+FFFD).
            case text(String)
            /// A line longer than the limit; its bytes were not kept.
            case tooLong
        }

        private let descriptor: FileDescriptor
        private let limit: Int
        private var buffer: [UInt8] = []
        /// Where the unread part of `buffer` starts.
        private var start = 0
        /// Whether the line being read is already longer than the limit (its bytes are dropped as they come).
        private var overlong = false
        private var atEnd = false

        /// Reads lines from `descriptor`, which stays open.
        public init(_ descriptor: FileDescriptor, limit: Int) {
            self.descriptor = descriptor
            self.limit = limit
        }

        /// Bytes read and not yet given out as lines.
        var heldBytes: Int { buffer.count - start }

        /// The next line, or nil at the end (or a read error).
        public mutating func next() -> Line? {
            while true {
                if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                    let line = buffer[start..<newline]
                    start = newline + 1
                    if overlong || line.count > limit {
                        overlong = false
                        return .tooLong
                    }
                    return .text(Self.decode(line))
                }
                if overlong || heldBytes > limit {
                    overlong = true
                    buffer.removeAll(keepingCapacity: true)
                    start = 0
                } else if start > 0 {
                    buffer.removeSubrange(..<start)
                    start = 0
                }
                if atEnd {
                    if overlong {
                        overlong = false
                        return .tooLong
                    }
                    guard heldBytes > 0 else { return nil }
                    defer { buffer.removeAll() }
                    return .text(Self.decode(buffer[...]))
                }
                fill()
            }
        }

        /// Reads once more from the descriptor (at most 64 KiB), or marks the end.
        private mutating func fill() {
            var chunk = [UInt8](repeating: 0, count: FileDescriptor.readChunkSize)
            while true {
                let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor.rawValue, $0.baseAddress, $0.count) }
                if count > 0 {
                    buffer += chunk[..<count]
                    return
                }
                if count < 0 && errno == EINTR { continue }
                atEnd = true
                return
            }
        }

        private static func decode(_ line: ArraySlice<UInt8>) -> String {
            String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
        }
    }
}
