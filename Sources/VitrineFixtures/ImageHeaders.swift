/// Hand-built image file headers, byte by byte from each format's specification, for probing tests and bad files.
public enum ImageHeaders {
    /// A PNG signature and `IHDR` chunk (8-bit RGBA) claiming `width` x `height`, with a correct CRC; with
    /// `complete`, a small `IDAT` (a stored zlib block of zero bytes, as the first rows of a real file) and `IEND`.
    public static func png(width: Int, height: Int, complete: Bool = false) -> [UInt8] {
        var ihdr = bigEndian(width, 4) + bigEndian(height, 4)
        ihdr += [8, 6, 0, 0, 0]  // Bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace.
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
        if complete {
            let zeros = [UInt8](repeating: 0, count: 64)
            let zlib: [UInt8] = [0x78, 0x01, 0x00] + littleEndian(zeros.count, 2) + littleEndian(~zeros.count & 0xFFFF, 2)
                + zeros + bigEndian(adler32(zeros), 4)
            bytes += chunk("IDAT", zlib) + chunk("IEND", [])
        }
        return bytes
    }

    /// A JPEG's start: SOI, a JFIF APP0 segment, `metadataBytes` of APP1 padding (as Exif would take), fill bytes,
    /// then a start-of-frame segment (`sof` 0xC0 baseline, 0xC2 progressive) claiming `width` x `height`.
    public static func jpeg(width: Int, height: Int, metadataBytes: Int = 0, sof: UInt8 = 0xC0) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        var remaining = metadataBytes
        while remaining > 0 {  // A segment holds at most 65533 bytes of data.
            let count = min(remaining, 65_533)
            bytes += [0xFF, 0xE1] + bigEndian(count + 2, 2) + [UInt8](repeating: 0x45, count: count)
            remaining -= count
        }
        bytes += [0xFF, 0xFF]  // Fill bytes before the marker, which decoders must skip.
        bytes += [0xFF, sof] + bigEndian(17, 2) + [8] + bigEndian(height, 2) + bigEndian(width, 2)
        bytes += [3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]  // Three components (Y 2x2, Cb, Cr) and their tables.
        return bytes
    }

    /// A GIF89a header and logical screen descriptor claiming `width` x `height`.
    public static func gif(width: Int, height: Int) -> [UInt8] {
        Array("GIF89a".utf8) + littleEndian(width, 2) + littleEndian(height, 2) + [0x00, 0, 0]
    }

    /// A BMP file header and 40-byte `BITMAPINFOHEADER` (24-bit); a negative `height` stores the rows top-down.
    public static func bmp(width: Int, height: Int) -> [UInt8] {
        let info = littleEndian(40, 4) + littleEndian(width, 4) + littleEndian(height, 4) + littleEndian(1, 2)
            + littleEndian(24, 2) + [UInt8](repeating: 0, count: 24)
        return Array("BM".utf8) + littleEndian(54, 4) + [0, 0, 0, 0] + littleEndian(54, 4) + info
    }

    /// The WebP chunk kinds: lossy, lossless and extended.
    public enum WebPKind: String, Sendable, CaseIterable { case lossy = "VP8 ", lossless = "VP8L", extended = "VP8X" }

    /// A RIFF/WEBP header whose first chunk, of `kind`, claims `width` x `height`.
    public static func webp(_ kind: WebPKind, width: Int, height: Int) -> [UInt8] {
        let payload: [UInt8]
        switch kind {
        case .lossy:
            payload = [0x50, 0x01, 0x00, 0x9D, 0x01, 0x2A] + littleEndian(width, 2) + littleEndian(height, 2)
        case .lossless:
            payload = [0x2F] + littleEndian((width - 1) | (height - 1) << 14 | 1 << 28, 4)
        case .extended:
            payload = [0x10, 0, 0, 0] + littleEndian(width - 1, 3) + littleEndian(height - 1, 3)
        }
        return Array("RIFF".utf8) + littleEndian(4 + 8 + payload.count, 4) + Array("WEBP".utf8) + Array(kind.rawValue.utf8)
            + littleEndian(payload.count, 4) + payload
    }

    /// An APP1 segment (marker, length, body) holding an Exif block whose IFD0 has one entry: `Orientation` =
    /// `orientation`, in the byte order `littleEndian` picks, stored as `type` (3: SHORT, 4: LONG).
    public static func exifSegment(orientation: Int, littleEndian little: Bool = false, type: Int = 3) -> [UInt8] {
        let body = Array("Exif".utf8) + [0, 0] + exifTIFF(orientation: orientation, littleEndian: little, type: type)
        return [0xFF, 0xE1] + bigEndian(body.count + 2, 2) + body
    }

    /// The TIFF block of ``exifSegment(orientation:littleEndian:type:)``, as a PNG `eXIf` or WebP `EXIF` chunk
    /// holds it.
    public static func exifTIFF(orientation: Int, littleEndian little: Bool = false, type: Int = 3) -> [UInt8] {
        func field(_ value: Int, _ count: Int) -> [UInt8] { little ? littleEndian(value, count) : bigEndian(value, count) }
        return (little ? Array("II".utf8) : Array("MM".utf8)) + field(42, 2) + field(8, 4)
            + field(1, 2) + field(0x0112, 2) + field(type, 2) + field(1, 4) + (type == 4 ? field(orientation, 4) : field(orientation, 2) + [0, 0])
            + field(0, 4)
    }

    /// `png` (a whole PNG file) with a chunk of `type` holding `data` right after its `IHDR`.
    public static func inserting(chunk type: String, _ data: [UInt8], into png: [UInt8]) -> [UInt8] {
        Array(png.prefix(33)) + chunk(type, data) + Array(png.dropFirst(33))
    }

    /// `still`, a simple WebP file of `width` x `height` (one `VP8 ` or `VP8L` chunk), made extended: a `VP8X`
    /// header flagging Exif, the image chunk, then an `EXIF` chunk holding `tiff`.
    public static func webp(_ still: [UInt8], width: Int, height: Int, exif tiff: [UInt8]) -> [UInt8] {
        let body = Array("VP8X".utf8) + littleEndian(10, 4) + [0x08, 0, 0, 0] + littleEndian(width - 1, 3) + littleEndian(height - 1, 3)
            + Array(still.dropFirst(12)) + (still.count % 2 == 1 ? [0] : []) + Array("EXIF".utf8) + littleEndian(tiff.count, 4) + tiff + (tiff.count % 2 == 1 ? [0] : [])
        return Array("RIFF".utf8) + littleEndian(4 + body.count, 4) + Array("WEBP".utf8) + body
    }

    /// `jpeg` (a whole JPEG file) with `segment` inserted right after its SOI marker.
    public static func inserting(_ segment: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        Array(jpeg.prefix(2)) + segment + Array(jpeg.dropFirst(2))
    }

    /// A GIF89a header for a `screen`-sized logical screen whose first image descriptor claims a `frame`-sized
    /// frame, then an empty image and the trailer: the frame of a decompression bomb.
    public static func gif(screen: (width: Int, height: Int), frame: (width: Int, height: Int)) -> [UInt8] {
        gif(width: screen.width, height: screen.height)
            + [0x21, 0xF9, 4, 0, 0, 0, 0, 0]  // A graphic control extension.
            + [0x2C] + littleEndian(0, 2) + littleEndian(0, 2) + littleEndian(frame.width, 2) + littleEndian(frame.height, 2) + [0]
            + [2, 2, 0x4C, 0x01, 0, 0x3B]
    }

    /// A PNG header (`png(width:height:)`) followed by one chunk of `type` claiming `claimedLength` bytes but holding
    /// only `bytes` of them: libpng's `huge_*_chunk.png` crashers.
    public static func pngWithChunk(_ type: String, claimedLength: Int, bytes: Int = 12) -> [UInt8] {
        png(width: 16, height: 16) + bigEndian(claimedLength, 4) + Array(type.utf8) + [UInt8](repeating: 0x41, count: bytes)
    }

    /// A whole greyscale progressive JPEG of `width` x `height` built byte by byte: a DC scan, then `scans` copies
    /// of an AC scan that says "no coefficients here" for every block with a few end-of-band runs. Each scan is a
    /// dozen bytes, but a decoder visits every block for each: thousands of them are a known way to make a small
    /// file take minutes of CPU.
    public static func progressiveJPEG(width: Int, height: Int, scans: Int) -> [UInt8] {
        func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] { [0xFF, marker] + bigEndian(body.count + 2, 2) + body }
        let blocks = (width + 7) / 8 * ((height + 7) / 8)
        var bytes: [UInt8] = [0xFF, 0xD8] + segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        bytes += segment(0xC2, [8] + bigEndian(height, 2) + bigEndian(width, 2) + [1, 1, 0x11, 0])
        // One-symbol Huffman tables: DC difference 0, and AC end-of-band run EOB14 (2^14 + 14 more bits), code "0".
        bytes += segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0x00])
        var dc = EntropyBits()
        for _ in 0..<blocks { dc.put(0, 1) }
        bytes += segment(0xDA, [1, 1, 0x00, 0, 0, 0]) + dc.finished()
        bytes += segment(0xC4, [0x10, 1] + [UInt8](repeating: 0, count: 15) + [0xE0])
        var ac = EntropyBits()
        var left = blocks
        while left > 0 {
            let run = max(min(left, 32_767), 16_384)  // The last run may claim more blocks than are left.
            ac.put(0, 1)
            ac.put(run - 16_384, 14)
            left -= run
        }
        let scan = segment(0xDA, [1, 1, 0x00, 1, 1, 0]) + ac.finished()
        for _ in 0..<scans { bytes += scan }
        return bytes + [0xFF, 0xD9]
    }

    /// Entropy-coded bits, most significant first, with a 0 stuffed after every 0xFF byte.
    struct EntropyBits {
        var bytes: [UInt8] = []
        var byte = 0, count = 0

        mutating func put(_ value: Int, _ bits: Int) {
            for i in stride(from: bits - 1, through: 0, by: -1) {
                byte = byte << 1 | (value >> i & 1)
                count += 1
                if count == 8 {
                    bytes.append(UInt8(byte))
                    if byte == 0xFF { bytes.append(0) }
                    byte = 0
                    count = 0
                }
            }
        }

        /// The bytes, the last one padded with 1 bits.
        mutating func finished() -> [UInt8] {
            while count != 0 { put(1, 1) }
            return bytes
        }
    }

    /// A whole bit-field BMP (`BI_BITFIELDS`) of `bits` (16 or 32) a pixel with `masks` (red, green, blue and,
    /// with a 108-byte V4 header, alpha); `pixel(x, y)` gives each stored value, rows bottom-up (top-down when
    /// `topDown`). `compression` 0 (`BI_RGB`) with a `headerSize` of 56 or more keeps the masks in the header, where
    /// only the alpha mask counts; a `headerSize` of 40 with four masks is `BI_ALPHABITFIELDS`' layout.
    public static func bitfieldsBMP(width: Int, height: Int, bits: Int, masks: [UInt32], topDown: Bool = false,
                                    compression: Int = 3, headerSize: Int? = nil, pixel: (Int, Int) -> UInt32) -> [UInt8] {
        let stride = (width * bits + 31) / 32 * 4
        var data: [UInt8] = []
        for row in 0..<height {
            let y = topDown ? row : height - 1 - row
            var line: [UInt8] = []
            for x in 0..<width { line += littleEndian(Int(pixel(x, y)), bits / 8) }
            data += line + [UInt8](repeating: 0, count: stride - line.count)
        }
        let headerSize = headerSize ?? (masks.count == 4 ? 108 : 40)
        var info = littleEndian(headerSize, 4) + littleEndian(width, 4) + littleEndian(topDown ? -height : height, 4) + littleEndian(1, 2)
            + littleEndian(bits, 2) + littleEndian(compression, 4) + littleEndian(data.count, 4) + [UInt8](repeating: 0, count: 16)
        info += masks.flatMap { littleEndian(Int($0), 4) }
        info += [UInt8](repeating: 0, count: max(0, headerSize + (headerSize > 40 ? 0 : 4 * masks.count) - info.count))
        let offset = 14 + info.count
        return Array("BM".utf8) + littleEndian(offset + data.count, 4) + [0, 0, 0, 0] + littleEndian(offset, 4) + info + data
    }

    /// `value`'s low `count` bytes, most significant first.
    public static func bigEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// `value`'s low `count` bytes, least significant first.
    public static func littleEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// A PNG chunk: length, type, data and the CRC-32 of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(data.count, 4) + typed + bigEndian(Int(crc32(typed)), 4)
    }

    /// The CRC-32 PNG and zip use (reflected polynomial 0xEDB88320), bit by bit.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// zlib's Adler-32 checksum.
    static func adler32(_ bytes: [UInt8]) -> Int {
        var a = 1, b = 0
        for byte in bytes {
            a = (a + Int(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}
