import Testing
@testable import VitrineCore
@testable import VitrineSystem

/// When the watcher reports what changed (``FileWatcher/PendingChanges``), on a clock the test moves.
@Suite struct PendingChangesTests {
    static let debounce = 0.2
    let image: Set<PathKey> = ["/srv/a.jpg"]

    /// The changes due at each of `times`, taken as the watcher's timer would.
    func reports(_ pending: inout FileWatcher.PendingChanges, at times: [Double]) -> [Double] {
        times.filter { pending.take(now: $0, debounce: Self.debounce) != nil }
    }

    @Test func aSlowCopyIsReportedOnceItIsCompleteNotHalfWay() {
        // An image rewritten in place over 15 s (a write each 0.5 s): it was reported at 10 s, read half-way (the
        // placeholder for 5 s), and again once complete.
        var pending = FileWatcher.PendingChanges()
        for step in 0...30 { pending.record(image, writing: true, at: Double(step) * 0.5) }
        #expect(reports(&pending, at: Array(stride(from: 0.0, through: 15.0, by: 0.1))) == [])
        pending.record(image, writing: false, at: 15.1)  // Closed: the copy is complete.
        #expect(pending.take(now: 15.1, debounce: Self.debounce) == nil, "a quiet period follows the last write")
        #expect(pending.take(now: 15.3, debounce: Self.debounce) == image)
    }

    @Test func aWriterThatStallsIsReportedAfterTheMaximumDelay() {
        var pending = FileWatcher.PendingChanges()
        pending.record(image, writing: true, at: 0)
        pending.record(image, writing: true, at: 3)
        #expect(pending.due(debounce: Self.debounce) == 3 + FileWatcher.maximumDelay)
    }

    @Test func aWriterThatNeverStopsIsReportedAfterTheLongestWait() {
        var pending = FileWatcher.PendingChanges()
        for second in 0...400 { pending.record(image, writing: true, at: Double(second)) }
        #expect(pending.due(debounce: Self.debounce) == FileWatcher.maximumWriteWait)
    }

    @Test func aBusyFolderWithNoFileBeingWrittenIsStillReportedAfterTheMaximumDelay() {
        var pending = FileWatcher.PendingChanges()
        pending.record(image, writing: false, at: 0)
        for step in 1...200 { pending.recordActivity(at: Double(step) * 0.1) }
        #expect(pending.due(debounce: Self.debounce) == FileWatcher.maximumDelay)
    }
}
