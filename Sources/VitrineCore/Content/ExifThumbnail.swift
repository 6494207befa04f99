/// Finds the thumbnail a camera stores in a JPEG's Exif block (IFD1's `JPEGInterchangeFormat`): a small JPEG of
/// the picture, a card's preview for the cost of decoding 160x120 pixels.
public enum ExifThumbnail {
    /// The bytes of the thumbnail in the JPEG file `bytes`, or nil when there is none (or it is not a JPEG).
    public static func range(in bytes: [UInt8]) -> Range<Int>? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var at = 2
        // Exif comes right after SOI (or after JFIF's APP0); it is looked for among the first markers only.
        while at + 4 <= bytes.count, bytes[at] == 0xFF, (0xE0...0xEF).contains(bytes[at + 1]) {
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            let body = at + 4, end = at + 2 + length
            guard length >= 2, end <= bytes.count else { return nil }
            if bytes[at + 1] == 0xE1, end - body >= 14, Array(bytes[body..<body + 6]) == Array("Exif\0\0".utf8) {
                return thumbnail(in: bytes, tiff: body + 6, end: end)
            }
            at = end
        }
        return nil
    }

    /// The thumbnail's range, from the TIFF structure at `tiff` that ends at `end`.
    private static func thumbnail(in bytes: [UInt8], tiff: Int, end: Int) -> Range<Int>? {
        let little: Bool
        switch (bytes[tiff], bytes[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func read(_ offset: Int, _ count: Int) -> Int? {
            guard offset >= tiff, offset + count <= end else { return nil }
            let field = bytes[offset..<offset + count]
            return (little ? Array(field.reversed()) : Array(field)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard read(tiff + 2, 2) == 42, let ifd0 = read(tiff + 4, 4), let count0 = read(tiff + ifd0, 2),
              let ifd1 = read(tiff + ifd0 + 2 + 12 * count0, 4), ifd1 > 0, let count1 = read(tiff + ifd1, 2) else { return nil }
        var offset: Int?, length: Int?
        for index in 0..<min(count1, 256) {
            let entry = tiff + ifd1 + 2 + index * 12
            guard let tag = read(entry, 2) else { return nil }
            if tag == 0x0201 { offset = read(entry + 8, 4) }
            if tag == 0x0202 { length = read(entry + 8, 4) }
        }
        guard let offset, let length, length > 4, tiff + offset + length <= end,
              bytes[tiff + offset] == 0xFF, bytes[tiff + offset + 1] == 0xD8 else { return nil }
        return tiff + offset..<tiff + offset + length
    }
}
