import Synchronization
import VitrineCore

/// An animated WebP played in order for a ``FramePump``: each frame the card's aspect-fill crop of libwebp's canvas
/// scaled once to the card's size as ARGB8888 (straight alpha), or at the crop's own size when it is no larger than
/// the card (the renderer scales it as it draws it), timed on the card's clock as
/// ``AnimationClock`` times it (a pass's start plus the frame's offset in it), looped as the file says; after
/// its passes the last frame stays and ``nextFrame()`` gives nil. Opened while the card's clock already runs, it
/// starts at the frame due then, the frames before it composed onto the canvas but not scaled.
///
/// Why `@unchecked Sendable`: the pump's thread alone calls ``nextFrame()``; ``interrupt()``, from any thread, only
/// sets an atomic flag the decode checks between frames (one frame's decode is bounded by the canvas limit).
final class WebPAnimationSource: FrameSource, @unchecked Sendable {
    let decoder: WebPAnimationDecoder
    let info: AnimationInfo
    /// The size frames are given at: the card's, or the crop's own when it is no larger than the card.
    let size: PixelSize
    /// The part of the canvas the card shows, in canvas pixels.
    let crop: (x: Int, y: Int, width: Int, height: Int)
    /// Each frame's moment in a pass, summed as ``AnimationClock`` sums them.
    private let offsets: [Double]
    /// The pass and frame given next; nil once played out or damaged.
    private var next: (pass: Int, index: Int)?
    /// The first frame's moment: the clock's own, so a source opened late agrees with it to the bit.
    private var firstTime: Double?
    private var lastTime = 0.0
    private var givenAny = false
    private let stopped = Atomic(false)
    private let damaged = Atomic(false)

    init(path: String, card: PixelSize, since: Double) throws(VideoProblem) {
        let file = try WebPAnimationFile(path: path)
        guard file.isAnimated else { throw file.problem("it is a still WebP, not an animation") }
        let cardSize = PixelSize(width: max(1, card.width), height: max(1, card.height))
        crop = AspectFill.pixelCrop(imageSize: file.canvas, card: cardSize)
        let fits = crop.width <= cardSize.width && crop.height <= cardSize.height
        size = fits ? PixelSize(width: crop.width, height: crop.height) : cardSize
        try file.refuseOverLimit(shown: size)
        decoder = try WebPAnimationDecoder(file: file)
        info = file.info
        damaged.store(file.isCut, ordering: .relaxed)
        offsets = info.starts
        let moment = since.isFinite && since > 0 ? since : nil
        let (index, start) = AnimationClock.frame(sinceLanding: moment, of: info)
        let pass = Int(((start - offsets[index]) / info.duration).rounded())
        next = (max(0, pass), index)
        firstTime = start
    }

    var isDamaged: Bool { damaged.load(ordering: .relaxed) }

    func interrupt() { stopped.store(true, ordering: .relaxed) }

    func nextFrame() throws(VideoProblem) -> MovingFrame? {
        guard let (pass, index) = next else { return nil }
        let shown = decoder.decode(upTo: index) { stopped.load(ordering: .relaxed) }
        if stopped.load(ordering: .relaxed) { next = nil; return nil }
        guard shown == index else {
            // A frame that cannot be decoded: the last good one stays.
            damaged.store(true, ordering: .relaxed)
            next = nil
            if !givenAny { throw decoder.file.problem("no frame of this animated WebP could be decoded") }
            return nil
        }
        var time = firstTime ?? (Double(pass) * info.duration + offsets[index])
        time = max(time, lastTime)
        firstTime = nil
        lastTime = time
        givenAny = true
        if index + 1 < info.frameCount {
            next = (pass, index + 1)
        } else if info.loopCount == 0 || pass + 1 < info.loopCount {
            next = (pass + 1, 0)
        } else {
            next = nil
        }
        return MovingFrame(time: time, size: size, pixels: .argb(decoder.scaled(crop: crop, to: size)))
    }
}
