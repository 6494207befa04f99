import Testing
@testable import VitrineCore

@Suite struct PagerWheelTests {
    @Test func twoWheelEventsWithinTheDebounceMoveOnePage() {
        var h = PagerHarness(pageCount: 5)
        #expect(h.send(.wheel(dx: 0, dy: -1)) == [.transitionStarted(from: 0, to: 1)])
        h.run(for: 0.1)
        h.send(.wheel(dx: 0, dy: -1))
        h.settle()
        #expect(h.pager.currentPage == 1)
    }

    @Test func aWheelEventAfterTheDebounceMovesAnotherPage() {
        var h = PagerHarness(pageCount: 5)
        h.send(.wheel(dx: 0, dy: -1))
        h.run(for: PagingTuning.wheelDebounce + 0.01)
        h.send(.wheel(dx: 0, dy: -1))
        h.settle()
        #expect(h.pager.currentPage == 2)
        #expect(count(h.events, \.isPageChanged) == 1)
    }

    @Test func aDirectionChangeIsHonouredAtOnce() {
        var h = PagerHarness(pageCount: 5, currentPage: 2)
        h.send(.wheel(dx: 0, dy: -1))
        h.run(for: 0.03)
        h.send(.wheel(dx: 0, dy: 1))
        h.settle()
        #expect(h.pager.currentPage == 2)
        #expect(h.events.last == .transitionFinished(from: 2, to: 2, completed: false))
    }

    @Test func wheelDirectionsFollowTheLargerAxis() {
        var right = PagerHarness(pageCount: 5, currentPage: 2)
        right.send(.wheel(dx: 3, dy: 1))  // right beats up
        right.settle()
        #expect(right.pager.currentPage == 3)

        var up = PagerHarness(pageCount: 5, currentPage: 2)
        up.send(.wheel(dx: -0.5, dy: 2))  // up means previous
        up.settle()
        #expect(up.pager.currentPage == 1)

        var none = PagerHarness(pageCount: 5)
        #expect(none.send(.wheel(dx: 0, dy: 0)) == [])
        #expect(none.send(.wheel(dx: .nan, dy: 1)) == [])
    }
}
