import Testing
@testable import VitrineCore

@Suite struct KioskSessionPointerTests {
    /// A point in the upper middle of the card, far from the page control.
    let start = Point(x: 400, y: 150)

    @Test func pageWidthIsInPoints() {
        let h = KioskSessionHarness()
        #expect(h.session.stage.pageWidth == 1600)
        #expect(h.session.pageWidthInPoints == 800)
    }

    @Test func dragFollowsThePointerInPagesOfPoints() {
        var h = KioskSessionHarness(currentPage: 1)
        h.drag(from: start, cardTravel: -200, release: false)  // A quarter of 800 points.
        #expect(abs(h.position - 1.25) < 1e-9)
        #expect(h.events == [.dragBegan(page: 1)])
    }

    @Test func dragOf60PercentOfTheWindowWidthInPointsCommits() {
        var h = KioskSessionHarness(currentPage: 1)
        h.drag(from: start, cardTravel: -480)  // 60% of the 800-point window.
        #expect(h.events == [.dragBegan(page: 1), .transitionStarted(from: 1, to: 2)])
        h.settle()
        #expect(h.currentPage == 2)
        #expect(h.events.suffix(2) == [.transitionFinished(from: 1, to: 2, completed: true), .pageChanged(page: 2)])
    }

    @Test func dragOf60PercentTowardThePreviousPageCommitsToIt() {
        var h = KioskSessionHarness(currentPage: 1)
        h.drag(from: Point(x: 100, y: 150), cardTravel: 480)  // 60% of the 800-point window.
        h.settle()
        #expect(h.currentPage == 0)
    }

    @Test func dragOf40PercentSnapsBack() {
        var h = KioskSessionHarness(currentPage: 1)
        h.drag(from: start, cardTravel: -320)  // 40% of the 800-point window.
        #expect(h.events.last == .transitionStarted(from: 1, to: 1))
        h.settle()
        #expect(h.currentPage == 1)
        #expect(h.position == 1)
        #expect(h.events.last == .transitionFinished(from: 1, to: 1, completed: false))
        #expect(!h.events.contains { if case .pageChanged = $0 { true } else { false } })
    }

    @Test func tapOnTheCardAwayFromTheControlOnlyReportsTheTap() {
        var h = KioskSessionHarness(currentPage: 2)
        #expect(h.tap(at: start) == [.tap(at: start)])
        #expect(h.tap(at: Point(x: 400, y: 250)) == [.tap(at: Point(x: 400, y: 250))])  // The card's center.
        #expect(h.session.isIdle)
        h.settle()
        #expect(h.events == [.tap(at: start), .tap(at: Point(x: 400, y: 250))])  // Nothing moves.
        #expect(h.currentPage == 2)
    }

    @Test func pressAndReleaseWithinTheSlopIsATapNotADrag() {
        var h = KioskSessionHarness(currentPage: 2)
        h.send(.pointerDown(id: 1, at: start))
        h.time += 0.05
        #expect(h.send(.pointerMove(id: 1, to: Point(x: start.x - 9, y: start.y))) == [])
        #expect(h.position == 2)
        #expect(h.send(.pointerUp(id: 1, at: Point(x: start.x - 9, y: start.y))) == [.tap(at: start)])
        #expect(h.session.isIdle)
    }

    @Test func aLongPressIsNoTap() {
        var h = KioskSessionHarness(currentPage: 2)
        h.send(.pointerDown(id: 1, at: start))
        h.time += PagingTuning.tapDuration + 0.01
        #expect(h.send(.pointerUp(id: 1, at: start)) == [])
        h.send(.pointerDown(id: 1, at: start))
        h.time += PagingTuning.tapDuration
        #expect(h.send(.pointerUp(id: 1, at: start)) == [.tap(at: start)])
    }

    @Test func wheelPagesThroughTheSession() {
        var h = KioskSessionHarness(currentPage: 1)
        #expect(h.send(.wheel(dx: 0, dy: -1)) == [.transitionStarted(from: 1, to: 2)])
        h.settle()
        #expect(h.currentPage == 2)
    }
}
