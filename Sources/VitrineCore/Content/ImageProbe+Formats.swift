extension ImageProbe {
    /// PNG: the 8-byte signature, then the `IHDR` chunk (length 13) with width and height, big-endian.
    static func pngSize(_ r: HeaderReader) throws(ImageProblem) -> PixelSize {
        guard try r.bigEndian(8, 4) == 13, try r.has("IHDR", at: 12) else {
            throw .corruptHeader(.png, "the first chunk is not IHDR")
        }
        return PixelSize(width: try r.bigEndian(16, 4), height: try r.bigEndian(20, 4))
    }

    /// JPEG: walks the marker segments after SOI to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC),
    /// whose body holds the precision, then height and width, big-endian.
    static func jpegSize(_ r: HeaderReader) throws(ImageProblem) -> PixelSize {
        var at = 2
        while true {
            guard try r.u8(at) == 0xFF else { throw .corruptHeader(.jpeg, "expected a marker at byte \(at)") }
            at += 1
            var marker = try r.u8(at)
            while marker == 0xFF {  // Fill bytes may pad before a marker.
                at += 1
                marker = try r.u8(at)
            }
            at += 1  // At the segment's length, or the next marker after a standalone one.
            switch marker {
            case 0x01, 0xD0...0xD8:
                continue  // Standalone markers: no length.
            case 0xD9, 0xDA:
                throw .corruptHeader(.jpeg, "no frame header before the \(marker == 0xDA ? "image data" : "end of the image")")
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC:
                let length = try r.bigEndian(at, 2)
                guard length >= 8 else { throw .corruptHeader(.jpeg, "frame header of \(length) bytes") }
                return PixelSize(width: try r.bigEndian(at + 5, 2), height: try r.bigEndian(at + 3, 2))
            default:
                let length = try r.bigEndian(at, 2)
                guard length >= 2 else { throw .corruptHeader(.jpeg, "segment of \(length) bytes at byte \(at)") }
                at += length
            }
        }
    }

    /// GIF: the 6-byte signature (`GIF87a` or `GIF89a`), then the logical screen's width and height, little-endian.
    static func gifSize(_ r: HeaderReader) throws(ImageProblem) -> PixelSize {
        let version = try r.has("GIF87a", at: 0) ? "87a" : try r.has("GIF89a", at: 0) ? "89a" : nil
        guard version != nil else { throw .corruptHeader(.gif, "unknown version") }
        return PixelSize(width: try r.littleEndian(6, 2), height: try r.littleEndian(8, 2))
    }

    /// The BMP info header sizes in use: OS/2 1.x core (12), the OS/2 2.x short and long forms (16, 64),
    /// and the Windows `BITMAPINFOHEADER` family (40, 52, 56, 108, 124).
    static let bmpInfoHeaderSizes: Set<Int> = [12, 16, 40, 52, 56, 64, 108, 124]

    /// BMP: a 14-byte file header, then an info header. The core header has 16-bit sizes; the others signed 32-bit
    /// ones, where a negative height means the rows run top-down.
    static func bmpSize(_ r: HeaderReader) throws(ImageProblem) -> PixelSize {
        let infoSize = try r.littleEndian(14, 4)
        guard bmpInfoHeaderSizes.contains(infoSize) else { throw .corruptHeader(.bmp, "unknown info header size \(infoSize)") }
        if infoSize == 12 { return PixelSize(width: try r.littleEndian(18, 2), height: try r.littleEndian(20, 2)) }
        let width = Int(Int32(truncatingIfNeeded: try r.littleEndian(18, 4)))
        let height = Int(Int32(truncatingIfNeeded: try r.littleEndian(22, 4)))
        guard width > 0 else { throw .corruptHeader(.bmp, "claims a width of \(width)") }
        return PixelSize(width: width, height: abs(height))
    }

    /// WebP: `RIFF`, size, `WEBP`, then the first chunk. Lossy `VP8 `: a 3-byte frame tag, the start code
    /// 9D 01 2A, then 14-bit width and height. Lossless `VP8L`: the signature 0x2F, then 14-bit width − 1 and
    /// height − 1 packed in 28 bits. Extended `VP8X`: flags, then 24-bit canvas width − 1 and height − 1.
    static func webpSize(_ r: HeaderReader) throws(ImageProblem) -> PixelSize {
        let data = 20  // The first chunk's payload: after RIFF, size, WEBP, the chunk's tag and size.
        if try r.has("VP8 ", at: 12) {
            guard try r.bigEndian(data + 3, 3) == 0x9D012A else { throw .corruptHeader(.webp, "no VP8 start code") }
            return PixelSize(width: try r.littleEndian(data + 6, 2) & 0x3FFF, height: try r.littleEndian(data + 8, 2) & 0x3FFF)
        }
        if try r.has("VP8L", at: 12) {
            guard try r.u8(data) == 0x2F else { throw .corruptHeader(.webp, "no VP8L signature") }
            let bits = try r.littleEndian(data + 1, 4)
            return PixelSize(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        }
        if try r.has("VP8X", at: 12) {
            return PixelSize(width: try r.littleEndian(data + 4, 3) + 1, height: try r.littleEndian(data + 7, 3) + 1)
        }
        throw .corruptHeader(.webp, "unknown first chunk")
    }
}
