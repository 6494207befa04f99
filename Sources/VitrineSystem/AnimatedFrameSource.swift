internal import CFFmpeg
import VitrineCore

/// An animated GIF or APNG played in order for a ``FramePump``: FFmpeg's decoder gives each frame as a whole canvas
/// (the format's disposal and blending done, restore-to-previous included), which is laid over the card's
/// background (``AnimationCanvas``) and its aspect-fill crop scaled to the card as ARGB, timed by
/// ``AnimationClock`` from the delays the file says (``AnimationProbe``), its passes counted.
///
/// Memory: FFmpeg's canvases (its own, the one given out, the one kept for restore-to-previous), one ARGB canvas here, and the pump's queue of card
/// frames, whatever the frame count (``AnimatedPicture/decodeBytesPerPixel``).
///
/// Why `@unchecked Sendable`: the pump's thread alone calls ``nextFrame()``; ``interrupt()``, from any thread, only
/// sets an atomic flag FFmpeg's reads check.
public final class AnimatedFrameSource: FrameSource, @unchecked Sendable {
    /// The animation's delays and loops.
    public let info: AnimationInfo
    /// The size frames are given at: the card's.
    public let size: PixelSize
    private let decoder: VideoDecoder
    private let canvas: AnimationCanvas
    private let crop: (x: Int, y: Int, width: Int, height: Int)
    /// When each frame starts within a pass, in seconds.
    private let starts: [Double]
    private let startTime: Double
    private var pass: Int
    private var index = 0
    private var decodedAny = false
    private var cutShort = false

    /// Opens `path`, probed as `info`, for a card of `card` pixels whose clock reads `since` seconds, its
    /// transparent pixels over `background`; throws why it cannot be played.
    public init(path: String, info: AnimationInfo, card: PixelSize, since: Double = 0, background: Color = .black) throws(VideoProblem) {
        self.info = info
        decoder = try AnimatedPicture.openDecoder(path: path, info: info)
        let picture = decoder.info.size
        canvas = AnimationCanvas(size: picture, background: background)
        crop = AspectFill.pixelCrop(imageSize: picture, card: card)
        size = PixelSize(width: max(1, card.width), height: max(1, card.height))
        starts = info.starts
        let start = max(0, since.isFinite ? since : 0)
        var firstPass = info.duration > 0 ? Int(min(start / info.duration, Double(Int32.max))) : 0
        if info.loopCount > 0 { firstPass = min(firstPass, info.loopCount - 1) }
        pass = firstPass
        startTime = start
    }

    public var isDamaged: Bool { decoder.isDamaged || cutShort }

    public func interrupt() { vitrine_video_abandon(decoder.video) }

    public func nextFrame() throws(VideoProblem) -> MovingFrame? {
        while true {
            let status: Int32
            if index < info.frameCount {
                vitrine_video_set_deadline(decoder.video, VideoFrameSource.frameDeadline)
                status = vitrine_video_step(decoder.video, VideoDecoder.maxPacketsPerFrame)
                vitrine_video_set_deadline(decoder.video, 0)
            } else {
                status = 1  // Every frame the file said it has was shown: the pass is over.
            }
            if status == 0 {
                let shown = index, time = Double(pass) * info.duration + starts[shown]
                index += 1
                decodedAny = true
                // A pump started after landing begins at the frame showing then; the last frame is always kept.
                let last = info.loopCount > 0 && pass == info.loopCount - 1 && shown == info.frameCount - 1
                if time + info.delays[shown] <= startTime, !last { continue }
                return try frame(at: time)
            }
            if !decodedAny { throw VideoProblem.unplayable("no frame of this \(info.format) could be decoded") }
            // Fewer frames than the file said, or a read that failed: its last good frame stays.
            if decoder.isDamaged || index < info.frameCount { cutShort = index < info.frameCount; return nil }
            pass += 1
            if info.loopCount > 0, pass >= info.loopCount { return nil }
            guard vitrine_video_rewind(decoder.video) == 0 else { cutShort = true; return nil }
            index = 0
        }
    }

    private func frame(at time: Double) throws(VideoProblem) -> MovingFrame {
        guard canvas.take(decoder), let pixels = canvas.scaled(crop: crop, to: size) else {
            throw VideoProblem.unplayable("its \(info.format) frames cannot be converted")
        }
        return MovingFrame(time: time, size: size, pixels: .argb(pixels))
    }
}

/// One ARGB canvas an animation's frames are laid into from FFmpeg's decoder, over a background colour, and the
/// scaler that makes a card's picture of it.
final class AnimationCanvas {
    let size: PixelSize
    private let background: UInt32
    private var pixels: [UInt32]
    private var scaler: OpaquePointer?

    init(size: PixelSize, background: Color) {
        self.size = size
        self.background = UInt32(background.red) << 16 | UInt32(background.green) << 8 | UInt32(background.blue)
        pixels = [UInt32](repeating: 0, count: size.width * size.height)
    }

    deinit { vitrine_argb_scaler_free(scaler) }

    /// Copies `decoder`'s last frame in, its transparent pixels laid over the background; false when it cannot.
    func take(_ decoder: VideoDecoder) -> Bool {
        let width = size.width, height = size.height
        let status = pixels.withUnsafeMutableBytes { bytes in
            vitrine_video_canvas_argb(decoder.video, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(height), Int32(width * 4))
        }
        guard status == 0 else { return false }
        Self.layOver(&pixels, background: background)
        return true
    }

    /// Lays `pixels` (ARGB, straight alpha) over `background` (RGB): all opaque after.
    static func layOver(_ pixels: inout [UInt32], background back: UInt32) {
        pixels.withUnsafeMutableBufferPointer { buffer in
            for i in buffer.indices {
                let pixel = buffer[i], alpha = pixel >> 24
                if alpha == 255 { continue }
                if alpha == 0 { buffer[i] = 0xFF00_0000 | back; continue }
                func mix(_ shift: UInt32) -> UInt32 {
                    let over = (pixel >> shift) & 0xFF, under = (back >> shift) & 0xFF
                    return ((over * alpha + under * (255 - alpha) + 127) / 255) << shift
                }
                buffer[i] = 0xFF00_0000 | mix(16) | mix(8) | mix(0)
            }
        }
    }

    /// The part `crop` of the canvas scaled to `target` (bilinear, exact rounding); nil when it cannot be.
    func scaled(crop: (x: Int, y: Int, width: Int, height: Int), to target: PixelSize) -> [UInt32]? {
        var out = [UInt32](repeating: 0, count: target.width * target.height)
        let pitch = size.width * 4
        let status = pixels.withUnsafeBytes { source in
            out.withUnsafeMutableBytes { destination in
                vitrine_argb_scale(&scaler, source.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(pitch), Int32(crop.x), Int32(crop.y),
                                   Int32(crop.width), Int32(crop.height), destination.baseAddress!.assumingMemoryBound(to: UInt8.self),
                                   Int32(target.width), Int32(target.height), Int32(target.width * 4))
            }
        }
        return status == 0 ? out : nil
    }
}

/// A source whose ARGB frames may keep transparent pixels (another format's decoder), laid over a background
/// colour as ``AnimationCanvas`` lays GIF and APNG frames: the card shows `display.background` through them.
final class BackgroundedSource: FrameSource, @unchecked Sendable {
    private let inner: any FrameSource
    private let background: UInt32

    init(_ inner: any FrameSource, background: Color) {
        self.inner = inner
        self.background = UInt32(background.red) << 16 | UInt32(background.green) << 8 | UInt32(background.blue)
    }

    var isDamaged: Bool { inner.isDamaged }

    func interrupt() { inner.interrupt() }

    func nextFrame() throws(VideoProblem) -> MovingFrame? {
        guard var frame = try inner.nextFrame() else { return nil }
        if case .argb(var pixels) = frame.pixels {
            AnimationCanvas.layOver(&pixels, background: background)
            frame.pixels = .argb(pixels)
        }
        return frame
    }
}
