import Testing
@testable import VitrineCore

/// Precise wheel deltas (a trackpad) drive the card like a drag, one page per gesture; notched clicks page once
/// per burst; deltas under the threshold do nothing.
@Suite struct PagerTrackpadTests {
    /// Sends `delta` notches horizontally every fixed step for `duration` seconds, stepping in between.
    private func stream(_ h: inout PagerHarness, delta: Double, duration: Double) {
        for _ in 0..<Int((duration / PagingTuning.fixedStep).rounded()) {
            h.send(.wheel(dx: delta, dy: 0))
            h.run(for: PagingTuning.fixedStep)
        }
    }

    @Test(arguments: [0.15, 0.2, 0.5, 1.5, 2.5, -0.15, -0.5, -1.5])
    func aOneSecondStreamTurnsExactlyOnePage(delta: Double) {
        var h = PagerHarness(pageCount: 5, currentPage: 2)
        stream(&h, delta: delta, duration: 1)
        #expect(h.pager.currentPage == 2)  // the card follows; nothing lands while the stream is open
        h.settle()
        let page = delta > 0 ? 3 : 1
        #expect(h.pager.currentPage == page)
        #expect(h.events.first == .dragBegan(page: 2))
        #expect(count(h.events, \.isPageChanged) == 1)
        #expect(h.events.suffix(2) == [.transitionFinished(from: 2, to: page, completed: true), .pageChanged(page: page)])
    }

    @Test func theCardFollowsTheScrolledDistanceAtThirtyNotchesAPage() {
        var h = PagerHarness(pageCount: 5, currentPage: 2)
        stream(&h, delta: 0.2, duration: 0.5)  // 60 deltas: 12 notches
        #expect(abs(h.pager.visualPosition - (2 + 12 / PagingTuning.trackpadNotchesPerPage)) < 1e-9)
        stream(&h, delta: -0.2, duration: 0.25)  // scrolling back follows at once
        #expect(abs(h.pager.visualPosition - (2 + 6 / PagingTuning.trackpadNotchesPerPage)) < 1e-9)
        h.width = 2400  // the same notches make the same share of a wider page
        stream(&h, delta: 0.2, duration: 0.25)
        #expect(abs(h.pager.visualPosition - (2 + 12 / PagingTuning.trackpadNotchesPerPage)) < 1e-9)
    }

    @Test func aStreamMovesTheCardAtMostOnePageHoweverLongItRuns() {
        var h = PagerHarness(pageCount: 5, currentPage: 2)
        stream(&h, delta: 2.5, duration: 0.5)  // 3000 points of scrolling
        #expect(h.pager.visualPosition == 3)
        stream(&h, delta: -0.5, duration: 0.1)  // and scrolling back responds at once
        #expect(h.pager.visualPosition < 3)
    }

    @Test func aStreamOfDeltasBelowTheThresholdTurnsNothing() {
        var h = PagerHarness(pageCount: 5, currentPage: 2)
        stream(&h, delta: PagingTuning.wheelDeltaThreshold * 0.9, duration: 1)
        #expect(h.send(.wheel(dx: 0, dy: -0.02)) == [])  // the 0.02-notch nudge
        h.settle()
        #expect(h.events.isEmpty)
        #expect(h.pager.visualPosition == 2 && h.pager.isIdle)
    }

    @Test func theStreamEndsAfterTheQuietGapAndSettlesLikeARelease() {
        var h = PagerHarness(pageCount: 5, currentPage: 2)
        stream(&h, delta: 0.1, duration: 0.5)  // 6 notches at 12 a second: 160 points at 320 pt/s, then a fling
        stream(&h, delta: 0.2, duration: 0.1)  // 2.4 more notches at 24 a second (640 pt/s): under half way
        let lastDelta = h.time - PagingTuning.fixedStep
        #expect(!h.pager.isIdle)  // the open stream keeps the loop stepping
        h.run(for: PagingTuning.wheelStreamGap - 2 * PagingTuning.fixedStep)
        #expect(!h.log.contains { $0.event.isStarted })
        h.run(for: 3 * PagingTuning.fixedStep)
        let started = h.log.first { $0.event.isStarted }
        #expect(started?.event == .transitionStarted(from: 2, to: 3))
        #expect(started.map { $0.t >= lastDelta + PagingTuning.wheelStreamGap - 1e-9 } == true)
        #expect(started.map { $0.t < lastDelta + PagingTuning.wheelStreamGap + PagingTuning.fixedStep } == true)
        h.settle()
        #expect(h.pager.currentPage == 3)
    }

    @Test func aSlowShortStreamSnapsBack() {
        var h = PagerHarness(pageCount: 5, currentPage: 2)
        stream(&h, delta: 0.1, duration: 0.25)  // 3 notches, 80 points at 320 pt/s: neither half way nor a fling
        h.settle()
        #expect(h.pager.currentPage == 2)
        #expect(h.events.last == .transitionFinished(from: 2, to: 2, completed: false))
    }

    @Test func aNewPageNeedsANewGesture() {
        var h = PagerHarness(pageCount: 5, currentPage: 0)
        stream(&h, delta: 0.8, duration: 0.6)
        h.run(for: 1)
        stream(&h, delta: 0.8, duration: 0.6)
        h.settle()
        #expect(h.pager.currentPage == 2)
        #expect(count(h.events, \.isPageChanged) == 2)
    }

    @Test func aStreamCatchesARunningTransitionAndKeysWaitForIt() {
        var h = PagerHarness(pageCount: 5, currentPage: 0)
        h.send(.next)
        h.run(for: 0.1)
        let events = h.send(.wheel(dx: 0.5, dy: 0))
        #expect(events == [.dragBegan(page: 1)])  // the transition is held open until the stream ends
        #expect(h.send(.next) == [])  // the trackpad owns the card
        h.settle()
        #expect(h.pager.currentPage == 1)
        #expect(count(h.events, \.isStarted) == 1)
        #expect(count(h.events, \.isPageChanged) == 1)
    }

    @Test func aFingerCatchesAStreamAndItsReleaseSettles() {
        var h = PagerHarness(pageCount: 5, currentPage: 0)
        stream(&h, delta: 0.5, duration: 0.1)  // 6 notches: a fifth of a page
        let held = h.pager.visualPosition
        #expect(h.send(.pointerDown(id: 1, at: Point(x: 400, y: 300))) == [])
        h.run(for: 0.2)
        #expect(h.pager.visualPosition == held)  // the stream is over: nothing moves under the finger
        #expect(h.send(.pointerUp(id: 1, at: Point(x: 400, y: 300))) == [.transitionStarted(from: 0, to: 0)])
        h.settle()
        #expect(h.pager.currentPage == 0 && h.pager.isIdle)
    }

    @Test func notchedClicksPageOncePerBurst() {
        var h = PagerHarness(pageCount: 8, currentPage: 0)
        for _ in 0..<20 {  // a one-second burst: a click every 50 ms
            h.send(.wheel(dx: 0, dy: -1))
            h.run(for: 0.05)
        }
        h.run(for: 0.3)
        h.send(.wheel(dx: 0, dy: -1))  // a new burst after a pause
        h.settle()
        #expect(h.pager.currentPage == 2)
        #expect(count(h.events, \.isPageChanged) == 2)
        #expect(!h.events.contains(.dragBegan(page: 0)))
    }
}
