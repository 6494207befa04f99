extension ImageHeaders {
    /// A whole, valid, all-black PNG of `width` x `height` (RGB, `bitDepth` 8 or 16), its zlib stream written by
    /// hand as one fixed-Huffman deflate block: a zero, then runs of 258 zeros at distance 1 (13 bits each), so a
    /// picture of hundreds of megabytes takes about a thousandth of that. Slow to decode for its size: a
    /// 7000x7000 16-bit one is a 2 MB file that inflates to 294 MB. `interlaced` stores it in Adam7's seven passes;
    /// `trailingZeros` more zeros follow the last row in the same zlib stream (about 160 to a byte of the file),
    /// data no row needs.
    public static func blackPNG(width: Int, height: Int, bitDepth: Int = 8, interlaced: Bool = false, trailingZeros: Int = 0) -> [UInt8] {
        let ihdr = bigEndian(width, 4) + bigEndian(height, 4) + [UInt8(bitDepth), 2, 0, 0, interlaced ? 1 : 0]  // RGB.
        // Each row: filter type 0, then its zero samples; an interlaced pass has rows of its own width.
        func rows(_ columns: Int, _ count: Int) -> Int { columns == 0 ? 0 : count * (1 + columns * 3 * bitDepth / 8) }
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        let image = interlaced
            ? passes.reduce(0) { sum, p in sum + rows((width - p.0 + p.2 - 1) / p.2, (height - p.1 + p.3 - 1) / p.3) }
            : rows(width, height)
        let total = image + trailingZeros
        var bits = DeflateBits()
        bits.write(1, count: 1)  // BFINAL.
        bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes.
        bits.writeCode(0x30, length: 8)  // The literal 0.
        var left = total - 1
        while left >= 258 {
            bits.writeCode(0xC5, length: 8)  // Length code 285: 258 bytes.
            bits.writeCode(0, length: 5)  // Distance code 0: 1 byte back.
            left -= 258
        }
        for _ in 0..<left { bits.writeCode(0x30, length: 8) }
        bits.writeCode(0, length: 7)  // End of block (256).
        // Adler-32 of `total` zeros: a stays 1, b gains 1 a byte.
        let adler = (total % 65_521) << 16 | 1
        let zlib: [UInt8] = [0x78, 0x01] + bits.bytes + bigEndian(adler, 4)
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", zlib) + chunk("IEND", [])
    }
}

/// Bits packed as deflate packs them: from each byte's lowest bit up.
struct DeflateBits {
    var bytes: [UInt8] = []
    private var used = 8

    /// Writes the `count` low bits of `value`, lowest first (header fields and extra bits).
    mutating func write(_ value: Int, count: Int) {
        for i in 0..<count { put(value >> i & 1) }
    }

    /// Writes a Huffman code of `length` bits, highest first, as deflate stores codes.
    mutating func writeCode(_ code: Int, length: Int) {
        for i in stride(from: length - 1, through: 0, by: -1) { put(code >> i & 1) }
    }

    private mutating func put(_ bit: Int) {
        if used == 8 {
            bytes.append(0)
            used = 0
        }
        bytes[bytes.count - 1] |= UInt8(bit) << used
        used += 1
    }
}
