/// Which moment of a video a frame shows: a pure function of the runtime's time since the card landed, so a
/// replay, `render --time` and the screen show the same frame for the same moment, and a stall never makes it jump.
public enum VideoClock {
    /// The presentation time, in seconds from the video's start, that a frame `sinceLanding` seconds after the card
    /// landed shows, looped by the video's `duration`. Nil `sinceLanding` (a transition still bringing the card in)
    /// shows the poster or the first frame: 0. An unknown, zero or non-finite duration does not loop.
    public static func presentationTime(sinceLanding: Double?, duration: Double?) -> Double {
        guard let since = sinceLanding, since.isFinite, since > 0 else { return 0 }
        guard let duration, duration.isFinite, duration > 0 else { return since }
        return since.truncatingRemainder(dividingBy: duration)
    }
}
