/// What identifies an image file without reading it: its device, inode, size and modification time. A file
/// replaced, edited or touched gets another identity.
public struct ImageIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modifiedSeconds: Int64
    public var modifiedNanoseconds: Int64

    public init(device: UInt64, inode: UInt64, size: Int64, modifiedSeconds: Int64, modifiedNanoseconds: Int64) {
        self.device = device; self.inode = inode; self.size = size
        self.modifiedSeconds = modifiedSeconds; self.modifiedNanoseconds = modifiedNanoseconds
    }
}

/// The names of composed-card cache entries: `card-IMAGE-SHAPE.argb`, where IMAGE hashes the image's identity and
/// SHAPE everything else that shapes the card's pixels (texts, page count, pixel size, point scale, the Exif
/// switch, the entry format). Entries for one image share a prefix, so a start can tell there is one to try
/// before it knows the card's size.
public enum CardCacheKey {
    /// The entry format; bump it whenever composing changes pixels (a new scrim, new fonts, a new decoder).
    public static let formatVersion = 1

    /// The prefix of every entry for the image with `identity`.
    public static func prefix(for identity: ImageIdentity) -> String {
        "card-" + hex(hash([identity.device, identity.inode, UInt64(bitPattern: identity.size),
                            UInt64(bitPattern: identity.modifiedSeconds), UInt64(bitPattern: identity.modifiedNanoseconds)]
                           .map { String($0) }))
    }

    /// The entry's file name for the image with `identity` in a card shaped by `shape` (each field a string).
    public static func fileName(for identity: ImageIdentity, shape: [String]) -> String {
        prefix(for: identity) + "-" + hex(hash(["v\(formatVersion)"] + shape)) + ".argb"
    }

    /// FNV-1a, 64 bits, over the fields with a separator no field's UTF-8 holds (0xFF).
    static func hash(_ fields: [String]) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for field in fields {
            for byte in field.utf8 + [0xFF] {
                h ^= UInt64(byte)
                h = h &* 0x0000_0100_0000_01B3
            }
        }
        return h
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
