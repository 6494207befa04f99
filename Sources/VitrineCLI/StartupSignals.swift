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
/// no statistics yet.
///
/// Why `@unchecked`: the watcher's handler holds it on the signal queue; `watcher` is touched only by `run`'s
/// thread, and `caught` is atomic.
final class StartupSignals: @unchecked Sendable {
    private let queue = DispatchQueue(label: "vitrine.startup-signals")
    private var watcher: SignalWatcher?
    private let caught = Atomic<Int32>(0)

    /// Starts watching; call it before the first card's decode starts.
    init() {
        watcher = SignalWatcher(queue: queue) { [self] signal in
            guard signal == SIGTERM || signal == SIGINT else { return }
            caught.store(signal, ordering: .relaxed)
            DecodeStop.process.stop()
            Log.info("stopping (signal \(signal)) while starting: the image decodes under way are abandoned")
        }
    }

    /// Stops watching, once the app watches signals itself, and hands it a stop signal caught before.
    func handOver(to app: KioskApp) {
        end()
        let signal = caught.load(ordering: .relaxed)
        if signal != 0 { app.stop(bySignal: signal) }
    }

    /// Stops watching, when `run` ends before there is an app.
    func end() {
        watcher?.stop()
        watcher = nil
        queue.sync {}  // A call already on the queue has run.
    }
}
