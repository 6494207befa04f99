/// An animated WebP's first frame as a still WebP file: SDL_image reads still WebPs only ("Failed to decode WEBP"
/// for an animation), and a kiosk card shows one picture anyway.
public enum WebPFirstFrame {
    /// The first frame: a still WebP file, and where it goes on the animation's canvas.
    public struct Frame: Equatable, Sendable {
        /// A still WebP of the frame alone.
        public var still: [UInt8]
        /// The animation's canvas size (the `VP8X` header's).
        public var canvas: PixelSize
        /// The frame's top-left corner on the canvas.
        public var origin: (x: Int, y: Int)

        public static func == (a: Frame, b: Frame) -> Bool {
            a.still == b.still && a.canvas == b.canvas && a.origin == b.origin
        }
    }

    /// The first `ANMF` frame of the animated WebP in `bytes`, or nil when `bytes` holds no animation frame. The
    /// frame's bitstream chunks are copied as they are (with a `VP8X` header saying so when the frame has an alpha
    /// chunk); it is drawn on the canvas at its origin, on transparency, by the caller.
    public static func first(in bytes: [UInt8]) throws(ImageProblem) -> Frame? {
        let riffEnd = min(bytes.count, 8 + (bytes.count >= 8 ? bytes[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) } : 0))
        guard let frame = chunks(in: Array(bytes.prefix(riffEnd)), from: 12).first(where: { $0.tag == "ANMF" }) else { return nil }
        guard frame.end - frame.start >= 16 else { throw .corruptData(.webp, "its first frame's header is cut short") }
        let r = HeaderReader(bytes: bytes, format: .webp, isWholeFile: true)
        let width = try r.littleEndian(frame.start + 6, 3) + 1, height = try r.littleEndian(frame.start + 9, 3) + 1
        let origin = (x: try r.littleEndian(frame.start, 3) * 2, y: try r.littleEndian(frame.start + 3, 3) * 2)
        let canvas = PixelSize(width: try r.littleEndian(24, 3) + 1, height: try r.littleEndian(27, 3) + 1)
        guard origin.x + width <= canvas.width, origin.y + height <= canvas.height else {
            throw .corruptData(.webp, "its first frame (\(width)x\(height) at \(origin.x),\(origin.y)) does not fit its \(canvas.width)x\(canvas.height) canvas")
        }
        guard width * height <= ImageLimits.maximumPixels else {
            throw .overLimit(.webp, "its first frame claims \(width)x\(height) (\(ImageProblem.megapixels(width * height)) megapixels), over the "
                             + "\(ImageProblem.megapixels(ImageLimits.maximumPixels))-megapixel limit")
        }
        let inner = chunks(in: Array(bytes[frame.start + 16..<frame.end]), from: 0)
        let payload = Array(bytes[frame.start + 16..<frame.end])
        var body: [UInt8] = []
        if inner.contains(where: { $0.tag == "ALPH" }) {
            body += Array("VP8X".utf8) + littleEndian(10, 4) + [0x10, 0, 0, 0] + littleEndian(width - 1, 3) + littleEndian(height - 1, 3)
        }
        for chunk in inner where ["ALPH", "VP8 ", "VP8L"].contains(chunk.tag) {
            body += Array(payload[chunk.start - 8..<min(payload.count, chunk.end + (chunk.end - chunk.start) % 2)])
        }
        guard inner.contains(where: { $0.tag == "VP8 " || $0.tag == "VP8L" }) else {
            throw .corruptData(.webp, "its first frame has no image data")
        }
        let still = Array("RIFF".utf8) + littleEndian(4 + body.count, 4) + Array("WEBP".utf8) + body
        return Frame(still: still, canvas: canvas, origin: origin)
    }

    /// The RIFF chunks from `offset` on, as far as they are whole: each tag with its payload's range.
    static func chunks(in bytes: [UInt8], from offset: Int) -> [(tag: String, start: Int, end: Int)] {
        var found: [(tag: String, start: Int, end: Int)] = []
        var at = offset
        while at + 8 <= bytes.count {
            let size = bytes[at + 4..<at + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            guard at + 8 + size <= bytes.count else { break }
            found.append((String(decoding: bytes[at..<at + 4], as: UTF8.self), at + 8, at + 8 + size))
            at += 8 + size + size % 2
        }
        return found
    }

    static func littleEndian(_ value: Int, _ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
