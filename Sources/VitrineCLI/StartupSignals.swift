import Dispatch
import Glibc
import Synchronization
import VitrineSDL
import VitrineSystem

/// SIGTERM and SIGINT while `run` starts, before the app watches signals itself (``KioskApp`` starts its watcher
/// once the first card is in): every decode is abandoned at once (``DecodeStop/process``), so a slow first picture
/// does not hold the stop up, and the signal is handed to the app, which then shuts down in order.
///
/// SIGHUP and SIGUSR1 in that time are caught and dropped: the config is read after this starts, and there are
/// no statistics yet (before this starts, ``takeOverAtStart()`` drops them).
///
/// Its watcher is not stopped when the app takes over: until `run` ends it passes a stop on to the app, beside the
/// app's own watcher (the app stops once either way). libdispatch registers a new watcher's sources on their own
/// queue, some time after they are made, and reads a signal once for the sources registered then: stopped at the
/// hand-over, a SIGTERM read between the two was lost and the kiosk kept running (the field audit: 1-3 in 300 stops
/// sent at random 18-30 ms into `run`).
///
/// Why `@unchecked`: the watcher's handler holds it on the signal queue; `watcher` is touched only by `run`'s
/// thread, and `caught` is atomic.
final class StartupSignals: @unchecked Sendable {
    private let queue = DispatchQueue(label: "vitrine.startup-signals")
    private var watcher: SignalWatcher?
    private let caught = Atomic<Int32>(0)
    /// How to stop the app, once it has taken over.
    private let stopApp = Mutex<(@Sendable (Int32) -> Void)?>(nil)

    /// Sets the signal dispositions the process starts with, as the first thing `main` does, before any library is
    /// opened or any thread started.
    ///
    /// SIGTERM and SIGINT are recorded, not fatal, until `run` watches them or another command releases them
    /// (``recordStops()``).
    ///
    /// SIGHUP and SIGUSR1 (reload, statistics) get a handler that drops them, at once: at their default they ended
    /// the process until the signal watcher took them over, 10-35 ms into `run` (once its first card's decode had
    /// started), and a SIGHUP sent with a deploy or a SIGUSR1 from a monitor that early killed the kiosk.
    /// libdispatch installs its own handler when a ``SignalWatcher``'s sources are registered, replacing this one
    /// (Dispatch's signal sources read the signals through a signalfd, which a signal at SIG_IGN would never reach,
    /// hence a handler rather than SIG_IGN); a signal that comes before is dropped, as the config it would reload is
    /// read after this. A handler, unlike SIG_IGN, is reset for any program the process starts.
    ///
    /// SIGPIPE is ignored: a write to a pipe or a socket whose reader has gone (`vitrine run --events - | head`, an
    /// event log FIFO whose reader exits, a control client that hangs up) fails with EPIPE, which the writer reports
    /// like any failed write (the event log: one warning, and the kiosk runs on), where the signal ended the process
    /// (exit 141, nothing said). It is set last, so a process that ignores SIGPIPE has its handlers in place.
    static func takeOverAtStart() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        for signal in [SIGHUP, SIGUSR1] { sigaction(signal, &action, nil) }
        recordStops()
        signal(SIGPIPE, SIG_IGN)
    }

    /// A SIGTERM or SIGINT that came before the watcher took the signals over (0: none), recorded by
    /// ``recordStops()``'s handler. Atomic, so the handler may store it (an atomic store is async-signal-safe).
    private static let early = Atomic<Int32>(0)

    /// Makes a SIGTERM or SIGINT a recorded stop instead of the end of the process, from `main`'s first line
    /// (``takeOverAtStart()``) until `run`'s watcher takes them; any other command gives them back their default
    /// at once (``releaseStops()``).
    ///
    /// At their default they ended `run` (exit 143, nothing said) from `main`'s first line until the watcher's
    /// sources were registered, which libdispatch does on a thread of its own some time after ``init()``: after
    /// the fonts are looked for and the heap tuned, 2-10 ms into `run`, longer on a busy machine (the field test:
    /// 5 of 52 stops sent 1 ms after a SIGUSR1 that `main` had already caught). The handler only stores the signal;
    /// ``init()`` and ``handOver(to:)`` act on it. libdispatch replaces the handler when it registers its sources.
    static func recordStops() {
        _ = early.load(ordering: .relaxed)  // Initialized here, not first in the handler.
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in StartupSignals.early.store(signal, ordering: .relaxed) }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        for signal in [SIGTERM, SIGINT] { sigaction(signal, &action, nil) }
    }

    /// Gives SIGTERM and SIGINT back their default, for a command other than `run`, and ends the process by a
    /// stop recorded since `main` began, as the signal would have.
    static func releaseStops() {
        for signal in [SIGTERM, SIGINT] { Glibc.signal(signal, SIG_DFL) }
        let signal = early.load(ordering: .relaxed)
        if signal != 0 { raise(signal) }
    }

    /// Starts watching; call it before the first card's decode starts.
    init() {
        watcher = SignalWatcher(queue: queue) { [self] signal in
            guard signal == SIGTERM || signal == SIGINT else { return }
            stop(bySignal: signal)
        }
        // A stop that came before the watcher: act on it now (one that comes before libdispatch registers the
        // watcher's sources is recorded too, and taken at the hand-over).
        let signal = Self.early.load(ordering: .relaxed)
        if signal != 0 { queue.sync { stop(bySignal: signal) } }
    }

    /// A stop signal on the watcher's queue: passed to the app once it has taken over, else every decode is
    /// abandoned and the signal kept for the hand-over.
    private func stop(bySignal signal: Int32) {
        if let stop = stopApp.withLock({ $0 }) {
            stop(signal)
            return
        }
        guard caught.exchange(signal, ordering: .relaxed) == 0 else { return }
        DecodeStop.process.stop()
        Log.info("stopping (signal \(signal)) while starting: the image decodes under way are abandoned")
    }

    /// Hands the app a stop signal caught before, and any that comes later, until ``end()``.
    func handOver(to app: KioskApp) {
        let stop = app.signalStop
        stopApp.withLock { $0 = stop }
        queue.sync {}  // A call already on the queue has run.
        let signal = caught.load(ordering: .relaxed) != 0 ? caught.load(ordering: .relaxed) : Self.early.load(ordering: .relaxed)
        if signal != 0 { app.stop(bySignal: signal) }
    }

    /// Stops watching, when `run` ends.
    func end() {
        watcher?.stop()
        watcher = nil
        queue.sync {}  // A call already on the queue has run.
        stopApp.withLock { $0 = nil }
    }
}
