import Glibc

/// The process's clean file-backed pages (code and read-only data of the executable, its libraries and fonts),
/// which an idle kiosk lets go of: they stay in the page cache, and what runs next maps back what it uses.
///
/// Measured at rest (10 cards, 1200x800): about 14 MiB of the process's PSS was pages of code and read-only data,
/// most of them mapped only once, to start: the config's parser, SDL's video start-up, the fonts' loading. Linux
/// maps 64 KiB around every page of a file a process touches (fault-around), so a few scattered functions keep
/// whole stretches of a 15 MB executable mapped. None of it is ever written, so it is all still in the page cache:
/// `MADV_DONTNEED` only takes it out of the process's page tables, and the next touch maps it back without I/O,
/// unless the kernel needed the memory and evicted it meanwhile, which is the point.
///
/// Only private mappings that are not writable and hold no page of their own (`Anonymous: 0 kB` in
/// `/proc/self/smaps`: no page was ever copied on write, such as relocated read-only data) are let go, so no byte
/// the process wrote is lost.
public enum MappedFiles {
    /// What ``letGo()`` did.
    public struct Outcome: Equatable, Sendable {
        /// How many mappings were let go.
        public var mappings = 0
        /// Their resident bytes before.
        public var bytes = 0
    }

    /// Lets the process's clean, read-only file mappings go (see ``MappedFiles``); returns what it let go, or nil
    /// when `/proc/self/smaps` cannot be read.
    @discardableResult
    public static func letGo() -> Outcome? {
        guard let text = try? FileDescriptor.readFile(atPath: "/proc/self/smaps", limit: 16 << 20) else { return nil }
        var outcome = Outcome()
        for mapping in cleanMappings(inSmaps: text) where madvise(UnsafeMutableRawPointer(bitPattern: mapping.start), Int(mapping.end - mapping.start), MADV_DONTNEED) == 0 {
            outcome.mappings += 1
            outcome.bytes += mapping.residentBytes
        }
        return outcome
    }

    /// A mapping that can be let go.
    struct Mapping: Equatable {
        var start: UInt
        var end: UInt
        var residentBytes: Int
    }

    /// The mappings of `smaps` (the text of `/proc/PID/smaps`) that are private, file-backed, not writable, hold no
    /// anonymous page and have resident pages. One pass over the bytes, looking only at mapping lines and the `Rss:`
    /// and `Anonymous:` lines (about 300 KB for a kiosk's 300 mappings).
    static func cleanMappings(inSmaps smaps: [UInt8]) -> [Mapping] {
        var found: [Mapping] = []
        var current: (mapping: Mapping, eligible: Bool, anonymous: Int)?
        func finish() {
            if let c = current, c.eligible, c.anonymous == 0, c.mapping.residentBytes > 0 { found.append(c.mapping) }
            current = nil
        }
        smaps.withUnsafeBufferPointer { text in
            var lineStart = 0
            while lineStart < text.count {
                var lineEnd = lineStart
                while lineEnd < text.count, text[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                let line = text[lineStart..<lineEnd]
                lineStart = lineEnd + 1
                guard let first = line.first else { continue }
                if first == UInt8(ascii: "R"), let kilobytes = value(of: line, key: "Rss:") {
                    current?.mapping.residentBytes = kilobytes * 1024
                } else if first == UInt8(ascii: "A"), let kilobytes = value(of: line, key: "Anonymous:") {
                    current?.anonymous = kilobytes
                } else if isHexDigit(first), let header = mappingHeader(line) {
                    finish()
                    current = header
                }
            }
        }
        finish()
        return found
    }

    /// A mapping line, `start-end perms offset dev inode [path]`: the range, and whether it is private, file-backed
    /// (inode not 0) and not writable.
    private static func mappingHeader(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> (mapping: Mapping, eligible: Bool, anonymous: Int)? {
        let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 5, omittingEmptySubsequences: true)
        guard fields.count >= 5, let dash = fields[0].firstIndex(of: UInt8(ascii: "-")),
              let start = hex(fields[0][fields[0].startIndex..<dash]), let end = hex(fields[0][(dash + 1)...]) else { return nil }
        let permissions = Array(fields[1])
        let inodeIsZero = fields[4].count == 1 && fields[4].first == UInt8(ascii: "0")
        let eligible = permissions.count == 4 && permissions[0] == UInt8(ascii: "r") && permissions[1] == UInt8(ascii: "-")
            && permissions[3] == UInt8(ascii: "p") && !inodeIsZero && end > start
        return (Mapping(start: start, end: end, residentBytes: 0), eligible, 0)
    }

    /// The number after `key` on a `Key:   N kB` line, or nil when the line is another key's.
    private static func value(of line: Slice<UnsafeBufferPointer<UInt8>>, key: StaticString) -> Int? {
        let keyBytes = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        guard line.count > keyBytes.count, line.prefix(keyBytes.count).elementsEqual(keyBytes) else { return nil }
        var value = 0, digits = 0
        for byte in line.dropFirst(keyBytes.count) {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            } else if digits > 0 {
                break
            }
        }
        return digits > 0 ? value : nil
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }

    private static func hex<Digits: Collection<UInt8>>(_ digits: Digits) -> UInt? {
        guard !digits.isEmpty, digits.count <= 16 else { return nil }
        var value: UInt = 0
        for digit in digits {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt(digit - UInt8(ascii: "a") + 10)
            default: return nil
            }
        }
        return value
    }

}
