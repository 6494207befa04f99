/// Reads an animated GIF's or APNG's frame delays and loop count from its file's bytes without decoding a frame:
/// what ``AnimationClock`` times its frames by and `check` says of it. Pure: the caller reads the file.
public enum AnimationProbe {
    /// The most frames counted: a file claiming more plays the first this many (a 100,000-frame GIF of 1x1
    /// pictures is a few hundred KB; its delays alone would be 800 KB).
    public static let maximumFrames = 20_000

    /// The animation in `bytes`, a GIF or PNG file (its start, or all of it); nil when it is neither, has one
    /// frame, or is a PNG without an `acTL` chunk before its image data (a still PNG). A file cut off counts the
    /// frames it starts.
    public static func probe(_ bytes: [UInt8]) -> AnimationInfo? {
        if bytes.starts(with: Array("GIF8".utf8)) { return gif(bytes) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return apng(bytes) }
        return nil
    }

    /// Whether `bytes` (at least a file's first 8) may hold an animation ``probe(_:)`` reads: a GIF or a PNG.
    public static func mayBeAnimated(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array("GIF8".utf8)) || bytes.starts(with: [0x89, 0x50, 0x4E, 0x47])
    }

    /// Whether `bytes` (a file's first 21 or more) are a WebP whose extended header (`VP8X`, the first chunk) sets
    /// its animation flag: read without libwebp, so a kiosk without it can say what an animated WebP needs.
    public static func isAnimatedWebP(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 21 && bytes.starts(with: Array("RIFF".utf8)) && bytes[8..<16].elementsEqual("WEBPVP8X".utf8) && bytes[20] & 0x02 != 0
    }

    /// A GIF's frames: one per image descriptor, its delay from the graphic control extension before it (hundredths
    /// of a second), and the loop count of its `NETSCAPE2.0` extension (0: forever; none: it plays once).
    static func gif(_ bytes: [UInt8]) -> AnimationInfo? {
        guard bytes.count >= 13 else { return nil }
        let screen = PixelSize(width: Int(bytes[6]) | Int(bytes[7]) << 8, height: Int(bytes[8]) | Int(bytes[9]) << 8)
        var at = 13
        if bytes[10] & 0x80 != 0 { at += 3 * (2 << Int(bytes[10] & 7)) }
        var delays: [Double] = [], delay = 0.0, loops = 1
        /// Skips data sub-blocks up to the empty one; false when the file ends first.
        func skipSubBlocks() -> Bool {
            while at < bytes.count {
                let size = Int(bytes[at])
                at += 1 + size
                if size == 0 { return true }
            }
            return false
        }
        scan: while at < bytes.count, delays.count < maximumFrames {
            switch bytes[at] {
            case 0x21:
                guard at + 2 < bytes.count else { break scan }
                let label = bytes[at + 1], start = at + 2
                if label == 0xF9, start + 4 < bytes.count, bytes[start] >= 4 {
                    delay = Double(Int(bytes[start + 2]) | Int(bytes[start + 3]) << 8) / 100
                }
                if label == 0xFF, start + 16 < bytes.count, bytes[start] == 11,
                   bytes[(start + 1)..<(start + 12)].elementsEqual("NETSCAPE2.0".utf8), bytes[start + 12] >= 3, bytes[start + 13] == 1 {
                    loops = Int(bytes[start + 14]) | Int(bytes[start + 15]) << 8
                }
                at = start
                guard skipSubBlocks() else { break scan }
            case 0x2C:
                guard at + 10 <= bytes.count else { break scan }
                let flags = bytes[at + 9]
                at += 10
                if flags & 0x80 != 0 { at += 3 * (2 << Int(flags & 7)) }
                delays.append(delay)
                delay = 0
                at += 1  // The LZW minimum code size.
                guard at <= bytes.count, skipSubBlocks() else { break scan }
            default:
                break scan  // The trailer (0x3B), or damage: the frames so far.
            }
        }
        guard delays.count > 1, screen.width > 0, screen.height > 0 else { return nil }
        return AnimationInfo(format: "GIF", size: screen, fileDelays: delays, loopCount: loops)
    }

    /// An APNG's frames: its `acTL` chunk (before `IDAT`) says it is animated and how many times it plays (0:
    /// forever); each `fcTL` chunk is a frame, its delay a fraction of a second (a denominator of 0 is 100).
    static func apng(_ bytes: [UInt8]) -> AnimationInfo? {
        func u32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        var at = 8, size: PixelSize?, loops: Int?, delays: [Double] = []
        while at + 8 <= bytes.count, delays.count < maximumFrames {
            let length = u32(at), type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self), data = at + 8
            guard length <= 0x7FFF_FFFF, data + length <= bytes.count else { break }
            switch type {
            case "IHDR" where length >= 8: size = PixelSize(width: u32(data), height: u32(data + 4))
            case "acTL" where length >= 8: loops = u32(data + 4)
            case "IDAT" where loops == nil: return nil  // No acTL before the image data: a still PNG.
            case "fcTL" where length >= 26:
                let numerator = u16(data + 20), denominator = u16(data + 22)
                delays.append(Double(numerator) / Double(denominator == 0 ? 100 : denominator))
            case "IEND": break
            default: ()
            }
            if type == "IEND" { break }
            at = data + length + 4
        }
        guard let size, let loops, delays.count > 1, size.width > 0, size.height > 0 else { return nil }
        return AnimationInfo(format: "APNG", size: size, fileDelays: delays, loopCount: min(loops, Int(Int32.max)))
    }
}
