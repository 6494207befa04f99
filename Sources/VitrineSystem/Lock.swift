import Glibc

/// A mutual-exclusion lock: a POSIX mutex that one thread at a time holds while it runs a closure.
///
/// The mutex lives on the heap, at an address that never moves (a `pthread_mutex_t` must not be moved or copied
/// once in use), and is destroyed with the lock. It is not recursive: calling ``withLock(_:)`` again from inside
/// its closure deadlocks.
public final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// An unlocked lock.
    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init: \(String(cString: strerror(status)))")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock and returns what it returns; the lock is released however `body` ends.
    public func withLock<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
