internal import CWebP
import VitrineCore

/// Animated WebP pictures, decoded frame by frame with libwebp's animation decoder (`CWebP`, libwebpdemux.so.2
/// opened on first use): what one is (``probe(path:)``), its frames played on a card's clock (``source(path:card:since:)``)
/// and the frame of a moment (``frame(path:at:covering:)``).
///
/// Memory: the file is held (at most ``ImageLimits/maximumFileBytes``) with libwebp's canvas and the one it keeps
/// of the frame before, 8 bytes a canvas pixel in all, never all frames at once; a canvas over the decode memory
/// limit (``ImageLimits/wholeDecodeProblem(_:_:fileBytes:bytesPerPixel:extraBytes:)``) is refused before a pixel is
/// decoded. Frames are given as SDL's ARGB8888 (`UInt32`s, 0xAARRGGBB) with straight alpha, as SDL blends a texture
/// in `SDL_BLENDMODE_BLEND`; libwebp gives them so (its `MODE_BGRA`, not premultiplied) and the bilinear scaling
/// (CStretch, SDL's own arithmetic) keeps them so.
public enum WebPAnimation {
    /// The one line a kiosk without libwebp's demuxer says.
    public static let missingLibraryMessage = "animated WebP cards need libwebp's demuxer: apt-get install libwebpdemux2"

    /// Whether libwebpdemux.so.2 is installed (loads it on first use).
    public static var libraryPresent: Bool { vitrine_webp() != nil }

    /// What the WebP at `path` is as an animation: its canvas, its frames' delays (as the file says them;
    /// ``AnimationInfo`` applies the shown-delay rule) and loop count, read from its chunks without decoding a
    /// pixel; nil for a still WebP. A file cut off mid-way describes the whole frames before the cut. Throws, in one
    /// line naming the file, why it cannot be played: not a WebP, no whole frame, a canvas over the limits, or
    /// libwebpdemux missing (``missingLibraryMessage``).
    public static func probe(path: String) throws(VideoProblem) -> AnimationInfo? {
        let file = try WebPAnimationFile(path: path)
        guard file.isAnimated else { return nil }
        try file.refuseOverLimit(shown: PixelSize(width: 0, height: 0))
        return file.info
    }

    /// The frames of the animated WebP at `path` for a card of `card` pixels whose clock reads `since` seconds (0
    /// when it just landed): each the card's aspect-fill crop of the canvas (``AspectFill``, as a video's) scaled
    /// to `card`, or at its own size when it is no larger than `card`, timed on the card's clock by ``AnimationClock``. Throws why it cannot be played (as
    /// ``probe(path:)``, and for a still WebP).
    public static func source(path: String, card: PixelSize, since: Double) throws(VideoProblem) -> any FrameSource {
        try WebPAnimationSource(path: path, card: card, since: since)
    }

    /// The canvas showing `sinceLanding` seconds after the card landed (``AnimationClock/frame(sinceLanding:of:)``),
    /// scaled to the least size keeping its aspect that covers `covering` (never larger than the canvas), as
    /// ARGB8888 with straight alpha: the same bytes on every call, for `render --time` and replay. A file that goes
    /// bad before that moment gives its last good frame; throws why when it has none.
    public static func frame(path: String, at sinceLanding: Double, covering: PixelSize) throws(VideoProblem) -> (pixels: [UInt32], size: PixelSize) {
        let file = try WebPAnimationFile(path: path)
        guard file.isAnimated else { throw file.problem("it is a still WebP, not an animation") }
        let canvas = file.canvas
        let scale = min(1, max(Double(covering.width) / Double(canvas.width), Double(covering.height) / Double(canvas.height)))
        let size = PixelSize(width: max(1, Int((Double(canvas.width) * scale).rounded(.up))),
                             height: max(1, Int((Double(canvas.height) * scale).rounded(.up))))
        try file.refuseOverLimit(shown: size)
        let decoder = try WebPAnimationDecoder(file: file)
        let index = AnimationClock.frame(sinceLanding: sinceLanding, of: file.info).index
        guard decoder.decode(upTo: index, stop: { false }) != nil else {
            throw file.problem("no frame of this animated WebP could be decoded")
        }
        let pixels = decoder.scaled(crop: (0, 0, canvas.width, canvas.height), to: size)
        return (pixels, size)
    }
}
