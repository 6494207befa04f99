/// The title a picture carries in its own metadata: a JPEG's Exif `ImageDescription` (tag 0x010E), else its
/// `XPTitle` (tag 0x9C9B, which Windows writes as UTF-16LE), both in IFD0.
///
/// Works on the first bytes of the file, never more than ``Limits/imageMetadataBytes``: ``bytesWanted(_:)`` says
/// how far a reader should read for ``title(in:)`` to see the whole Exif block.
public enum EmbeddedTitle {
    /// The number of bytes from the start of the file to read for ``title(in:)``, when `header` (the first bytes
    /// read) ends before a JPEG's Exif block does; nil when it holds enough, or when there is nothing to find.
    /// Never more than ``Limits/imageMetadataBytes``.
    public static func bytesWanted(_ header: [UInt8]) -> Int? {
        guard case .needsBytes(let count) = exifBlock(in: header) else { return nil }
        let wanted = min(count, Limits.imageMetadataBytes)
        return wanted > header.count ? wanted : nil
    }

    /// The title in the Exif block of the JPEG whose first bytes are `header`: `ImageDescription` when it has
    /// text, else `XPTitle`; tidied (``tidy(_:)``); nil when there is none.
    public static func title(in header: [UInt8]) -> String? {
        guard case .found(let range) = exifBlock(in: header) else { return nil }
        let tiff = ExifReader(bytes: header, tiffStart: range.lowerBound + 6, end: range.upperBound)
        return tiff.flatMap { reader in
            reader.value(ofTag: 0x010E).flatMap { tidy(asciiText($0)) }
                ?? reader.value(ofTag: 0x9C9B).flatMap { tidy(utf16LittleEndianText($0)) }
        }
    }

    /// `text` made fit for a title: control characters become spaces, runs of white space one space, the ends are
    /// trimmed and it is cut to ``Limits/textScalars`` characters; nil when nothing is left.
    public static func tidy(_ text: String) -> String? {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        var count = 0
        for scalar in text.unicodeScalars {
            if Limits.isControl(scalar) || scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(" ")
                count += 1
                pendingSpace = false
            }
            guard count < Limits.textScalars else { break }
            result.append(scalar)
            count += 1
        }
        return result.isEmpty ? nil : String(result)
    }

    /// Where the JPEG's Exif block is, or how many bytes are needed to know.
    enum Search: Equatable {
        /// The Exif block (from its `Exif\0\0` to the end of its segment, cut where `header` ends).
        case found(Range<Int>)
        /// The block, or the segment leading to it, goes on past the bytes given: this many are needed.
        case needsBytes(Int)
        /// Not a JPEG, or no Exif block before the picture's frame.
        case none
    }

    /// Walks the JPEG's segments, as far as ``Limits/imageMetadataBytes``, to its first APP1 holding Exif.
    static func exifBlock(in bytes: [UInt8]) -> Search {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return .none }
        var at = 2
        while at < Limits.imageMetadataBytes {
            guard at + 4 <= bytes.count else { return .needsBytes(at + 10) }
            guard bytes[at] == 0xFF else { return .none }
            let marker = bytes[at + 1]
            if marker == 0xFF { at += 1; continue }  // A fill byte.
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { at += 2; continue }  // Standalone markers.
            if (0xC0...0xCF).contains(marker) || marker == 0xDA || marker == 0xD9 { return .none }  // The picture begins.
            let length = Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length >= 2 else { return .none }
            let end = at + 2 + length
            if marker == 0xE1 {
                guard at + 10 <= bytes.count else { return .needsBytes(at + 10) }
                if Array(bytes[(at + 4)..<(at + 10)]) == Array("Exif\0\0".utf8) {
                    return end <= bytes.count ? .found((at + 4)..<end) : (bytes.count >= Limits.imageMetadataBytes
                        ? .found((at + 4)..<bytes.count) : .needsBytes(end))
                }
            }
            at = end
        }
        return .none
    }

    /// The bytes of an ASCII (or, as many tools write, UTF-8) value up to its first NUL, as text.
    static func asciiText(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }

    /// A UTF-16LE value up to its first NUL character, as text (a cut-off or unpaired half becomes U+FFFD).
    static func utf16LittleEndianText(_ bytes: ArraySlice<UInt8>) -> String {
        var units: [UInt16] = []
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let unit = UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
            if unit == 0 { break }
            units.append(unit)
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }
}

/// Reads IFD0 of a TIFF structure (an Exif block's body) in either byte order, every offset checked.
private struct ExifReader {
    let bytes: [UInt8]
    let tiffStart: Int
    let end: Int
    let little: Bool
    /// Where IFD0 starts, from the start of the TIFF header.
    private(set) var ifd0 = 0

    /// A reader of the TIFF header at `tiffStart`, or nil when it is not one.
    init?(bytes: [UInt8], tiffStart: Int, end: Int) {
        self.bytes = bytes
        self.tiffStart = tiffStart
        self.end = min(end, bytes.count)
        guard tiffStart + 8 <= self.end else { return nil }
        switch (bytes[tiffStart], bytes[tiffStart + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        guard let magic = integer(tiffStart + 2, 2), magic == 42, let offset = integer(tiffStart + 4, 4) else { return nil }
        ifd0 = offset
    }

    /// The unsigned integer of `count` bytes at `offset` in the file, in the block's byte order; nil past the end.
    func integer(_ offset: Int, _ count: Int) -> Int? {
        guard offset >= tiffStart, offset + count <= end else { return nil }
        let field = bytes[offset..<(offset + count)]
        return (little ? field.reversed() : Array(field)).reduce(0) { $0 << 8 | Int($1) }
    }

    /// The bytes of the value of `tag` in IFD0 when it is text-like (ASCII, BYTE or UNDEFINED), nil otherwise.
    func value(ofTag tag: Int) -> ArraySlice<UInt8>? {
        let directory = tiffStart + ifd0
        guard let entries = integer(directory, 2) else { return nil }
        for index in 0..<entries {
            let entry = directory + 2 + index * 12
            guard let found = integer(entry, 2) else { return nil }
            guard found == tag else { continue }
            guard let type = integer(entry + 2, 2), [1, 2, 7].contains(type), let count = integer(entry + 4, 4) else { return nil }
            let start: Int
            if count <= 4 {
                start = entry + 8
            } else {
                guard let offset = integer(entry + 8, 4) else { return nil }
                start = tiffStart + offset
            }
            guard start >= tiffStart, start <= end else { return nil }
            return bytes[start..<min(end, start + count)]
        }
        return nil
    }
}
