internal import CStretch
internal import CWebP
import VitrineCore

/// An animated WebP's bytes, read whole (at most ``ImageLimits/maximumFileBytes``), and what libwebp's demuxer read
/// from its chunks. A file cut off mid-way is kept up to its last whole frame, with its RIFF size saying so, so the
/// animation decoder (which reads whole files only) plays the frames before the cut.
final class WebPAnimationFile: @unchecked Sendable {
    /// The file as given, for messages.
    let path: String
    /// The bytes libwebp reads: allocated here, freed with the file (libwebp keeps pointers into them).
    let bytes: UnsafeMutableRawBufferPointer
    /// Whether its VP8X header says it is an animation.
    let isAnimated: Bool
    /// Its canvas.
    let canvas: PixelSize
    /// Its whole frames' delays and its loop count.
    let info: AnimationInfo
    /// Whether frames after the whole ones are cut off or missing.
    let isCut: Bool
    /// The file's size on disk.
    let fileBytes: Int

    init(path: String) throws(VideoProblem) {
        self.path = path
        let name = Self.name(path)
        guard WebPAnimation.libraryPresent else { throw .unplayable(WebPAnimation.missingLibraryMessage) }
        let read: [UInt8]
        do {
            read = try FileDescriptor.readFile(atPath: path, limit: ImageLimits.maximumFileBytes)
        } catch {
            throw .unplayable("\(name): \(error)")
        }
        fileBytes = read.count
        var facts = vitrine_webp_facts()
        // Every frame's chunk is at least 24 bytes, so the file bounds the delays there can be.
        var durations = [Int32](repeating: 0, count: max(1, read.count / 24))
        let status = read.withUnsafeBufferPointer { buffer in
            vitrine_webp_probe(buffer.baseAddress, buffer.count, &facts, &durations, Int32(durations.count))
        }
        if status == -1 { throw .unplayable(WebPAnimation.missingLibraryMessage) }
        guard status == 0, facts.canvas_width > 0, facts.canvas_height > 0 else {
            throw .unplayable("\(name): not a WebP libwebp can read (\(read.count) bytes)")
        }
        isAnimated = facts.animated != 0
        canvas = PixelSize(width: Int(facts.canvas_width), height: Int(facts.canvas_height))
        isCut = facts.cut != 0
        let frames = Int(facts.frames)
        info = AnimationInfo(format: "WebP", size: canvas, fileDelays: durations.prefix(frames).map { Double($0) / 1000 },
                             loopCount: Int(facts.loop_count))
        if isAnimated, frames == 0 {
            throw .unplayable("\(name): this animated WebP has no whole frame (\(facts.named_frames) named, the file \(read.count) bytes)")
        }
        // Cut off: the bytes up to the last whole frame, the RIFF size made to say so.
        let kept = isCut && isAnimated ? min(read.count, Int(facts.whole_end)) : read.count
        bytes = .allocate(byteCount: max(12, kept), alignment: 16)
        bytes.initializeMemory(as: UInt8.self, repeating: 0)
        read.withUnsafeBytes { source in bytes.copyMemory(from: UnsafeRawBufferPointer(rebasing: source.prefix(kept))) }
        if isCut, isAnimated {
            let riff = UInt32(kept - 8)
            for i in 0..<4 { bytes[4 + i] = UInt8(truncatingIfNeeded: riff >> (8 * i)) }
        }
    }

    deinit { bytes.deallocate() }

    /// The file's name, for messages: the last part of its path.
    static func name(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// A one-line refusal naming the file.
    func problem(_ why: String) -> VideoProblem { .unplayable("\(Self.name(path)): \(why)") }

    /// Refuses a canvas whose decode (libwebp's canvas and the one it keeps, the file, and a picture of `shown`
    /// pixels given from it) would not fit the decode memory limit, before a pixel is decoded.
    func refuseOverLimit(shown: PixelSize) throws(VideoProblem) {
        if let problem = ImageLimits.wholeDecodeProblem(.webp, canvas, fileBytes: fileBytes,
                                                        extraBytes: shown.width * shown.height * 4) {
            throw self.problem(problem.description)
        }
    }
}

/// libwebp's animation decoder over a ``WebPAnimationFile``: one canvas, composed frame after frame (each frame's
/// blending and disposal applied by libwebp), from the first or after ``reset()``.
///
/// Not thread-safe: one thread decodes; only the stop flag given to ``decode(upTo:stop:)`` is read from others.
final class WebPAnimationDecoder {
    let file: WebPAnimationFile
    private let decoder: OpaquePointer
    /// The canvas after the last frame decoded (owned by libwebp, valid until the next decode); nil before one.
    private var canvas: UnsafePointer<UInt32>?
    /// How many frames of this pass are on the canvas.
    private(set) var decoded = 0
    /// The index of the first frame libwebp could not decode, once one was met.
    private(set) var badFrame: Int?

    init(file: WebPAnimationFile) throws(VideoProblem) {
        self.file = file
        guard let decoder = vitrine_webp_anim_open(file.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), file.bytes.count) else {
            throw file.problem("libwebp cannot read this animated WebP")
        }
        self.decoder = decoder
    }

    deinit { vitrine_webp_anim_close(decoder) }

    /// Back to before the first frame.
    func reset() {
        vitrine_webp_anim_reset(decoder)
        decoded = 0
        canvas = nil
    }

    /// Decodes frames until frame `index` is on the canvas (from the first again when it is behind), without
    /// scaling any; at a frame that cannot be decoded, the frames before it again. Gives the index on the canvas,
    /// nil when no frame could be decoded or `stop` said to give up.
    func decode(upTo index: Int, stop: () -> Bool) -> Int? {
        while true {
            let target = badFrame.map { min(index, $0 - 1) } ?? index
            guard target >= 0 else { return nil }
            if decoded > target + 1 { reset() }
            var failed = false
            while decoded <= target {
                if stop() { return nil }
                var pixels: UnsafeMutablePointer<UInt8>?
                guard vitrine_webp_anim_next(decoder, &pixels) != 0, let pixels else { failed = true; break }
                canvas = UnsafeRawPointer(pixels).assumingMemoryBound(to: UInt32.self)
                decoded += 1
            }
            guard failed else { return decoded - 1 }
            // The canvas is left half-made: the frames before this one again, from the first.
            badFrame = decoded
            reset()
        }
    }

    /// The part `crop` (x, y, width, height, in canvas pixels) of the canvas scaled to `size` with SDL's bilinear
    /// arithmetic (CStretch), as ARGB8888; transparent when no frame is on the canvas.
    func scaled(crop: (x: Int, y: Int, width: Int, height: Int), to size: PixelSize) -> [UInt32] {
        var out = [UInt32](repeating: 0, count: size.width * size.height)
        guard let canvas, size.width > 0, size.height > 0 else { return out }
        let pitch = file.canvas.width
        out.withUnsafeMutableBufferPointer { target in
            let origin = canvas + crop.y * pitch + crop.x
            guard crop.width >= 2, crop.height >= 2 else {
                // A crop one pixel across or down: the nearest pixel (CStretch needs two to blend).
                for y in 0..<size.height {
                    let row = origin + (y * crop.height / size.height) * pitch
                    for x in 0..<size.width { target[y * size.width + x] = row[x * crop.width / size.width] }
                }
                return
            }
            var across = vitrine_stretch_axis_make(Int32(crop.width), Int32(size.width))
            var down = vitrine_stretch_axis_make(Int32(crop.height), Int32(size.height))
            var first: Int32 = 0, second: Int32 = 0, weight: Int32 = 0
            for y in 0..<size.height {
                vitrine_stretch_rows(&down, Int32(y), &first, &second, &weight)
                vitrine_stretch_row(&across, origin + Int(first) * pitch, origin + Int(second) * pitch, weight,
                                    target.baseAddress! + y * size.width)
            }
        }
        return out
    }
}
