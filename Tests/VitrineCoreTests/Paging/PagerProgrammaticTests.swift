import Testing
@testable import VitrineCore

@Suite struct PagerProgrammaticTests {
    @Test func fiveRapidNextsLandFivePagesOnWithOneFinishAndSmoothMotion() {
        var h = PagerHarness(pageCount: 10, currentPage: 1)
        for _ in 0..<5 {
            h.send(.next)
            h.run(for: 0.05)
        }
        #expect(h.pager.currentPage == 1)
        h.settle()
        #expect(h.pager.currentPage == 6)
        #expect(h.pager.visualPosition == 6)
        #expect(h.events == [.transitionStarted(from: 1, to: 2), .transitionRetargeted(from: 1, to: 3),
                             .transitionRetargeted(from: 1, to: 4), .transitionRetargeted(from: 1, to: 5),
                             .transitionRetargeted(from: 1, to: 6), .transitionFinished(from: 1, to: 6, completed: true),
                             .pageChanged(page: 6)])
        // Continuous position: no step moves more than a fraction of a page...
        #expect(h.maxStepDelta() < 0.15)
        // ...and continuous velocity: consecutive step deltas differ by little (a jump or a restart would not).
        let deltas = zip(h.positions.dropFirst(), h.positions).map { $0 - $1 }
        let maxDeltaChange = zip(deltas.dropFirst(), deltas).map { abs($0 - $1) }.max() ?? 0
        #expect(maxDeltaChange < 0.01)
        #expect(deltas.allSatisfy { $0 >= 0 })  // never moves backwards
    }

    @Test func aRetargetBackToTheStartingPageIsAnnouncedAndFinishesUncompleted() {
        var h = PagerHarness(pageCount: 5)
        h.send(.next)
        h.run(for: 0.1)
        h.send(.previous)  // back toward page 0, where the card still nearly is
        h.settle()
        #expect(h.pager.currentPage == 0)
        #expect(h.events == [.transitionStarted(from: 0, to: 1), .transitionRetargeted(from: 0, to: 0),
                             .transitionFinished(from: 0, to: 0, completed: false)])
    }

    @Test func nextPressedAtTheSameInstantStillCountsEachPress() {
        var h = PagerHarness(pageCount: 10)
        for _ in 0..<3 { h.send(.next) }
        h.send(.previous)
        h.settle()
        #expect(h.pager.currentPage == 2)
        #expect(count(h.events, \.isPageChanged) == 1)
    }

    @Test func previousFromTheFirstCardWrapsToTheLast() {
        var h = PagerHarness(pageCount: 4)
        #expect(h.send(.previous) == [.transitionStarted(from: 0, to: 3)])
        h.run(for: 0.1)
        #expect(h.pager.visualPosition < 0 && h.pager.visualPosition > -1)  // moving back, "below" page 0
        h.settle()
        #expect(h.pager.currentPage == 3)
        #expect(h.events.suffix(2) == [.transitionFinished(from: 0, to: 3, completed: true), .pageChanged(page: 3)])
    }

    @Test func nextAndGoToZeroFromTheLastCardBothMoveForwardOneCard() {
        for input in [PagerInput.next, .goTo(0), .first] {
            var h = PagerHarness(pageCount: 4, currentPage: 3)
            h.send(input)
            h.run(for: 0.1)
            #expect(h.pager.visualPosition > 3 && h.pager.visualPosition < 4)
            h.settle()
            #expect(h.pager.currentPage == 0)
            #expect(h.maxStepDelta() < 0.15)
        }
    }

    @Test func goToTakesTheShortestWayRound() {
        var h = PagerHarness(pageCount: 10, currentPage: 1)
        h.send(.goTo(8))  // three back beats seven forward
        h.run(for: 0.1)
        #expect(h.pager.visualPosition < 1 && h.pager.visualPosition > -2)
        h.settle()
        #expect(h.pager.currentPage == 8)
        #expect(h.positions.min()! >= -2 - 1e-9)
    }

    @Test func withoutWrapKeysStopAtTheEnds() {
        var h = PagerHarness(pageCount: 3, wraps: false, currentPage: 2)
        #expect(h.send(.next) == [])
        #expect(h.send(.last) == [])
        h.send(.goTo(0))
        h.send(.previous)  // already heading for page 0
        h.settle()
        #expect(h.pager.currentPage == 0)
        #expect(h.send(.previous) == [])
        #expect(h.pager.isIdle)
    }

    @Test func goToOutsideTheDeckOrToTheCurrentPageDoesNothing() {
        var h = PagerHarness(pageCount: 3)
        #expect(h.send(.goTo(3)) == [])
        #expect(h.send(.goTo(-1)) == [])
        #expect(h.send(.goTo(0)) == [])
        #expect(h.pager.isIdle)
    }

    @Test func keysAreIgnoredWhileAFingerDrivesTheCard() {
        var h = PagerHarness(pageCount: 5)
        h.drag(cardTravel: -100, duration: 1, moves: 10, release: false)
        #expect(h.send(.next) == [])
        #expect(h.send(.goTo(3)) == [])
        #expect(h.send(.wheel(dx: 0, dy: -1)) == [])
        #expect(h.pager.currentPage == 0)
    }

    @Test func aKeyDuringADragSettleRetargetsIt() {
        var h = PagerHarness(pageCount: 5)
        h.drag(cardTravel: -0.6 * h.width, duration: 2, moves: 20)
        h.run(for: 0.05)
        #expect(h.send(.next) == [.transitionRetargeted(from: 0, to: 2)])
        h.settle()
        #expect(h.pager.currentPage == 2)
        #expect(count(h.events, \.isFinished) == 1)
    }

    @Test func singleCardDeckRubberBandsAndIgnoresKeys() {
        var h = PagerHarness(pageCount: 1)
        for input in [PagerInput.next, .previous, .first, .last, .goTo(0), .wheel(dx: 0, dy: -3)] {
            #expect(h.send(input) == [])
        }
        h.drag(cardTravel: -h.width, duration: 1, moves: 20, release: false)
        #expect(h.pager.visualPosition > 0 && h.pager.visualPosition < PagingTuning.rubberBandLimit)
        h.send(.pointerUp(id: 1, at: Point(x: 390 - h.width, y: h.y)))
        h.settle()
        #expect(h.pager.currentPage == 0)
        #expect(h.pager.visualPosition == 0)
        #expect(h.events.last == .transitionFinished(from: 0, to: 0, completed: false))
        #expect(count(h.events, \.isPageChanged) == 0)
    }

    @Test func emptyDeckIgnoresEverything() {
        var h = PagerHarness(pageCount: 0, currentPage: 4)
        let inputs: [PagerInput] = [.next, .previous, .first, .last, .goTo(0), .wheel(dx: 1, dy: 0), .pointerCancel,
                                    .pointerDown(id: 1, at: Point(x: 1, y: 1)), .pointerMove(id: 1, to: Point(x: 500, y: 1)),
                                    .pointerUp(id: 1, at: Point(x: 500, y: 1))]
        for input in inputs { #expect(h.send(input) == []) }
        #expect(h.run(for: 1) == [])
        #expect(h.pager.currentPage == 0 && h.pager.visualPosition == 0 && h.pager.isIdle)
        #expect(h.pager.wrappedPage(7) == 0)
    }

    @Test func wrappedPageMapsAnyIntegerIntoTheDeck() {
        let pager = Pager(pageCount: 4)
        #expect([-9, -5, -4, -1, 0, 3, 4, 9].map(pager.wrappedPage) == [3, 3, 0, 3, 0, 3, 0, 1])
    }

    @Test func initClampsTheStartingPage() {
        #expect(Pager(pageCount: 3, currentPage: 9).currentPage == 2)
        #expect(Pager(pageCount: 3, currentPage: -2).currentPage == 0)
        #expect(Pager(pageCount: -1).pageCount == 0)
    }
}
