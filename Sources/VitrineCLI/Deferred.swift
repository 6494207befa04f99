import Dispatch
import Synchronization

/// A value worked out on another thread: the work starts at once, and ``value`` waits for it.
final class Deferred<Value: Sendable>: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let result = Mutex<Value?>(nil)

    /// Starts `work` on a queue of its own.
    init(_ label: String, _ work: @escaping @Sendable () -> Value) {
        DispatchQueue(label: label, qos: .userInteractive).async { [self] in
            let value = work()
            result.withLock { $0 = value }
            done.signal()
        }
    }

    /// The value, once the work is done.
    var value: Value {
        done.wait()
        done.signal()  // Later calls find it done too.
        return result.withLock { $0! }
    }
}
