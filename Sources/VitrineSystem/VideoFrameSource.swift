internal import CFFmpeg
import VitrineCore

/// A video file played in order for a ``FramePump``: each frame scaled once to a card's size as planar YUV 4:2:0,
/// timed on the card's clock (looped by the video's length, as ``VideoClock`` loops it), the file read again from
/// its start at its end.
///
/// Why `@unchecked Sendable`: the pump's thread alone calls ``nextFrame()``; ``interrupt()``, from any thread, only
/// sets an atomic flag FFmpeg's reads check.
public final class VideoFrameSource: FrameSource, @unchecked Sendable {
    /// The longest one frame may take to read before the reads give up: the decode thread's watchdog.
    public static let frameDeadline = 2.0

    /// The opened file.
    public let decoder: VideoDecoder
    /// The size frames are scaled to: the card's (even sides), from the video's aspect-fill crop for the card.
    public let size: PixelSize
    /// The part of the video's picture the card shows, in its pixels.
    private let crop: (x: Int, y: Int, width: Int, height: Int)
    private let pitch: Int
    private let duration: Double
    /// The card's clock at the start of the current pass through the file.
    private var passStart: Double
    private var framesThisPass = 0
    private var decodedAny = false
    private var lastTime = 0.0
    /// Frames before this moment are decoded but not scaled: a reopened video starts where the clock is.
    private let startTime: Double
    /// The card's gradient, an 8-bit opacity of black a row from the top (``vitrine_yuv420_shade``); empty for none.
    private let shade: [UInt8]

    /// Opens `path` for a card of `card` pixels whose clock reads `since` seconds (0 when it just landed), decoded with
    /// VA-API on the device `hardware` names where it can be, else a V4L2 memory-to-memory decoder (nil: in software); throws
    /// why it cannot be played. The card shows the video's aspect-fill crop as a picture's (``AspectFill``: its
    /// 3:2 crop, then the visible part), scaled to the card's size with even sides, and darkened row by row by
    /// `shade` (the opacity of the black blended over each row, from the top; rows past it are left as they are):
    /// the card's gradient, put into the frame here rather than blended over it on the loop.
    public init(path: String, card: PixelSize, since: Double = 0, threads: Int = 1, hardware: String? = nil,
                shade: [UInt8] = []) throws(VideoProblem) {
        decoder = try VideoDecoder(path: path, threads: threads)
        // VA-API on the device `hardware` names, else V4L2 memory-to-memory, else software, said once
        // (VideoDecoder+Hardware.swift).
        if let hardware, let why = decoder.useHardware(device: hardware) { VideoHardware.fellBack(why) }
        let video = decoder.info.size
        crop = AspectFill.pixelCrop(imageSize: video, card: card, evenOrigin: true)
        size = PixelSize(width: max(2, (card.width + 1) & ~1), height: max(2, (card.height + 1) & ~1))
        pitch = size.width
        let length = decoder.info.duration
        duration = length.isFinite && length > 0 ? length : 0
        let start = max(0, since.isFinite ? since : 0)
        passStart = duration > 0 ? (start / duration).rounded(.down) * duration : 0
        startTime = start
        self.shade = shade.contains { $0 != 0 } ? shade : []
        if start > passStart { vitrine_video_seek_key(decoder.video, start - passStart) }  // Reopened: from the key frame before.
    }

    public var isDamaged: Bool { decoder.isDamaged }

    public func interrupt() { vitrine_video_abandon(decoder.video) }

    public func nextFrame() throws(VideoProblem) -> MovingFrame? {
        while true {
            vitrine_video_set_deadline(decoder.video, Self.frameDeadline)
            defer { vitrine_video_set_deadline(decoder.video, 0) }
            let status = vitrine_video_step(decoder.video, VideoDecoder.maxPacketsPerFrame)
            if status == 0 {
                // The frame's moment in this pass: never before the last one (a damaged file's times may jump back)
                // nor past the video's length.
                var time = max(0, decoder.shownTime)
                if duration > 0 { time = min(time, duration) }
                time = max(passStart + time, lastTime)
                lastTime = time
                framesThisPass += 1
                if !decodedAny, decoder.hardwareRefused { VideoHardware.fellBack("the VA-API driver does not decode this \(decoder.info.codec) stream") }
                decodedAny = true
                if time + 0.5 / max(1, decoder.info.frameRate) < startTime { continue }
                return try scaled(at: time)
            }
            // The end of the file, or a read that failed: the next pass, when the video loops and this one showed
            // a frame; else the last frame stays.
            if !decodedAny {
                throw VideoProblem.unplayable("no frame of this \(decoder.info.codec) video could be decoded")
            }
            guard duration > 0, framesThisPass > 0, vitrine_video_rewind_to_start(decoder.video) == 0 else { return nil }
            passStart += duration
            lastTime = max(lastTime, passStart)
            framesThisPass = 0
        }
    }

    private func scaled(at time: Double) throws(VideoProblem) -> MovingFrame {
        // Every byte is written by the scaler (no padding: the pitch is the width), so none is zeroed first.
        var status: Int32 = -1
        let bytes = [UInt8](unsafeUninitializedCapacity: pitch * size.height + (pitch / 2) * (size.height / 2) * 2) { buffer, count in
            status = decoder.scaleYUV(crop: crop, to: size, into: buffer.baseAddress!, pitch: pitch)  // Turned as shown.
            if status == 0, !shade.isEmpty {
                shade.withUnsafeBufferPointer { rows in
                    vitrine_yuv420_shade(buffer.baseAddress!, Int32(pitch), Int32(size.width), Int32(size.height), rows.baseAddress!, Int32(rows.count))
                }
            }
            count = status == 0 ? buffer.count : 0
        }
        // The decoder's frame is not needed once scaled: its buffer goes back to the decoder for the next frame.
        vitrine_video_release_good(decoder.video)
        guard status == 0 else { throw VideoProblem.unplayable("its \(decoder.info.codec) frames cannot be scaled") }
        return MovingFrame(time: time, size: size, pixels: .yuv420(bytes: bytes, pitch: pitch))
    }
}
