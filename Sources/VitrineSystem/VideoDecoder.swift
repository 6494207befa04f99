internal import CFFmpeg
import Synchronization
import VitrineCore

/// A video file opened with FFmpeg (`CFFmpeg`, loaded with dlopen on first use): its facts, and the frame shown at
/// a presentation time, scaled to a size as 32-bit ARGB (SDL's ARGB8888).
///
/// Not thread-safe: one thread uses a decoder at a time. Frames are picked by presentation time, the same frame
/// for the same time on every run (one decoding thread, bilinear scaling with exact rounding).
public final class VideoDecoder {
    /// What `check` prints about a video.
    public struct Info: Sendable, Equatable {
        public var container: String
        public var codec: String
        public var size: PixelSize
        /// Frames a second; 0 when the file does not say.
        public var frameRate: Double
        /// Seconds; 0 when the file does not say.
        public var duration: Double
        /// How its stored picture is turned and shaped to be shown as `size` (``VideoShape``).
        public var shape = VideoShape.upright

        /// `mov,mp4,m4a,3gp,3g2,mj2, h264, 1080x1920, 30 fps, 12.5 s (stored as 1920x1080 turned 90° clockwise)`.
        public var description: String {
            let rate = (frameRate * 100).rounded() / 100
            let length = (duration * 100).rounded() / 100
            return "\(container), \(codec), \(size.width)x\(size.height), \(Self.trim(rate)) fps, \(Self.trim(length)) s"
                + (shape.isUpright ? "" : " (\(shape))")
        }

        static func trim(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(value)
        }
    }

    /// The largest video a card plays: 3840x2160 (either way round is refused past it).
    public static let maxSize = PixelSize(width: 3840, height: 2160)
    /// The most packets read to find one frame: a file that never yields one gives up rather than hang.
    static let maxPacketsPerFrame: Int32 = 20_000

    /// The one line a kiosk without FFmpeg says, once.
    public static let missingLibrariesMessage = "video cards need FFmpeg's libraries: apt-get install libavformat59 libavcodec59 libswscale6 libavutil57"

    let video: UnsafeMutablePointer<vitrine_video>
    /// How the stored picture is turned to be shown (its display matrix and pixel shape).
    let orientation: vitrine_video_orientation
    /// The file's facts.
    public let info: Info
    /// The file, for messages.
    public let path: String

    /// Opens `path`; throws the reason (one line, without the path) when it cannot be played. `threads` decode it:
    /// one for a frame picked by time (the same on every machine), more for playback in order. A picture over
    /// `maxSize` either way round is refused (an animated picture's canvas has the image limits instead).
    public init(path: String, threads: Int = 1, maxSize: PixelSize = VideoDecoder.maxSize) throws(VideoProblem) {
        try Self.refuseSpecialFile(path)
        var facts = vitrine_video_info()
        var why = [CChar](repeating: 0, count: 256)
        guard let video = vitrine_video_open(Self.ffmpegURL(path), Int32(clamping: maxSize.width), Int32(clamping: maxSize.height), Int32(threads), &facts, &why, why.count) else {
            if vitrine_ffmpeg() == nil { throw VideoProblem.librariesMissing }
            throw VideoProblem.unplayable(String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        self.video = video
        self.path = path
        orientation = vitrine_video_get_orientation(video)
        let shape = VideoShape(orientation, stored: PixelSize(width: Int(facts.width), height: Int(facts.height)))
        info = Info(container: Self.text(facts.container), codec: Self.text(facts.codec), size: shape.shownSize,
                    frameRate: facts.fps, duration: Self.length(of: video), shape: shape)
    }

    deinit { vitrine_video_close(video) }

    /// Whether a read or decode error was met since opening: the file is truncated or corrupt.
    public var isDamaged: Bool { video.pointee.damaged != 0 }

    /// The frame shown `seconds` after the video's start (the last frame not after it; past the end or at damage,
    /// the last good one) scaled to `size` as ARGB8888 pixels, a row after another; nil when no frame could be
    /// decoded at all.
    public func frame(at seconds: Double, size: PixelSize) -> [UInt32]? {
        guard size.width > 0, size.height > 0, seconds.isFinite else { return nil }
        // A seek by time that lands past the only key frame (an MPEG-TS) yields nothing: read from the start then.
        guard vitrine_video_seek(video, max(0, seconds), Self.maxPacketsPerFrame) == 0
                || vitrine_video_seek_from_start(video, max(0, seconds), Self.maxPacketsPerFrame) == 0 else { return nil }
        var pixels = [UInt32](repeating: 0, count: size.width * size.height)
        let scaled = pixels.withUnsafeMutableBytes { bytes in
            scaleARGB(to: size, into: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        return scaled == 0 ? pixels : nil
    }

    /// The presentation time of the frame last given, in seconds.
    public var shownTime: Double { max(0, video.pointee.good_time) }

    /// The least size, keeping the video's aspect, that covers `target` (never larger than the video): what a
    /// card's frame is scaled to before its aspect-fill crop.
    public func coveringSize(_ target: PixelSize) -> PixelSize {
        let w = Double(info.size.width), h = Double(info.size.height)
        let scale = min(1, max(Double(target.width) / w, Double(target.height) / h))
        return PixelSize(width: max(1, Int((w * scale).rounded(.up))), height: max(1, Int((h * scale).rounded(.up))))
    }

    private static func text<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// Whether FFmpeg's libraries are installed (loads them on first use).
    public static var librariesPresent: Bool { vitrine_ffmpeg() != nil }

    private static let toldMissing = Mutex(false)

    /// `missingLibrariesMessage` the first time it is asked for, nil after: a kiosk says it once.
    public static func missingLibrariesNoticeOnce() -> String? {
        toldMissing.withLock { told in
            defer { told = true }
            return told ? nil : missingLibrariesMessage
        }
    }
}

/// Why a video cannot be played.
public enum VideoProblem: Error, Equatable, CustomStringConvertible {
    /// FFmpeg's libraries are not installed.
    case librariesMissing
    /// The file cannot be played, and why: `no decoder here for its codec (…)`, `3841x2160 is over the limit …`.
    case unplayable(String)

    public var description: String {
        switch self {
        case .librariesMissing: VideoDecoder.missingLibrariesMessage
        case .unplayable(let why): why
        }
    }
}
