import VitrineCore
import VitrineSystem

/// A video card playing in the window: the decode thread's queue (``FramePump``), and, unless its frames go straight
/// into the window's frame (DeckRenderer+VideoDraw.swift), the YUV texture they are uploaded to and the card's own
/// texture that each is drawn into under the card's gradient and texts.
final class VideoPlayback {
    /// What plays: the card, its page, its file and when it landed.
    var playing: PlayingVideo
    /// The frames, decoded ahead on their own thread.
    let pump: FramePump
    /// The frame last shown, as SDL's IYUV texture (a video's) or an ARGB one (an animated picture's).
    var frame: Texture?
    /// Whether ``frame`` is an ARGB texture.
    var frameIsARGB = false
    /// The card drawn over the frame: what the deck copies to the screen while the video plays.
    var card: Texture?
    /// Whether the heap was trimmed once the first frame was drawn (``DeckRenderer/videoStartTrimDue()``).
    var trimmedAtFirstFrame = false
    /// The ``shown`` count at the last trim of the start (``startTrimEvery``).
    var trimmedAt = 0
    /// Whether ``overlay`` was made as the slide started and the heap is to be trimmed once that frame is presented.
    var overlayTrimDue = false
    /// The card's gradient and texts, made once, blended over each frame from row `top` down.
    var overlay: (texture: Texture, top: Int)?
    /// The card size ``overlay`` was made for; nil before it was made.
    var overlaySize: PixelSize?
    /// The time on the card's clock of the frame shown; nil while the poster or first frame shows.
    var shownTime: Double?
    /// Frames shown, and frames decoded but dropped unseen because the loop woke too late for them.
    var shown = 0, skipped = 0
    /// Whether the file's damage or failure was reported.
    var reported = false

    /// When it started (``MonotonicClock``): the card was being brought in, or had just landed.
    var started: Double

    /// How many frames are shown between two trims of the heap (``DeckRenderer/composedSinceTrim``): 1 s at 30 fps.
    static let trimEvery = 30
    /// Frames shown between two trims in the first ``startFrames`` (``DeckRenderer/videoStartTrimDue()``).
    static let startTrimEvery = 10
    /// How many frames are the start, trimmed every ``startTrimEvery``: 3 s at 30 fps.
    static let startFrames = 90

    /// Seconds of the card's clock that play before the cards beside the screen are composed (``holdsNeighboursBack(at:)``).
    static let neighboursAfter = 1.0
    /// Seconds after it started past which the cards beside the screen are composed whatever played: a slide, a
    /// second's play and a loaded machine's slack, for a video that stalls, or a hold that stops its clock.
    static let neighboursAtLatest = 3.0

    init(_ playing: PlayingVideo, pump: FramePump, started: Double = MonotonicClock.seconds) {
        self.playing = playing
        self.pump = pump
        self.started = started
    }

    /// Whether the cards beside the screen wait to be composed (and their previews made): from when the card is
    /// brought in until its first second (``neighboursAfter``) has played, unless it cannot play or it is past
    /// ``neighboursAtLatest``. The start is when the kiosk holds the most at once (the card it came from, read back
    /// from the window's frame; the poster; the decoder's first frames and its pool; the texts' overlay): a neighbour
    /// composed then (its decode, its surface, its preview and its texture) added 10 MiB or so to the peak. A card
    /// that comes on screen is composed at once all the same (a swipe shows its preview made on the loop's thread
    /// at worst, never an empty card).
    func holdsNeighboursBack(at now: Double) -> Bool {
        guard now - started < Self.neighboursAtLatest, pump.problem == nil else { return false }
        return (shownTime ?? 0) < Self.neighboursAfter
    }

    deinit { pump.stop() }
}

extension DeckRenderer {
    /// Whether the heap is to be trimmed now as a video starts, frames wanted or not (an animation after the landing
    /// keeps the loop busy for a few tenths of a second); the app trims it once the frame is presented. Due once
    /// the frame the overlay was made in is presented (as the slide started: its transient copies, 9 MiB at
    /// 1200x800, would stay while the decoder's first frames come), once the first frame is, and every
    /// ``VideoPlayback/startTrimEvery`` frames of the first ``VideoPlayback/startFrames`` (the neighbours composed
    /// after the first second and the decoder's pool reaching its size leave free heap then).
    public func videoStartTrimDue() -> Bool {
        guard let playback else { return false }
        if playback.overlayTrimDue {
            playback.overlayTrimDue = false
            return true
        }
        if playback.shown > 0, !playback.trimmedAtFirstFrame {
            playback.trimmedAtFirstFrame = true
            return true
        }
        let shown = playback.shown
        guard shown > 0, shown < VideoPlayback.startFrames, shown % VideoPlayback.startTrimEvery == 0, playback.trimmedAt != shown else { return false }
        playback.trimmedAt = shown
        return true
    }

    /// Whether a video card plays that has shown no frame yet (it is brought in, or has just landed).
    public var awaitsFirstVideoFrame: Bool { playback.map { $0.shownTime == nil } ?? false }

    /// The cards a frame keeps composed while a video card starts (``VideoPlayback/holdsNeighboursBack(at:)``), of
    /// those it would keep (`keep`): the cards it shows (`shown`), the video card and its own neighbours. The card
    /// beyond the one a slide leaves (kept for a slide that turns back) goes at once rather than at the landing,
    /// where the kiosk holds the most.
    func keptWhileVideoStarts(_ keep: Set<Int>, shown: Set<Int>, pager: PagerSnapshot) -> Set<Int> {
        guard let page = playback?.playing.page else { return keep }
        let around = Set([page - 1, page, page + 1].compactMap { pager.cardIndex(forSlot: $0) })
        return keep.filter { shown.contains($0) || around.contains($0) }
    }
}

/// What the videos played so far came to, for `run --stats`.
public struct VideoStatistics: Sendable, Equatable {
    /// Videos started (a card that landed).
    public var played = 0
    /// Frames shown, each a new one.
    public var framesShown = 0
    /// Frames decoded but never shown: the loop woke after the frame that followed them was due.
    public var framesSkipped = 0
    /// The longest wait from a video card landing to its first frame on the card, in seconds.
    public var slowestFirstFrame: Double?
    /// Decode threads asked to stop that had not ended within their deadline.
    public var stuckThreads = 0

    /// `3 videos, 270 frames shown, 0 skipped, first frame within 41.0 ms of landing`.
    public var summary: String {
        let first = slowestFirstFrame.map { String(cFormat: "%.1f ms", $0 * 1000) } ?? "none"
        return "\(played) video\(played == 1 ? "" : "s"), \(framesShown) frames shown, \(framesSkipped) skipped, "
            + "first frame within \(first) of landing, \(stuckThreads) decode threads stuck"
    }
}
