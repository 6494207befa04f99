/// Start-up milestones, written to the log at debug level: where the time to the first picture goes.
///
/// `vitrine --log-level debug run` shows them; times count from the first mark, at the start of `main`.
public enum StartupTimeline {
    /// The monotonic time of the first mark.
    private static let origin = MonotonicClock.seconds

    /// Logs `milestone` with the milliseconds since the first mark; safe from any thread.
    public static func mark(_ milestone: String) {
        let start = origin
        let milliseconds = (MonotonicClock.seconds - start) * 1000
        Logger.shared.log(.debug, "start-up: \(milestone) at \(Int(milliseconds.rounded())) ms")
    }
}
