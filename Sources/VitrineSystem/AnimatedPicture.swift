internal import CFFmpeg
import Glibc
import VitrineCore

/// The one place an animated picture's format picks its decoder: GIF and APNG go to FFmpeg
/// (``AnimatedFrameSource``), animated WebP to libwebp's (``WebPAnimation``). A card whose picture is
/// animated plays it like a video: frames decoded one by one on the pump's thread, timed by ``AnimationClock``.
public enum AnimatedPicture {
    /// The bytes a canvas pixel costs while playing, counted against ``ImageLimits/decodeMemoryBytes``: FFmpeg's
    /// canvas, the frame it gave out while it draws the next (a copy), its copy for restore-to-previous, and the
    /// ARGB canvas the frame is laid over the background in (4 bytes each). So up to about 4 megapixels play (a
    /// 1920x1080 canvas is 2.1).
    public static let decodeBytesPerPixel = 16

    /// Whether `path` names a picture that may be animated (``CardVideo/animatedPictureExtensions``): the loader
    /// opens only these.
    public static func mayBeAnimated(_ path: String) -> Bool { CardVideo.mayBeAnimatedName(path) }

    /// The animation in the file at `path`: nil when it is a still picture (one frame, a PNG without `acTL`),
    /// not a GIF, PNG or WebP, or cannot be read (the card's picture then says why). Reads a GIF whole (up to
    /// ``ImageLimits/maximumFileBytes``), a PNG whole only when its first bytes hold an `acTL` chunk. Throws only
    /// for an animated WebP without libwebp's demuxer (``WebPAnimation/missingLibraryMessage``): its first frame
    /// shows, and the kiosk says once what to install.
    public static func probe(path: String) throws(VideoProblem) -> AnimationInfo? {
        guard let head = try? FileDescriptor.readPrefix(atPath: path, count: ImageLimits.headerReadLimit), head.count >= 12 else { return nil }
        if head.starts(with: Array("RIFF".utf8)), head[8..<12].elementsEqual("WEBP".utf8) {
            guard AnimationProbe.isAnimatedWebP(head) else { return nil }
            guard WebPAnimation.libraryPresent else { throw .unplayable(WebPAnimation.missingLibraryMessage) }
            return try? WebPAnimation.probe(path: path)  // Animated WebP: libwebp's decoder (WebPAnimation.swift).
        }
        guard AnimationProbe.mayBeAnimated(head) else { return nil }
        let isPNG = head[0] == 0x89
        if isPNG, !contains(head, "acTL") { return nil }
        guard let bytes = try? FileDescriptor.readFile(atPath: path, limit: ImageLimits.maximumFileBytes) else { return nil }
        return AnimationProbe.probe(bytes)
    }

    /// A ``FrameSource`` of the animation at `path`, probed as `info`, for a card of `card` pixels whose clock
    /// reads `since`: ARGB frames of the card's aspect-fill crop, transparent pixels over `background`.
    public static func source(path: String, info: AnimationInfo, card: PixelSize, since: Double = 0,
                              background: Color = .black) throws(VideoProblem) -> any FrameSource {
        switch info.format {
        case "WebP":  // libwebp's frames keep their alpha: laid over the background here.
            BackgroundedSource(try WebPAnimation.source(path: path, card: card, since: since), background: background)
        default: try AnimatedFrameSource(path: path, info: info, card: card, since: since, background: background)
        }
    }

    /// One frame of an animation, for `render --time` and replay screenshots.
    public struct Frame {
        /// ARGB pixels, opaque (transparent ones laid over the background), row by row.
        public var pixels: [UInt32]
        public var size: PixelSize
        /// Whether the file ended or failed before the frame asked for: this is its last good one.
        public var isDamaged: Bool
    }

    /// The frame of the animation at `path` (probed as `info`) that shows `sinceLanding` seconds after its card
    /// landed (``AnimationClock``), its frames decoded in order up to it, scaled to the least size keeping its
    /// aspect that covers `covering` (never larger than the canvas).
    public static func frame(path: String, info: AnimationInfo, sinceLanding: Double, covering: PixelSize?,
                             background: Color = .black) throws(VideoProblem) -> Frame {
        let wanted = AnimationClock.frame(sinceLanding: sinceLanding, of: info).index
        switch info.format {
        case "WebP":
            let canvas = info.size
            var (pixels, size) = try WebPAnimation.frame(path: path, at: sinceLanding, covering: covering ?? canvas)
            AnimationCanvas.layOver(&pixels, background: UInt32(background.red) << 16 | UInt32(background.green) << 8 | UInt32(background.blue))
            return Frame(pixels: pixels, size: size, isDamaged: false)
        default:
            let decoder = try openDecoder(path: path, info: info)
            let canvas = AnimationCanvas(size: decoder.info.size, background: background)
            var decoded = 0
            while decoded <= wanted, vitrine_video_step(decoder.video, VideoDecoder.maxPacketsPerFrame) == 0 { decoded += 1 }
            guard decoded > 0 else { throw VideoProblem.unplayable("no frame of this \(info.format) could be decoded") }
            let size = decoder.coveringSize(covering ?? decoder.info.size)
            guard let pixels = canvas.picture(of: decoder, crop: (0, 0, canvas.size.width, canvas.size.height), at: size) else {
                throw VideoProblem.unplayable("its \(info.format) frames cannot be converted")
            }
            return Frame(pixels: pixels, size: size, isDamaged: decoded <= wanted)
        }
    }

    /// Why an animation of `info` is not played, in one line; nil when it fits the image limits (its canvas
    /// within ``ImageLimits/maximumPixels`` and, at ``decodeBytesPerPixel``, ``ImageLimits/decodeMemoryBytes``).
    public static func limitProblem(_ info: AnimationInfo) -> VideoProblem? {
        let format = info.format == "APNG" ? ImageFormat.png : info.format == "WebP" ? .webp : .gif
        if info.size.width * info.size.height > ImageLimits.maximumPixels {
            return .unplayable("\(ImageProblem.tooManyPixels(format, info.size, limit: ImageLimits.maximumPixels))")
        }
        if let problem = ImageLimits.wholeDecodeProblem(format, info.size, fileBytes: 0, bytesPerPixel: decodeBytesPerPixel) {
            return .unplayable("\(problem)")
        }
        return nil
    }

    /// Opens a GIF or APNG with FFmpeg after checking its canvas against the image limits.
    static func openDecoder(path: String, info: AnimationInfo) throws(VideoProblem) -> VideoDecoder {
        if let problem = limitProblem(info) { throw problem }
        let side = ImageLimits.maximumPixels
        let decoder = try VideoDecoder(path: path, maxSize: PixelSize(width: side, height: side))
        if let problem = limitProblem(AnimationInfo(format: info.format, size: decoder.info.size, fileDelays: [], loopCount: 0)) { throw problem }
        return decoder
    }

    private static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if bytes[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
