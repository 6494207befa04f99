/// How a stored picture is turned to be seen upright: the eight values of the Exif `Orientation` tag (0x0112).
///
/// Cameras and phones store the sensor's rows as they come and record the turn in this tag, so a portrait photo
/// is stored sideways with orientation 6 or 8.
public enum ImageOrientation: Int, Sendable, Equatable, CaseIterable {
    /// 1: stored upright.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned half a turn.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: mirrored along the main diagonal (rows become columns).
    case leftMirrored = 5
    /// 6: shown turned a quarter turn clockwise.
    case right = 6
    /// 7: mirrored along the other diagonal.
    case rightMirrored = 7
    /// 8: shown turned a quarter turn counter-clockwise.
    case left = 8

    /// Whether the shown picture's width is the stored picture's height.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The shown size of a picture stored at `stored`.
    public func shownSize(of stored: PixelSize) -> PixelSize {
        swapsAxes ? PixelSize(width: stored.height, height: stored.width) : stored
    }

    /// The stored pixel shown at (`x`, `y`), for a picture stored at `stored` pixels.
    public func storedPoint(x: Int, y: Int, stored: PixelSize) -> (x: Int, y: Int) {
        let w = stored.width - 1, h = stored.height - 1
        switch self {
        case .up: return (x, y)
        case .upMirrored: return (w - x, y)
        case .down: return (w - x, h - y)
        case .downMirrored: return (x, h - y)
        case .leftMirrored: return (y, x)
        case .right: return (y, h - x)
        case .rightMirrored: return (w - y, h - x)
        case .left: return (w - y, x)
        }
    }

    /// A short description for `check`'s notes, such as `turned a quarter turn clockwise`.
    public var description: String {
        switch self {
        case .up: "upright"
        case .upMirrored: "mirrored left to right"
        case .down: "turned half a turn"
        case .downMirrored: "mirrored top to bottom"
        case .leftMirrored: "mirrored along its diagonal"
        case .right: "turned a quarter turn clockwise"
        case .rightMirrored: "mirrored along its other diagonal"
        case .left: "turned a quarter turn counter-clockwise"
        }
    }
}

extension ImageProbe {
    /// The orientation an Exif block records: `payload` is an APP1 segment's body, starting `Exif\0\0`, then a TIFF
    /// block (``tiffOrientation(_:)``). Nil when there is no such entry or it is out of range; never reads outside
    /// `payload`.
    public static func exifOrientation(_ payload: ArraySlice<UInt8>) -> ImageOrientation? {
        guard payload.count >= 14, payload.prefix(6).elementsEqual("Exif\0\0".utf8) else { return nil }
        return tiffOrientation(payload.dropFirst(6))
    }

    /// The orientation a TIFF block of Exif records, as a PNG's `eXIf` chunk and a WebP's `EXIF` chunk hold it
    /// (some writers put `Exif\0\0` in front, which is skipped): a header (`II*\0` little-endian or `MM\0*`
    /// big-endian) with the offset of IFD0, whose `Orientation` entry (tag 0x0112, type SHORT, or LONG as some
    /// writers store it) holds the value. Nil when there is no such entry or it is out of range; never reads
    /// outside `block`, and only its first MiB.
    public static func tiffOrientation(_ block: ArraySlice<UInt8>) -> ImageOrientation? {
        var bytes = Array(block.prefix(1_048_576))
        if bytes.starts(with: "Exif\0\0".utf8) { bytes.removeFirst(6) }
        guard bytes.count >= 8 else { return nil }
        let little: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func read(_ offset: Int, _ count: Int) -> Int? {
            guard offset >= 0, offset + count <= bytes.count else { return nil }
            let field = bytes[offset..<offset + count]
            return (little ? Array(field.reversed()) : Array(field)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard read(2, 2) == 42, let ifd = read(4, 4), let count = read(ifd, 2) else { return nil }
        for index in 0..<count {
            let entry = ifd + 2 + index * 12
            guard let tag = read(entry, 2) else { return nil }
            guard tag == 0x0112 else { continue }
            switch read(entry + 2, 2) {
            case 3: return read(entry + 8, 2).flatMap(ImageOrientation.init(rawValue:))
            case 4: return read(entry + 8, 4).flatMap(ImageOrientation.init(rawValue:))
            default: return nil
            }
        }
        return nil
    }

    /// The orientation in a WebP's `EXIF` chunk, if it has one (``tiffOrientation(_:)``).
    static func webpOrientation(_ bytes: [UInt8]) -> ImageOrientation? {
        guard let exif = WebPFirstFrame.chunks(in: bytes, from: 12).first(where: { $0.tag == "EXIF" }) else { return nil }
        return tiffOrientation(bytes[exif.start..<exif.end])
    }
}
