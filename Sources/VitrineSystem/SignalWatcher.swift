import Dispatch
import Glibc

/// POSIX signals delivered as calls on a Dispatch queue, through Dispatch signal sources.
///
/// No handler of ours runs in signal context: libdispatch catches the signal and runs `handler` on `queue` like
/// any other work, so there is no `errno` to save and no async-signal-safety to keep. Signals arriving together
/// are coalesced by the source (a flood of SIGUSR1 is one call, or a few). After ``stop()`` the signals stay
/// caught and are dropped, so a late signal cannot kill a process that is shutting down.
public final class SignalWatcher {
    /// The signals watched: quit (SIGINT, SIGTERM), reload (SIGHUP), statistics (SIGUSR1).
    public static let watched: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGUSR1]

    private var sources: [any DispatchSourceSignal]

    /// Starts watching ``watched``; `handler` runs on `queue` with the signal's number.
    public init(queue: DispatchQueue, handler: @escaping @Sendable (Int32) -> Void) {
        // A parent may hand us a mask with these blocked (test runners do): unblock them for this thread and the
        // ones it starts, or they would stay pending for ever.
        var set = sigset_t()
        sigemptyset(&set)
        for signal in SignalWatcher.watched { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        sources = SignalWatcher.watched.map { signal in
            let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
            source.setEventHandler { handler(signal) }
            source.resume()
            return source
        }
    }

    deinit { stop() }

    /// Stops calling the handler; waits for nothing (a call already on the queue still runs). Safe to call twice.
    public func stop() {
        for source in sources { source.cancel() }
        sources = []
    }
}
