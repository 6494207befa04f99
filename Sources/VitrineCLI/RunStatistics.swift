import VitrineCore
import VitrineSDL

/// `vitrine run --stats`: counts the app's frames and logs them on SIGUSR1 and, through ``log()``, on exit.
final class RunStatistics {
    private var frames = FrameStatistics(budget: KioskApp.fallbackFrameInterval)
    private var firstFrame: Double?

    /// Hooks into `app`'s frame, first-frame and SIGUSR1 callbacks (keeping the first-frame callback already set).
    init(app: KioskApp) {
        let shown = app.onFirstFrame
        app.onFirstFrame = { [unowned self] in
            firstFrame = ProcessMetrics.secondsSinceStart
            shown()
        }
        app.onFrameDrawn = { [unowned self] in frames.record($0) }
        app.onUser1 = { [unowned self] in log() }
    }

    /// Writes one line: the frame figures, the time to the first frame and the peak memory.
    func log() {
        let first = firstFrame.map { String(cFormat: "%.3f s", $0) } ?? "not yet shown"
        Log.info("stats: \(frames.summary), first frame \(first) after process start, "
                 + "peak RSS \(String(cFormat: "%.1f", ProcessMetrics.peakResidentMiB)) MiB")
    }
}
