internal import CFFmpeg
import VitrineCore

/// An animated GIF or APNG played in order for a ``FramePump``: FFmpeg's decoder gives each frame as a whole canvas
/// (the format's disposal and blending done, restore-to-previous included), which is laid over the card's
/// background (``AnimationCanvas``) and its aspect-fill crop scaled to the card as ARGB, timed by
/// ``AnimationClock`` from the delays the file says (``AnimationProbe``), its passes counted. A crop no larger than
/// the card is given at its own size, unscaled (the renderer scales it as it draws it).
///
/// Memory: FFmpeg's canvases (its own and the one kept for restore-to-previous; the frame it gives out is let go
/// once used, so it draws the next into the same buffer rather than a copy), an ARGB canvas here only for frames
/// FFmpeg does not give as opaque BGRA (``AnimationCanvas``), and the pump's queue of 3 frames at the card's size
/// or the crop's, whatever the frame count (``AnimatedPicture/decodeBytesPerPixel`` counts them all).
///
/// Why `@unchecked Sendable`: the pump's thread alone calls ``nextFrame()``; ``interrupt()``, from any thread, only
/// sets an atomic flag FFmpeg's reads check.
public final class AnimatedFrameSource: FrameSource, @unchecked Sendable {
    /// The animation's delays and loops.
    public let info: AnimationInfo
    /// The size frames are given at: the card's, or the crop's own when it is no larger than the card.
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
        let cardSize = PixelSize(width: max(1, card.width), height: max(1, card.height))
        size = crop.width <= cardSize.width && crop.height <= cardSize.height ? PixelSize(width: crop.width, height: crop.height) : cardSize
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
                if time + info.delays[shown] <= startTime, !last {
                    vitrine_video_release_good(decoder.video)
                    continue
                }
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
        let pixels = canvas.picture(of: decoder, crop: crop, at: size)
        vitrine_video_release_good(decoder.video)  // Back to FFmpeg: its next frame is drawn in place, not into a copy.
        guard let pixels else { throw VideoProblem.unplayable("its \(info.format) frames cannot be converted") }
        return MovingFrame(time: time, size: size, pixels: .argb(pixels))
    }
}

/// Makes a card's picture of each frame an animation's FFmpeg decoder gives, its transparent pixels over a
/// background colour: straight from FFmpeg's frame when it is 32-bit BGRA (the GIF decoder's) and, to be scaled,
/// opaque; else through one ARGB canvas the frame is converted and laid over the background in, made the first time
/// a frame needs it (an APNG's, a GIF frame with transparent pixels to scale). Keeps the scaler between frames.
final class AnimationCanvas {
    let size: PixelSize
    private let background: UInt32
    /// The ARGB canvas; empty until a frame needs it.
    private var pixels: [UInt32] = []
    private var scaler: OpaquePointer?

    init(size: PixelSize, background: Color) {
        self.size = size
        self.background = UInt32(background.red) << 16 | UInt32(background.green) << 8 | UInt32(background.blue)
    }

    deinit { vitrine_argb_scaler_free(scaler) }

    /// The part `crop` of `decoder`'s last frame, transparent pixels over the background, at `target`: as it is
    /// when `target` is the crop's size, else scaled (bilinear, exact rounding); nil when it cannot be made.
    func picture(of decoder: VideoDecoder, crop: (x: Int, y: Int, width: Int, height: Int), at target: PixelSize) -> [UInt32]? {
        guard crop.x >= 0, crop.y >= 0, crop.width > 0, crop.height > 0, crop.x + crop.width <= size.width,
              crop.y + crop.height <= size.height else { return nil }
        let unscaled = target == PixelSize(width: crop.width, height: crop.height)
        if let (frame, rowPixels) = bgra(decoder), unscaled || Self.isOpaque(frame, rowPixels: rowPixels, crop: crop) {
            return unscaled ? laidOver(frame, rowPixels: rowPixels, crop: crop) : scaled(frame, rowPixels: rowPixels, crop: crop, to: target)
        }
        guard take(decoder) else { return nil }
        return pixels.withUnsafeBufferPointer { canvas in
            unscaled ? laidOver(canvas.baseAddress!, rowPixels: size.width, crop: crop)
                : scaled(canvas.baseAddress!, rowPixels: size.width, crop: crop, to: target)
        }
    }

    /// `decoder`'s last frame as FFmpeg holds it, when it is 32-bit BGRA (SDL's ARGB8888 in memory) at the canvas's
    /// size: its first pixel and the pixels from one row to the next.
    private func bgra(_ decoder: VideoDecoder) -> (UnsafePointer<UInt32>, Int)? {
        guard let good = decoder.video.pointee.good?.pointee, good.format == AV_PIX_FMT_BGRA.rawValue,
              Int(good.width) == size.width, Int(good.height) == size.height, good.linesize.0 >= good.width * 4,
              good.linesize.0 % 4 == 0, let base = good.data.0 else { return nil }
        return (UnsafeRawPointer(base).assumingMemoryBound(to: UInt32.self), Int(good.linesize.0) / 4)
    }

    /// Copies `decoder`'s last frame into the canvas as ARGB, its transparent pixels laid over the background;
    /// false when it cannot.
    private func take(_ decoder: VideoDecoder) -> Bool {
        let width = size.width, height = size.height
        if pixels.count != width * height { pixels = [UInt32](repeating: 0, count: width * height) }
        let status = pixels.withUnsafeMutableBytes { bytes in
            vitrine_video_canvas_argb(decoder.video, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(height), Int32(width * 4))
        }
        guard status == 0 else { return false }
        Self.layOver(&pixels, background: background)
        return true
    }

    /// Whether every pixel of the part `crop` of `frame` is opaque (so scaling it needs no background under it).
    private static func isOpaque(_ frame: UnsafePointer<UInt32>, rowPixels: Int, crop: (x: Int, y: Int, width: Int, height: Int)) -> Bool {
        for y in crop.y..<(crop.y + crop.height) {
            let row = frame + y * rowPixels + crop.x
            for x in 0..<crop.width where row[x] < 0xFF00_0000 { return false }
        }
        return true
    }

    /// The part `crop` of `frame` as it is, its transparent pixels laid over the background.
    private func laidOver(_ frame: UnsafePointer<UInt32>, rowPixels: Int, crop: (x: Int, y: Int, width: Int, height: Int)) -> [UInt32] {
        var out = [UInt32](unsafeUninitializedCapacity: crop.width * crop.height) { buffer, count in
            for y in 0..<crop.height {
                (buffer.baseAddress! + y * crop.width).initialize(from: frame + (crop.y + y) * rowPixels + crop.x, count: crop.width)
            }
            count = crop.width * crop.height
        }
        Self.layOver(&out, background: background)
        return out
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

    /// The part `crop` of `frame` (opaque ARGB) scaled to `target` (bilinear, exact rounding); nil when it cannot be.
    private func scaled(_ frame: UnsafePointer<UInt32>, rowPixels: Int, crop: (x: Int, y: Int, width: Int, height: Int),
                        to target: PixelSize) -> [UInt32]? {
        var out = [UInt32](repeating: 0, count: target.width * target.height)
        let status = out.withUnsafeMutableBytes { destination in
            vitrine_argb_scale(&scaler, UnsafeRawPointer(frame).assumingMemoryBound(to: UInt8.self), Int32(rowPixels * 4), Int32(crop.x), Int32(crop.y),
                               Int32(crop.width), Int32(crop.height), destination.baseAddress!.assumingMemoryBound(to: UInt8.self),
                               Int32(target.width), Int32(target.height), Int32(target.width * 4))
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
