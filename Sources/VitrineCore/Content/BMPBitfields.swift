/// Decodes the BMPs whose pixels are laid out by bit masks (`BI_BITFIELDS`, `BI_ALPHABITFIELDS`), 16 or 32 bits a
/// pixel: SDL only reads the mask sets it has a pixel format for, and refuses others ("Unknown pixel format"),
/// such as 10-bit channels or 4-4-4. Also uncompressed (`BI_RGB`) 16- and 32-bit BMPs with a V3, V4 or V5 header,
/// whose alpha mask says whether the unused bits are alpha: SDL reads a 32-bit one's fourth byte as alpha whenever
/// it is not zero everywhere, so leftovers there drew the picture dark or black.
public enum BMPBitfields {
    /// A decoded picture: ARGB pixels, row by row from the top, and whether any alpha mask was given.
    public struct Picture: Equatable, Sendable {
        public var size: PixelSize
        public var pixels: [UInt32]
        public var hasAlpha: Bool
    }

    /// The picture in `bytes` (a whole BMP file), or nil when it is not a 16- or 32-bit bit-field BMP, nor an
    /// uncompressed one with an alpha mask field (then SDL reads it). A mask set whose alpha is zero in every pixel
    /// is read as opaque, as other readers do.
    public static func decode(_ bytes: [UInt8]) throws(ImageProblem) -> Picture? {
        let r = HeaderReader(bytes: bytes, format: .bmp, isWholeFile: true)
        let infoSize = try r.littleEndian(14, 4)
        guard infoSize >= 40 else { return nil }
        let bits = try r.littleEndian(28, 2), compression = try r.littleEndian(30, 4)
        guard bits == 16 || bits == 32 else { return nil }
        let width = Int(Int32(truncatingIfNeeded: try r.littleEndian(18, 4)))
        let rawHeight = Int(Int32(truncatingIfNeeded: try r.littleEndian(22, 4)))
        let height = abs(rawHeight)
        // Masks: in the header from 52 bytes on, else right after the 40-byte header.
        let masksAt = 14 + 40
        var masks: [UInt32]
        switch compression {
        case 3, 6:
            let maskCount = infoSize >= 56 || compression == 6 ? 4 : 3
            masks = try (0..<maskCount).map { i throws(ImageProblem) in UInt32(try r.littleEndian(masksAt + 4 * i, 4)) }
            if maskCount == 3 { masks.append(0) }
        case 0 where infoSize >= 56:
            // BI_RGB's layout is fixed (X1R5G5B5, X8R8G8B8); the header's alpha mask, which only V3 and later
            // have, says whether the unused bits are alpha.
            masks = bits == 16 ? [0x7C00, 0x03E0, 0x001F] : [0xFF_0000, 0xFF00, 0xFF]
            let alpha = UInt32(try r.littleEndian(masksAt + 12, 4))
            masks.append(alpha & (masks[0] | masks[1] | masks[2]) == 0 ? alpha : 0)  // One over a colour is no alpha.
        default:
            return nil
        }
        guard width > 0, height > 0 else { throw .corruptHeader(.bmp, "a size of \(width)x\(height)") }
        if let problem = ImageLimits.wholeDecodeProblem(.bmp, PixelSize(width: width, height: height), fileBytes: bytes.count) { throw problem }
        let offset = try r.littleEndian(10, 4)
        let stride = (width * bits + 31) / 32 * 4
        guard offset + stride * height <= bytes.count else { throw .corruptData(.bmp, "the pixel data is cut off") }
        let channels = masks.map(Channel.init)
        var pixels = [UInt32](repeating: 0, count: width * height)
        var anyAlpha = false
        for y in 0..<height {
            let row = offset + (rawHeight > 0 ? height - 1 - y : y) * stride
            for x in 0..<width {
                let at = row + x * bits / 8
                var value = UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8
                if bits == 32 { value |= UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24 }
                let a = channels[3].read(value, absent: 255)
                if a != 0 { anyAlpha = true }
                pixels[y * width + x] = a << 24 | channels[0].read(value) << 16 | channels[1].read(value) << 8 | channels[2].read(value)
            }
        }
        let hasAlpha = masks[3] != 0 && anyAlpha
        if masks[3] != 0 && !anyAlpha { for i in pixels.indices { pixels[i] |= 0xFF00_0000 } }
        return Picture(size: PixelSize(width: width, height: height), pixels: pixels, hasAlpha: hasAlpha)
    }

    /// One channel's mask, as a shift and a width, read to 8 bits.
    struct Channel {
        let mask: UInt32, shift: UInt32, width: UInt32

        init(_ mask: UInt32) {
            self.mask = mask
            shift = mask == 0 ? 0 : UInt32(mask.trailingZeroBitCount)
            width = mask == 0 ? 0 : UInt32((mask >> shift).nonzeroBitCount)
        }

        /// The channel of `value` scaled to 0...255; `absent` when there is no mask.
        func read(_ value: UInt32, absent: UInt32 = 0) -> UInt32 {
            guard width > 0 else { return absent }
            let v = (value & mask) >> shift
            if width >= 8 { return v >> (width - 8) }
            return (v * 255 + ((1 << width) - 1) / 2) / ((1 << width) - 1)
        }
    }
}
