import Dispatch
import Synchronization
import VitrineCore

/// Runs the power hooks beside the loop, one at a time, on the queue `vitrine.hooks` (``HookProcess`` does each
/// run). The loop never waits: ``run(_:)`` returns at once. While a hook runs, at most one more waits; a newer one
/// takes its place, since only the screen's latest state matters. Each hook's output is logged line by line; a
/// failure is reported once per hook and kind (not found, a status, a signal, the timeout) until that hook
/// succeeds again, then logged at debug level.
public final class HookRunner: Sendable {
    /// How a failure is told apart, for reporting each kind once.
    enum FailureKind: Hashable { case notFound, notStarted, exited, killed, timedOut }

    private struct State {
        var busy = false
        var waiting: PowerHookRun?
        var reported: [PowerHookKind: Set<FailureKind>] = [:]
    }

    private let queue = DispatchQueue(label: "vitrine.hooks")
    private let state = Mutex(State())
    private let log: @Sendable (LogLevel, String) -> Void

    /// A runner that writes its lines with `log` (from the queue; the process's logger by default).
    public init(log: @escaping @Sendable (LogLevel, String) -> Void = { Logger.shared.log($0, $1) }) {
        self.log = log
    }

    /// Starts `hook` beside the loop, or keeps it to run after the one running (in place of any already waiting).
    public func run(_ hook: PowerHookRun) {
        let start: Bool = state.withLock { state in
            guard state.busy else {
                state.busy = true
                return true
            }
            state.waiting = hook
            return false
        }
        guard start else { return }
        queue.async { [self] in
            var next: PowerHookRun? = hook
            while let current = next {
                runNow(current)
                next = state.withLock { state in
                    defer { state.waiting = nil }
                    if state.waiting == nil { state.busy = false }
                    return state.waiting
                }
            }
        }
    }

    /// Waits until no hook runs or waits (for tests and shutdown).
    public func waitUntilIdle() {
        queue.sync {}
        while state.withLock({ $0.busy }) { queue.sync {} }
    }

    /// Runs `hook` on the calling thread and logs what happened; returns how it ended.
    @discardableResult
    public func runNow(_ hook: PowerHookRun) -> HookProcess.Outcome {
        let name = "\(hook.kind.rawValue): \(Limits.shortened(hook.command[0]))"
        let started = MonotonicClock.seconds
        let outcome = HookProcess.run(hook.command, timeout: hook.timeout) { [log] line in log(.info, "\(name): \(line)") }
        let seconds = String(cFormat: "%.1f", MonotonicClock.seconds - started)
        let failure: (FailureKind, String)? = switch outcome {
        case .succeeded: nil
        case .notFound: (.notFound, "was not found (install it, or give its full path in display.\(hook.kind.rawValue))")
        case .notStarted(let code): (.notStarted, "could not be started: \(SystemError(operation: "", code: code).reason)")
        case .exited(let status): (.exited, "exited with status \(status) after \(seconds) s")
        case .killed(let signal): (.killed, "was ended by signal \(signal) after \(seconds) s")
        case .timedOut: (.timedOut, "was still running after \(String(cFormat: "%g", hook.timeout)) s (display.hookTimeout) and was stopped")
        }
        guard let (kind, words) = failure else {
            let recovered = state.withLock { $0.reported.removeValue(forKey: hook.kind) != nil }
            log(.info, "\(name) finished in \(seconds) s" + (recovered ? ", working again" : ""))
            return outcome
        }
        let first = state.withLock { $0.reported[hook.kind, default: []].insert(kind).inserted }
        log(first ? .warning : .debug, "\(name) \(words)" + (first ? "" : " (again)"))
        return outcome
    }
}
