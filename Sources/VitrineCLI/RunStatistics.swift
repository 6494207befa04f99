import VitrineCore
import VitrineSystem
import VitrineSDL

/// `vitrine run --stats`: counts the app's frames and logs them on SIGUSR1 and, through ``log()``, on exit.
final class RunStatistics {
    /// Frames this long after the first one count as settled: start-up work (the neighbours' first composing, the
    /// file watcher) is over by then.
    static let settleTime = 1.0

    private var frames = FrameStatistics(budget: KioskApp.fallbackFrameInterval)
    /// The frames drawn more than ``settleTime`` after the first.
    private var settled = FrameStatistics(budget: KioskApp.fallbackFrameInterval)
    /// The frames that showed cards moving (a slide or a fade): a transition over a playing video must keep to
    /// the budget too.
    private var moving = FrameStatistics(budget: KioskApp.fallbackFrameInterval)
    private var firstFrame: Double?
    private var firstFrameMonotonic: Double?

    /// Hooks into `app`'s frame, first-frame and SIGUSR1 callbacks (keeping the first-frame callback already set).
    private unowned let app: KioskApp

    init(app: KioskApp) {
        self.app = app
        let shown = app.onFirstFrame
        app.onFirstFrame = { [unowned self] in
            firstFrame = ProcessMetrics.secondsSinceStart
            firstFrameMonotonic = MonotonicClock.seconds
            shown()
        }
        app.onFrameDrawn = { [unowned self] in
            frames.record($0)
            if app.lastFrameMoved { moving.record($0) }
            if let first = firstFrameMonotonic, MonotonicClock.seconds - first > Self.settleTime { settled.record($0) }
        }
        app.onUser1 = { [unowned self] in log() }
    }

    /// Writes one line: the frame figures, how many of the frames over budget came after the first second and the
    /// longest frame after it, the time to the first frame and the peak memory.
    func log() {
        let first = firstFrame.map { String(cFormat: "%.3f s", $0) } ?? "not yet shown"
        // The longest frame after the first second: the longest the loop stalled while the kiosk ran (a swipe waits for it).
        let longest = settled.maximum.map { String(cFormat: "%.1f ms", $0 * 1000) } ?? "none"
        Log.info("stats: \(frames.summary) (\(settled.overBudget) after the first second; longest frame after it \(longest)), "
                 + "first frame \(first) after process start, "
                 + "peak RSS \(String(cFormat: "%.1f", ProcessMetrics.peakResidentMiB)) MiB")
        if moving.count > 0 { Log.info("transition stats: \(moving.summary) while cards moved") }
        let video = app.videoStatistics
        if video.played > 0 { Log.info("video stats: \(video.summary)") }
    }
}
