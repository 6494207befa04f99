import Dispatch
import Testing
@testable import VitrineCore
@testable import VitrineSystem

@Suite struct LockTests {
    /// A counter only the lock guards.
    final class Counter: @unchecked Sendable {
        let lock = Lock()
        var value = 0
    }

    @Test func incrementsFromManyThreadsAreNotLost() {
        let counter = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.lock.withLock { counter.value += 1 } }
        }
        #expect(counter.lock.withLock { counter.value } == 80_000)
    }

    /// What `withLock` throws in the tests.
    struct Failure: Error, Equatable {}

    @Test func anErrorPassesThroughAndReleasesTheLock() {
        let lock = Lock()
        #expect(throws: Failure()) { try lock.withLock { () throws(Failure) in throw Failure() } }
        #expect(lock.withLock { 7 } == 7)
    }
}
