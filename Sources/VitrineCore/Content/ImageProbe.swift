/// Tells an image file's format and pixel size from its first bytes, without decoding: the check that runs before
/// any decoder sees a file, so empty, foreign, cut-off and oversized files are refused with a reason.
///
/// Every function is pure and works on a prefix of the file; `isWholeFile` says whether the prefix is the whole file,
/// which decides whether running out of bytes means a truncated file or a header further in than was read.
public enum ImageProbe {
    /// The format whose signature `bytes` starts with, or nil.
    ///
    /// A prefix shorter than a signature matches when it is the start of that signature, so a file cut off inside
    /// its signature is reported as a truncated header rather than as a foreign file.
    public static func format(of bytes: [UInt8]) -> ImageFormat? {
        for (format, signature) in signatures where !bytes.isEmpty && matches(bytes, signature) { return format }
        if heifBrand(of: bytes) != nil { return .heif }
        return nil
    }

    /// The format and size `bytes` claim, or why they cannot be an image Vitrine reads.
    ///
    /// Does not apply the pixel limit; ``check(_:isWholeFile:maximumPixels:)`` does.
    public static func probe(_ bytes: [UInt8], isWholeFile: Bool = true) throws(ImageProblem) -> ImageInfo {
        guard !bytes.isEmpty else { throw .empty }
        guard let format = format(of: bytes) else {
            if let (name, hint) = unsupportedFormat(of: bytes) { throw .unsupportedFormat(name, hint: hint) }
            throw .notAnImage(looksLikeText: startsWithText(bytes))
        }
        let reader = HeaderReader(bytes: bytes, format: format, isWholeFile: isWholeFile)
        do throws(ImageProblem) {
            let size: PixelSize
            var orientation = ImageOrientation.up
            switch format {
            case .png: (size, orientation) = try pngHeader(reader)
            case .jpeg: (size, orientation) = try jpegHeader(reader)
            case .gif: size = try gifSize(reader)
            case .bmp: size = try bmpSize(reader)
            case .webp:
                size = try webpSize(reader)
                orientation = webpOrientation(bytes) ?? .up
            case .heif: size = try heifSize(reader)
            }
            guard size.width > 0, size.height > 0 else { throw .corruptHeader(format, "claims a size of \(size.width)x\(size.height)") }
            return ImageInfo(format: format, size: size, orientation: orientation)
        } catch {
            // Text that happens to start like a signature ("BMW …") is text, not a broken bitmap.
            throw startsWithText(bytes) ? .notAnImage(looksLikeText: true) : error
        }
    }

    /// ``probe(_:isWholeFile:)`` and the decompression-bomb check: an image claiming more than `maximumPixels`
    /// pixels is refused.
    public static func check(_ bytes: [UInt8], isWholeFile: Bool = true,
                             maximumPixels: Int = ImageLimits.maximumPixels) throws(ImageProblem) -> ImageInfo {
        let info = try probe(bytes, isWholeFile: isWholeFile)
        guard info.pixelCount <= maximumPixels else { throw .tooManyPixels(info.format, info.size, limit: maximumPixels) }
        return info
    }

    /// The signatures, in the order they are tried. WebP's names the container and its `WEBP` form type (bytes 4
    /// to 7 are the RIFF size, matched by anything).
    static let signatures: [(ImageFormat, [UInt8?])] = [
        (.png, [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
        (.jpeg, [0xFF, 0xD8, 0xFF]),
        (.gif, Array("GIF8".utf8)),
        (.bmp, Array("BM".utf8)),
        (.webp, Array("RIFF".utf8) + [nil, nil, nil, nil] + Array("WEBP".utf8)),
    ]

    /// How many leading bytes are looked at to tell text from binary data.
    static let textSniffLength = 64

    /// Whether `bytes` begin with text: printable ASCII, tabs, line breaks, or UTF-8 (a byte-order mark included),
    /// and no other control bytes, over the first ``textSniffLength`` bytes.
    static func startsWithText(_ bytes: [UInt8]) -> Bool {
        let head = bytes.prefix(textSniffLength)
        let printable = head.allSatisfy { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || (0x20...0x7E).contains($0) || $0 >= 0x80 }
        guard printable else { return false }
        // Accept UTF-8 only where it decodes; a cut at the end of the sniffed bytes may split one character.
        var decoded = 0
        var iterator = head.makeIterator()
        var utf8 = UTF8()
        loop: while true {
            switch utf8.decode(&iterator) {
            case .scalarValue(let scalar): decoded += String(scalar).utf8.count
            case .emptyInput: break loop
            case .error: break loop
            }
        }
        return decoded >= head.count - 3 && decoded > 0
    }

    private static func matches(_ bytes: [UInt8], _ signature: [UInt8?]) -> Bool {
        for (byte, expected) in zip(bytes, signature) where expected != nil && byte != expected { return false }
        return true
    }
}

/// Reads big- and little-endian fields from a file's first bytes, throwing the right problem when they run out.
struct HeaderReader {
    /// The bytes read from the file.
    let bytes: [UInt8]
    /// The format being read, for problems.
    let format: ImageFormat
    /// Whether `bytes` is the whole file.
    let isWholeFile: Bool

    /// Throws unless `count` bytes from `offset` are there.
    func need(_ offset: Int, _ count: Int) throws(ImageProblem) {
        guard offset >= 0, count >= 0, offset + count <= bytes.count else {
            throw isWholeFile ? .truncatedHeader(format, bytes: bytes.count) : .headerBeyondReadLimit(format, bytesRead: bytes.count)
        }
    }

    /// The byte at `offset`.
    func u8(_ offset: Int) throws(ImageProblem) -> Int {
        try need(offset, 1)
        return Int(bytes[offset])
    }

    /// An unsigned big-endian integer of `count` bytes at `offset`.
    func bigEndian(_ offset: Int, _ count: Int) throws(ImageProblem) -> Int {
        try need(offset, count)
        return bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    /// An unsigned little-endian integer of `count` bytes at `offset`.
    func littleEndian(_ offset: Int, _ count: Int) throws(ImageProblem) -> Int {
        try need(offset, count)
        return bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    /// Whether the bytes at `offset` are `text`'s ASCII bytes.
    func has(_ text: String, at offset: Int) throws(ImageProblem) -> Bool {
        let expected = Array(text.utf8)
        try need(offset, expected.count)
        return Array(bytes[offset..<offset + expected.count]) == expected
    }
}
