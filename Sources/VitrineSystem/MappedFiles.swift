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
    /// anonymous page and have resident pages.
    static func cleanMappings(inSmaps smaps: [UInt8]) -> [Mapping] {
        var found: [Mapping] = []
        var current: (mapping: Mapping, eligible: Bool, anonymous: Int)?
        func finish() {
            if let c = current, c.eligible, c.anonymous == 0, c.mapping.residentBytes > 0 { found.append(c.mapping) }
            current = nil
        }
        for line in smaps.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if let dash = first.firstIndex(of: UInt8(ascii: "-")), fields.count >= 5,
               let start = hex(first[first.startIndex..<dash]), let end = hex(first[(dash + 1)...]) {
                finish()
                let permissions = Array(fields[1])
                // r, not w, private; a file (inode not 0).
                let eligible = permissions.count == 4 && permissions[0] == UInt8(ascii: "r") && permissions[1] == UInt8(ascii: "-")
                    && permissions[3] == UInt8(ascii: "p") && !(fields[4].count == 1 && fields[4].first == UInt8(ascii: "0"))
                current = (Mapping(start: start, end: end, residentBytes: 0), eligible && end > start, 0)
            } else if current != nil, fields.count >= 2, let kilobytes = decimal(fields[1]) {
                switch String(decoding: first, as: UTF8.self) {
                case "Rss:": current?.mapping.residentBytes = kilobytes * 1024
                case "Anonymous:": current?.anonymous = kilobytes
                default: break
                }
            }
        }
        finish()
        return found
    }

    private static func hex(_ digits: ArraySlice<UInt8>) -> UInt? {
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

    private static func decimal(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }
}
