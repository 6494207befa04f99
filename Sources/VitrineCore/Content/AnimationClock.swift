/// What an animated picture (GIF, APNG, WebP) is, read from its file without decoding its frames: enough for
/// `check` to describe it and for the runtime to know when its frames change.
public struct AnimationInfo: Sendable, Equatable {
    /// Its format's name, as `check` says it: `GIF`, `APNG` or `WebP`.
    public var format: String
    /// Its canvas (logical screen) in pixels.
    public var size: PixelSize
    /// How long each frame shows, in order, in seconds, as shown (``AnimationClock/shownDelay(_:)`` applied).
    public var delays: [Double]
    /// How many times it plays; 0 is forever.
    public var loopCount: Int

    /// An animation of `format` whose frames show for `delays` (as the file says them, in seconds).
    public init(format: String, size: PixelSize, fileDelays delays: [Double], loopCount: Int) {
        self.format = format
        self.size = size
        self.delays = delays.map(AnimationClock.shownDelay)
        self.loopCount = max(0, loopCount)
    }

    /// How many frames it has.
    public var frameCount: Int { delays.count }
    /// One pass through its frames, in seconds.
    public var duration: Double { delays.reduce(0, +) }
    /// The moment on its card's clock its motion ends, all its passes played (its last frame stays from then on,
    /// ``AnimationClock/frame(sinceLanding:of:)``); nil when it loops forever.
    public var motionEnd: Double? { loopCount > 0 ? duration * Double(loopCount) : nil }
    /// When each frame starts within a pass, in seconds: 0, then the sum of the delays before it.
    public var starts: [Double] {
        var offset = 0.0
        return delays.map { delay in defer { offset += delay }; return offset }
    }
}

/// Which frame of an animated picture shows at a moment: a pure function of the time since its card landed, as a
/// video's (``VideoClock``), so `render --time`, a replay and the screen show the same frame, and a stall never
/// makes it jump.
public enum AnimationClock {
    /// The delay a frame whose file says `seconds` shows for: as browsers show them, 10 ms or less (a GIF's 0 or 1
    /// hundredths) is 100 ms; anything not finite is too.
    public static func shownDelay(_ seconds: Double) -> Double {
        seconds.isFinite && seconds > 0.010 ? seconds : 0.1
    }

    /// The index of the frame that shows `sinceLanding` seconds after the card landed, and when it started showing
    /// on the card's clock. Nil `sinceLanding` (a transition still bringing the card in) shows the first frame.
    /// After `loopCount` passes (0: forever) the last frame stays.
    public static func frame(sinceLanding: Double?, of animation: AnimationInfo) -> (index: Int, since: Double) {
        let delays = animation.delays, duration = animation.duration
        guard let since = sinceLanding, since.isFinite, since > 0, !delays.isEmpty, duration > 0 else { return (0, 0) }
        var pass = (since / duration).rounded(.down)
        if animation.loopCount > 0, pass >= Double(animation.loopCount) {
            // Played out: the last frame stays, from the moment the last pass showed it.
            pass = Double(animation.loopCount - 1)
            return (delays.count - 1, pass * duration + duration - delays[delays.count - 1])
        }
        let passStart = pass * duration, moment = since - passStart
        var offset = 0.0
        for (index, delay) in delays.enumerated() {
            if moment < offset + delay || index == delays.count - 1 { return (index, passStart + offset) }
            offset += delay
        }
        return (delays.count - 1, passStart + offset)
    }
}
