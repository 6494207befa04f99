import VitrineCore

/// Reads X window dumps (`xwd`): the header's fields and a 32-bit TrueColor image, as Xvfb at depth 24 writes them.
public enum XWD {
    /// A dump this reader does not take, and why.
    public struct Unsupported: Error, CustomStringConvertible {
        /// What is wrong with it.
        public var description: String
    }

    /// The image in `data`, as opaque RGBA.
    public static func image(_ data: [UInt8]) throws -> RGBAImage {
        func field(_ index: Int) -> Int {
            let o = index * 4
            guard o + 4 <= data.count else { return 0 }
            return Int(data[o]) << 24 | Int(data[o + 1]) << 16 | Int(data[o + 2]) << 8 | Int(data[o + 3])
        }
        let headerSize = field(0), width = field(4), height = field(5), byteOrder = field(7)
        let bitsPerPixel = field(11), bytesPerLine = field(12), colors = field(19)
        // 32 bits a pixel, or 24 (packed: xwd gives these of a root window some X servers hold at 24).
        guard bitsPerPixel == 32 || bitsPerPixel == 24, width > 0, height > 0 else { throw Unsupported(description: "xwd: \(bitsPerPixel) bits per pixel") }
        let bytes = bitsPerPixel / 8, skip = bytes - 3  // A 32-bit pixel's unused byte comes first when most significant first.
        let start = headerSize + colors * 12
        guard data.count >= start + bytesPerLine * height else { throw Unsupported(description: "xwd: cut short") }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = start + y * bytesPerLine + x * bytes
                let (r, g, b) = byteOrder == 0 ? (data[p + 2], data[p + 1], data[p]) : (data[p + skip], data[p + skip + 1], data[p + skip + 2])
                let q = (y * width + x) * 4
                rgba[q] = r; rgba[q + 1] = g; rgba[q + 2] = b
            }
        }
        return RGBAImage(size: PixelSize(width: width, height: height), bytes: rgba)
    }
}
