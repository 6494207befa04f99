extension ImageProbe {
    /// PNG: the 8-byte signature, then the `IHDR` chunk (length 13) with width and height, big-endian.
    ///
    /// The chunks after it are walked by their lengths as far as the bytes go: a chunk claiming more bytes than
    /// the file has left is corrupt (libpng would wait for them, or allocate them), and an ancillary chunk over
    /// ``ImageLimits/maximumPNGChunkBytes`` is refused. An `eXIf` chunk gives the orientation
    /// (``tiffOrientation(_:)``).
    static func pngHeader(_ r: HeaderReader) throws(ImageProblem) -> (PixelSize, ImageOrientation) {
        guard try r.bigEndian(8, 4) == 13, try r.has("IHDR", at: 12) else {
            throw .corruptHeader(.png, "the first chunk is not IHDR")
        }
        let size = PixelSize(width: try r.bigEndian(16, 4), height: try r.bigEndian(20, 4))
        var orientation: ImageOrientation?
        var at = 33
        while at + 8 <= r.bytes.count {
            let length = try r.bigEndian(at, 4)
            let name = String(decoding: r.bytes[at + 4..<at + 8], as: UTF8.self)
            let left = r.bytes.count - at - 8  // The bytes after the chunk's length and type: its data and CRC.
            let isAncillary = r.bytes[at + 4] & 0x20 != 0
            if isAncillary && length > ImageLimits.maximumPNGChunkBytes {
                throw .overLimit(.png, "the \(name) chunk at byte \(at) claims \(length) bytes, over the "
                                 + "\(ImageLimits.maximumPNGChunkBytes / 1_048_576) MiB limit for metadata chunks")
            }
            if r.isWholeFile && length + 4 > left {
                throw length > 0x7FFF_FFFF || isAncillary
                    ? .corruptData(.png, "the \(name) chunk at byte \(at) claims \(length) bytes, but only \(left) follow")
                    : .corruptData(.png, "the file is cut off inside the \(name) chunk at byte \(at)")
            }
            if name == "IEND" { break }
            if name == "eXIf", orientation == nil, length <= left {
                orientation = tiffOrientation(r.bytes[at + 8..<at + 8 + length])
            }
            at += 12 + length
        }
        return (size, orientation ?? .up)
    }

    /// JPEG: walks the marker segments after SOI to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC),
    /// whose body holds the precision, then height and width, big-endian.
    ///
    /// The first APP1 segment holding Exif gives the orientation (``exifOrientation(_:)``). Segments are skipped by
    /// their lengths, so metadata of any size before the frame header is fine as long as it was read.
    static func jpegHeader(_ r: HeaderReader) throws(ImageProblem) -> (PixelSize, ImageOrientation) {
        var at = 2
        var orientation: ImageOrientation?
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
                return (PixelSize(width: try r.bigEndian(at + 5, 2), height: try r.bigEndian(at + 3, 2)), orientation ?? .up)
            default:
                let length = try r.bigEndian(at, 2)
                guard length >= 2 else { throw .corruptHeader(.jpeg, "segment of \(length) bytes at byte \(at)") }
                if marker == 0xE1, orientation == nil, at + length <= r.bytes.count {
                    orientation = exifOrientation(r.bytes[at + 2..<at + length])
                }
                at += length
            }
        }
    }

    /// GIF: the 6-byte signature (`GIF87a` or `GIF89a`), then the logical screen's width and height, little-endian.
    ///
    /// The blocks after the screen descriptor are walked, as far as the bytes go, to the first image descriptor:
    /// its frame may claim far more than the screen, and decoders allocate the frame, so it is held to
    /// ``ImageLimits/maximumPixels`` too.
    static func gifSize(_ r: HeaderReader) throws(ImageProblem) -> PixelSize {
        let version = try r.has("GIF87a", at: 0) ? "87a" : try r.has("GIF89a", at: 0) ? "89a" : nil
        guard version != nil else { throw .corruptHeader(.gif, "unknown version") }
        let screen = PixelSize(width: try r.littleEndian(6, 2), height: try r.littleEndian(8, 2))
        let bytes = r.bytes
        guard bytes.count > 10 else { return screen }
        var at = 13 + (bytes[10] & 0x80 != 0 ? 3 << (Int(bytes[10] & 7) + 1) : 0)
        while at < bytes.count {
            switch bytes[at] {
            case 0x21:  // An extension: a label, then sub-blocks up to an empty one.
                at += 2
                while at < bytes.count, bytes[at] != 0 { at += 1 + Int(bytes[at]) }
                at += 1
            case 0x2C:  // The first image descriptor: left, top, width, height.
                guard at + 9 <= bytes.count else { return screen }
                let frame = PixelSize(width: try r.littleEndian(at + 5, 2), height: try r.littleEndian(at + 7, 2))
                if frame.width * frame.height > ImageLimits.maximumPixels {
                    throw .overLimit(.gif, "its first frame claims \(frame.width)x\(frame.height) "
                                     + "(\(ImageProblem.megapixels(frame.width * frame.height)) megapixels), over the "
                                     + "\(ImageProblem.megapixels(ImageLimits.maximumPixels))-megapixel limit")
                }
                return screen
            default:
                return screen  // The trailer, or something a decoder will report.
            }
        }
        return screen
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

extension ImageProbe {
    /// The name of a format Vitrine knows but does not read, and how to convert it: TIFF (either byte order).
    static func unsupportedFormat(of bytes: [UInt8]) -> (String, String)? {
        if bytes.count >= 4, bytes[0..<4].elementsEqual([0x49, 0x49, 0x2A, 0x00]) || bytes[0..<4].elementsEqual([0x4D, 0x4D, 0x00, 0x2A]) {
            return ("TIFF", "convert it to PNG or JPEG first (for example with ImageMagick: convert photo.tif photo.png)")
        }
        return nil
    }

    /// The HEIF brand (`HEIC` or `AVIF`) an ISO base media `ftyp` box at the start names as its major brand.
    public static func heifBrand(of bytes: [UInt8]) -> String? {
        guard bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) else { return nil }
        switch String(decoding: bytes[8..<12], as: UTF8.self) {
        case "heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1": return "HEIC"
        case "avif", "avis": return "AVIF"
        default: return nil
        }
    }

    /// HEIF: the largest size an `ispe` (image spatial extents) box in the bytes read claims: box size, `ispe`,
    /// version and flags, then width and height, big-endian. A grid photo has one for the whole picture and one
    /// per tile; the largest is the picture's (the decoder checks the primary image's own size again).
    static func heifSize(_ r: HeaderReader) throws(ImageProblem) -> PixelSize {
        var best: PixelSize?
        let tag = Array("ispe".utf8)
        var at = 4
        while at + 16 <= r.bytes.count {
            if r.bytes[at] == tag[0], r.bytes[at + 1] == tag[1], r.bytes[at + 2] == tag[2], r.bytes[at + 3] == tag[3] {
                let size = PixelSize(width: try r.bigEndian(at + 8, 4), height: try r.bigEndian(at + 12, 4))
                if size.width * size.height > (best.map { $0.width * $0.height } ?? -1) { best = size }
            }
            at += 1
        }
        guard let best else {
            throw r.isWholeFile ? .corruptHeader(.heif, "no image size (ispe) box") : .headerBeyondReadLimit(.heif, bytesRead: r.bytes.count)
        }
        return best
    }
}
