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

    /// How many frames are shown between two trims of the heap (``DeckRenderer/composedSinceTrim``): 1 s at 30 fps.
    static let trimEvery = 30

    init(_ playing: PlayingVideo, pump: FramePump) {
        self.playing = playing
        self.pump = pump
    }

    deinit { pump.stop() }
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
