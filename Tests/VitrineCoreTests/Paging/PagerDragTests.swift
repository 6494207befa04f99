import Testing
@testable import VitrineCore

@Suite struct PagerDragTests {
    @Test func slowDragTo51PercentCommitsButPageChangesOnlyOnLanding() {
        var h = PagerHarness(pageCount: 5, currentPage: 2)
        h.drag(cardTravel: -0.51 * h.width, duration: 2, moves: 100, release: false)
        #expect(abs(h.pager.visualPosition - 2.51) < 1e-9)
        #expect(h.pager.currentPage == 2)
        let up = h.send(.pointerUp(id: 1, at: Point(x: 390 - 0.51 * h.width, y: h.y)))
        #expect(up == [.transitionStarted(from: 2, to: 3)])
        #expect(h.pager.currentPage == 2)
        h.settle()
        #expect(h.pager.currentPage == 3)
        #expect(h.pager.visualPosition == 3)
        #expect(h.events == [.dragBegan(page: 2), .transitionStarted(from: 2, to: 3),
                             .transitionFinished(from: 2, to: 3, completed: true), .pageChanged(page: 3)])
    }

    @Test func slowDragTo49PercentSnapsBack() {
        var h = PagerHarness(pageCount: 5, currentPage: 2)
        h.drag(cardTravel: -0.49 * h.width, duration: 2, moves: 100)
        #expect(h.events.last == .transitionStarted(from: 2, to: 2))
        h.settle()
        #expect(h.pager.currentPage == 2)
        #expect(h.pager.visualPosition == 2)
        #expect(h.events.last == .transitionFinished(from: 2, to: 2, completed: false))
        #expect(count(h.events, \.isPageChanged) == 0)
    }

    @Test func draggingRightGoesToThePreviousPage() {
        var h = PagerHarness(pageCount: 5, currentPage: 2)
        h.drag(cardTravel: 0.6 * h.width, duration: 2, moves: 100)
        h.settle()
        #expect(h.pager.currentPage == 1)
    }

    @Test func slowShortDragSnapsBackButFastShortFlingCommits() {
        var slow = PagerHarness(pageCount: 5)
        slow.drag(cardTravel: -100, duration: 1, moves: 100)  // 100 pt/s
        slow.settle()
        #expect(slow.pager.currentPage == 0)

        var fast = PagerHarness(pageCount: 5)
        fast.drag(cardTravel: -100, duration: 0.1, moves: 10)  // 1000 pt/s
        #expect(fast.events.last == .transitionStarted(from: 0, to: 1))
        fast.settle()
        #expect(fast.pager.currentPage == 1)
    }

    @Test func fastFlingShorterThanTheMinimumDistanceSnapsBack() {
        var h = PagerHarness(pageCount: 5)
        h.drag(cardTravel: -(PagingTuning.flingMinimumDistance - 5), duration: 0.01, moves: 2)
        h.settle()
        #expect(h.pager.currentPage == 0)
    }

    @Test func flingAgainstTheDragSnapsBackEvenPastHalfWay() {
        var h = PagerHarness(pageCount: 5, currentPage: 2)
        h.drag(cardTravel: -0.7 * h.width, duration: 1, moves: 50, release: false)
        let x = 390 - 0.7 * h.width
        for i in 1...5 {  // 100 pt back toward the origin in 50 ms: a fling against the drag
            h.time += 0.01
            h.send(.pointerMove(id: 1, to: Point(x: x + 20 * Double(i), y: h.y)))
        }
        #expect(h.pager.visualPosition > 2.5)
        h.send(.pointerUp(id: 1, at: Point(x: x + 100, y: h.y)))
        h.settle()
        #expect(h.pager.currentPage == 2)
        #expect(h.events.contains(.transitionFinished(from: 2, to: 2, completed: false)))
    }

    @Test func nothingMovesWithinTheSlopAndAPressReleaseIsATap() {
        var h = PagerHarness(pageCount: 5)
        h.send(.pointerDown(id: 1, at: Point(x: 400, y: 500)))
        h.time += 0.05
        #expect(h.send(.pointerMove(id: 1, to: Point(x: 400 - 9.9, y: 500))) == [])
        #expect(h.pager.visualPosition == 0)
        let up = h.send(.pointerUp(id: 1, at: Point(x: 392, y: 501)))
        #expect(up == [.tap(at: Point(x: 400, y: 500))])
        #expect(h.pager.isIdle)
        #expect(h.pager.visualPosition == 0)
    }

    @Test func cardFollowsThePointerOneToOneAfterTheSlop() {
        var h = PagerHarness(pageCount: 5)
        h.send(.pointerDown(id: 1, at: Point(x: 400, y: 300)))
        h.time += 0.01
        #expect(h.send(.pointerMove(id: 1, to: Point(x: 385, y: 300))) == [.dragBegan(page: 0)])
        #expect(abs(h.pager.visualPosition - 5.0 / 800) < 1e-12)  // 15 pt travelled, 10 pt of slop
        h.send(.pointerMove(id: 1, to: Point(x: 305, y: 300)))
        #expect(abs(h.pager.visualPosition - 85.0 / 800) < 1e-12)
    }

    @Test func aDragStartingOnThePageControlPagesLikeAnyOther() {
        var h = PagerHarness(pageCount: 5)
        h.send(.pointerDown(id: 1, at: Point(x: 400, y: 580)))  // where the dots would be
        h.time += 0.1
        h.send(.pointerMove(id: 1, to: Point(x: -100, y: 582)))  // one coarse move: 490 pt past the slop
        h.time += 1
        h.send(.pointerUp(id: 1, at: Point(x: -100, y: 582)))
        h.settle()
        #expect(!h.events.contains { if case .tap = $0 { true } else { false } })
        #expect(h.pager.currentPage == 1)
    }

    @Test func verticalDragsAreIgnored() {
        var h = PagerHarness(pageCount: 5)
        h.send(.pointerDown(id: 1, at: Point(x: 400, y: 300)))
        h.time += 0.02
        h.send(.pointerMove(id: 1, to: Point(x: 395, y: 288)))
        h.time += 0.02
        h.send(.pointerMove(id: 1, to: Point(x: 0, y: 100)))  // later horizontal motion does not count
        #expect(h.pager.visualPosition == 0)
        h.time += 0.02
        h.send(.pointerUp(id: 1, at: Point(x: 0, y: 100)))
        #expect(h.events.isEmpty)
        #expect(h.pager.isIdle)
    }

    @Test func aGestureMovesAtMostOnePage() {
        var h = PagerHarness(pageCount: 5, currentPage: 1)
        h.drag(cardTravel: -2.5 * h.width, duration: 0.2, moves: 20, release: false)
        #expect(h.pager.visualPosition == 2)
        h.send(.pointerUp(id: 1, at: Point(x: -2000, y: h.y)))
        h.settle()
        #expect(h.pager.currentPage == 2)
    }

    @Test func secondFingerIsIgnoredUntilAllAreUp() {
        var h = PagerHarness(pageCount: 5)
        h.send(.pointerDown(id: 1, at: Point(x: 400, y: 300)))
        h.send(.pointerDown(id: 2, at: Point(x: 600, y: 300)))
        h.time += 0.02
        h.send(.pointerMove(id: 2, to: Point(x: 100, y: 300)))
        #expect(h.pager.visualPosition == 0)
        h.send(.pointerMove(id: 1, to: Point(x: 380, y: 300)))
        #expect(abs(h.pager.visualPosition - 10.0 / 800) < 1e-12)
        h.send(.pointerUp(id: 2, at: Point(x: 100, y: 300)))  // lifting the second finger changes nothing
        #expect(h.events == [.dragBegan(page: 0)])
        h.time += 1
        h.send(.pointerUp(id: 1, at: Point(x: 380, y: 300)))
        h.settle()
        #expect(h.pager.currentPage == 0)

        // The first finger lifts while the second is still down: the second never takes over.
        var k = PagerHarness(pageCount: 5)
        k.send(.pointerDown(id: 1, at: Point(x: 400, y: 300)))
        k.send(.pointerDown(id: 2, at: Point(x: 600, y: 300)))
        k.send(.pointerUp(id: 1, at: Point(x: 400, y: 300)))
        k.time += 0.02
        k.send(.pointerMove(id: 2, to: Point(x: 100, y: 300)))
        k.send(.pointerUp(id: 2, at: Point(x: 100, y: 300)))
        #expect(k.events == [.tap(at: Point(x: 400, y: 300))])
        #expect(k.pager.visualPosition == 0)
    }

    @Test func cancelReturnsTheCardWithoutCommitting() {
        var h = PagerHarness(pageCount: 5)
        h.drag(cardTravel: -0.8 * h.width, duration: 0.2, moves: 10, release: false)
        h.send(.pointerCancel)
        h.settle()
        #expect(h.pager.currentPage == 0)
        #expect(h.pager.isIdle)
        #expect(h.events.last == .transitionFinished(from: 0, to: 0, completed: false))
    }

    @Test func resizeMidDragKeepsTheCardWhereItIs() {
        var h = PagerHarness(pageCount: 5)
        h.drag(cardTravel: -200, duration: 1, moves: 10, release: false)
        let before = h.pager.visualPosition
        h.width = 400
        h.send(.pointerMove(id: 1, to: Point(x: 190, y: h.y)))  // same pointer x as the last move
        #expect(abs(h.pager.visualPosition - before) < 1e-12)
        h.send(.pointerMove(id: 1, to: Point(x: 150, y: h.y)))
        #expect(abs(h.pager.visualPosition - (before + 40.0 / 400)) < 1e-12)
    }
}
