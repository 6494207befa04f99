import Dispatch

/// A value worked out on another thread: the work starts at once, and ``value`` waits for it.
final class Deferred<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Value?

    /// Starts `work` on a queue of its own.
    init(_ label: String, _ work: @escaping @Sendable () -> Value) {
        DispatchQueue(label: label, qos: .userInteractive).async { [self] in
            result = work()
            done.signal()
        }
    }

    /// The value, once the work is done; call it from one thread.
    lazy var value: Value = {
        done.wait()
        return result!
    }()
}
