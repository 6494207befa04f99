/// Decodes a GIF's first frame onto its logical screen, in the core: SDL_image 2.6's GIF reader crashes on some
/// damaged LZW data (a 150-byte file was enough), and a card shows one picture anyway.
public enum GIFFirstFrame {
    /// The first frame on its screen: ARGB pixels row by row (transparent where the frame does not cover the
    /// screen or uses its transparent index), and whether any pixel is transparent.
    public struct Picture: Equatable, Sendable {
        public var size: PixelSize
        public var pixels: [UInt32]
        public var hasTransparency: Bool
        /// Whether another frame follows the first (an animation).
        public var isAnimated = false
    }

    /// Decodes the first frame of `bytes`, a whole GIF file whose header ``ImageProbe`` accepted.
    public static func decode(_ bytes: [UInt8]) throws(ImageProblem) -> Picture {
        var r = Cursor(bytes: bytes)
        r.at = 6
        var screen = PixelSize(width: try r.u16(), height: try r.u16())
        let flags = try r.u8()
        r.at += 2
        var palette = flags & 0x80 != 0 ? try r.colors(2 << Int(flags & 7)) : []
        var transparent: Int?
        while true {
            switch try r.u8() {
            case 0x21:  // An extension; a graphic control extension gives the transparent index.
                let label = try r.u8()
                let blocks = try r.subBlocks()
                if label == 0xF9, blocks.count >= 4, blocks[0] & 1 != 0 { transparent = Int(blocks[3]) }
            case 0x2C:
                let left = try r.u16(), top = try r.u16(), width = try r.u16(), height = try r.u16()
                let frameFlags = try r.u8()
                if frameFlags & 0x80 != 0 { palette = try r.colors(2 << Int(frameFlags & 7)) }
                guard !palette.isEmpty else { throw .corruptData(.gif, "its first frame has no colour table") }
                if screen.width == 0 || screen.height == 0 { screen = PixelSize(width: left + width, height: top + height) }
                // The frame's colour indices (a byte a pixel) beside the screen's pixels and their copy for the card,
                // and the file with its LZW data joined from its sub-blocks (up to the file's size again).
                if let problem = ImageLimits.wholeDecodeProblem(.gif, screen, fileBytes: r.bytes.count, extraBytes: width * height + r.bytes.count) {
                    throw problem
                }
                let minimumCodeSize = try r.u8()
                guard (1...11).contains(minimumCodeSize) else { throw .corruptData(.gif, "an LZW code size of \(minimumCodeSize)") }
                let indices = lzw(try r.subBlocks(), minimumCodeSize: minimumCodeSize, count: width * height)
                guard indices.count == width * height else {
                    throw .corruptData(.gif, "the first frame's data is cut off (\(indices.count) of \(width * height) pixels)")
                }
                var picture = draw(indices, frame: (left, top, width, height), interlaced: frameFlags & 0x40 != 0,
                                   palette: palette, transparent: transparent, on: screen)
                picture.isAnimated = r.anotherFrameFollows()
                return picture
            default:
                throw .corruptData(.gif, "no image before the end of the file")
            }
        }
    }

    /// Places the frame's colour indices on a transparent screen, rows in interlaced order when asked.
    static func draw(_ indices: [UInt8], frame: (left: Int, top: Int, width: Int, height: Int), interlaced: Bool,
                     palette: [UInt32], transparent: Int?, on screen: PixelSize) -> Picture {
        var pixels = [UInt32](repeating: 0, count: screen.width * screen.height)
        var rows = Array(0..<frame.height)
        if interlaced {
            rows = Array(stride(from: 0, to: frame.height, by: 8)) + Array(stride(from: 4, to: frame.height, by: 8))
                + Array(stride(from: 2, to: frame.height, by: 4)) + Array(stride(from: 1, to: frame.height, by: 2))
        }
        var covered = 0
        for (stored, y) in rows.enumerated() {
            let sy = frame.top + y
            guard sy < screen.height else { continue }
            for x in 0..<frame.width where frame.left + x < screen.width {
                let index = Int(indices[stored * frame.width + x])
                guard index != transparent, index < palette.count else { continue }
                pixels[sy * screen.width + frame.left + x] = palette[index]
                covered += 1
            }
        }
        return Picture(size: screen, pixels: pixels, hasTransparency: covered < pixels.count)
    }

    /// The colour indices an LZW stream holds, at most `count` of them; a damaged stream gives what it held
    /// before the damage.
    static func lzw(_ data: [UInt8], minimumCodeSize: Int, count: Int) -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var prefix = [Int](repeating: 0, count: 4096), suffix = [UInt8](repeating: 0, count: 4096), first = [UInt8](repeating: 0, count: 4096)
        for code in 0..<clear { suffix[code] = UInt8(truncatingIfNeeded: code); first[code] = suffix[code] }
        var output: [UInt8] = []
        output.reserveCapacity(count)
        var stack = [UInt8](repeating: 0, count: 4096)
        var codeSize = minimumCodeSize + 1, next = end + 1, previous = -1
        var bits = 0, bitCount = 0, at = 0
        while output.count < count {
            while bitCount < codeSize {
                guard at < data.count else { return output }
                bits |= Int(data[at]) << bitCount
                bitCount += 8
                at += 1
            }
            let code = bits & ((1 << codeSize) - 1)
            bits >>= codeSize
            bitCount -= codeSize
            if code == clear {
                codeSize = minimumCodeSize + 1
                next = end + 1
                previous = -1
                continue
            }
            if code == end { break }
            if previous < 0 {
                guard code < clear else { break }
                output.append(suffix[code])
                previous = code
                continue
            }
            guard code <= next, next <= 4096 else { break }
            // The string for `code`, or (the next code, not yet known) the previous string and its first byte.
            var depth = 0
            var walk = code
            if code == next {
                stack[depth] = first[previous]
                depth += 1
                walk = previous
            }
            while walk >= clear {
                stack[depth] = suffix[walk]
                depth += 1
                walk = prefix[walk]
            }
            stack[depth] = suffix[walk]
            depth += 1
            while depth > 0 && output.count < count {
                depth -= 1
                output.append(stack[depth])
            }
            if next < 4096 {
                prefix[next] = previous
                suffix[next] = code == next ? first[previous] : first[code]
                first[next] = first[previous]
                next += 1
                if next == 1 << codeSize && codeSize < 12 { codeSize += 1 }
            }
            previous = code
        }
        return output
    }

    /// Reads a GIF's fields, throwing when the file ends.
    struct Cursor {
        let bytes: [UInt8]
        var at = 0

        mutating func u8() throws(ImageProblem) -> Int {
            guard at < bytes.count else { throw .corruptData(.gif, "the file is cut off before its first frame's data") }
            at += 1
            return Int(bytes[at - 1])
        }

        mutating func u16() throws(ImageProblem) -> Int {
            let low = try u8()
            let high = try u8()
            return low | high << 8
        }

        /// `count` RGB colours, as opaque ARGB.
        mutating func colors(_ count: Int) throws(ImageProblem) -> [UInt32] {
            var colors: [UInt32] = []
            for _ in 0..<count {
                let red = UInt32(try u8()), green = UInt32(try u8()), blue = UInt32(try u8())
                colors.append(0xFF00_0000 | red << 16 | green << 8 | blue)
            }
            return colors
        }

        /// Whether another image descriptor comes before the trailer (extensions skipped); false on damage.
        mutating func anotherFrameFollows() -> Bool {
            while let introducer = try? u8() {
                switch introducer {
                case 0x2C: return true
                case 0x21: guard (try? u8()) != nil, (try? subBlocks()) != nil else { return false }
                default: return false
                }
            }
            return false
        }

        /// Data sub-blocks up to the empty one, joined.
        mutating func subBlocks() throws(ImageProblem) -> [UInt8] {
            var data: [UInt8] = []
            while true {
                let size = try u8()
                if size == 0 { return data }
                guard at + size <= bytes.count else { throw .corruptData(.gif, "the file is cut off before its first frame's data") }
                data += bytes[at..<at + size]
                at += size
            }
        }
    }
}
