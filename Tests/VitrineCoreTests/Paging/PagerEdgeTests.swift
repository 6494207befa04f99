import Testing
@testable import VitrineCore

@Suite struct PagerEdgeTests {
    @Test func withoutWrapOverdragMeetsRubberBandAndSnapsBack() {
        var h = PagerHarness(pageCount: 3, wraps: false)
        h.drag(cardTravel: h.width, duration: 2, moves: 40, release: false)  // one full page past the start
        let stretched = h.pager.visualPosition
        #expect(stretched < 0)
        #expect(-stretched < 1)
        #expect(-stretched < PagingTuning.rubberBandLimit)
        #expect(abs(-stretched - RubberBand.stretch(1)) < 1e-12)
        h.send(.pointerUp(id: 1, at: Point(x: 410 + h.width, y: h.y)))
        #expect(h.events.last == .transitionStarted(from: 0, to: 0))
        h.settle()
        #expect(h.pager.currentPage == 0 && h.pager.visualPosition == 0)
        #expect(h.events.last == .transitionFinished(from: 0, to: 0, completed: false))

        var end = PagerHarness(pageCount: 3, wraps: false, currentPage: 2)
        end.drag(cardTravel: -0.3 * end.width, duration: 0.05, moves: 5)  // a fling off the end
        end.settle()
        #expect(end.pager.currentPage == 2)
    }

    @Test func withWrapDraggingBackFromTheFirstCardReachesTheLast() {
        var h = PagerHarness(pageCount: 4)
        h.drag(cardTravel: 0.3 * h.width, duration: 0.3, moves: 10, release: false)
        #expect(abs(h.pager.visualPosition + 0.3) < 1e-12)
        h.send(.pointerUp(id: 1, at: Point(x: 410 + 0.3 * h.width, y: h.y)))
        h.settle()
        #expect(h.pager.currentPage == 3)
    }

    @Test func rubberBandIsMonotonicBoundedAndInvertible() {
        var previous = 0.0
        for i in 1...100 {
            let o = Double(i) * 0.05
            let s = RubberBand.stretch(o)
            #expect(s > previous && s < PagingTuning.rubberBandLimit && s < o)
            #expect(abs(RubberBand.unstretch(s) - o) < 1e-9 * max(1, o))
            previous = s
        }
    }

    @Test func catchingARubberBandSnapBackContinuesWithoutAJump() {
        var h = PagerHarness(pageCount: 3, wraps: false)
        h.drag(cardTravel: 0.8 * h.width, duration: 2, moves: 40)
        h.run(for: 0.05)
        let caught = h.pager.visualPosition
        #expect(caught < 0)
        h.send(.pointerDown(id: 1, at: Point(x: 300, y: h.y)))
        h.time += 0.01
        h.send(.pointerMove(id: 1, to: Point(x: 310, y: h.y)))  // exactly the slop: no movement yet
        #expect(abs(h.pager.visualPosition - caught) < 1e-9)
        h.send(.pointerMove(id: 1, to: Point(x: 311, y: h.y)))
        #expect(h.pager.visualPosition < caught && caught - h.pager.visualPosition < 1.0 / 800)
        h.send(.pointerUp(id: 1, at: Point(x: 311, y: h.y)))
        h.settle()
        #expect(h.pager.currentPage == 0)
    }

    @Test func timeGoingBackwardsIsTreatedAsNoTimePassing() {
        var pager = Pager(pageCount: 5)
        _ = pager.handle(.next, at: 10, pageWidth: 800)
        _ = pager.step(to: 10.1)
        let position = pager.visualPosition
        _ = pager.step(to: 5)
        #expect(pager.visualPosition == position)
        #expect(pager.handle(.next, at: .nan, pageWidth: 800) == [])
    }

    @Test func interpolationBlendsTheLastTwoStepsAndSurvivesRenormalising() {
        var pager = Pager(pageCount: 3, currentPage: 2)
        _ = pager.handle(.next, at: 0, pageWidth: 800)
        var t = 0.0
        while !pager.isIdle {
            t += PagingTuning.fixedStep
            _ = pager.step(to: t)
            // Around the landing on page 0 (unwrapped 3) the blend must stay between 2 and 3, never sweep back.
            let mid = pager.interpolatedPosition(alpha: 0.5)
            #expect(pager.wrappedPage(Int(mid.rounded(.down))) == 2 || pager.wrappedPage(Int(mid.rounded())) == 0)
        }
        #expect(pager.currentPage == 0)
        #expect(pager.interpolatedPosition(alpha: 1) == 0)
        #expect(abs(pager.interpolatedPosition(alpha: 0) - pager.previousVisualPosition) < 1e-12)
        #expect(pager.previousVisualPosition > -0.1 && pager.previousVisualPosition <= 0)
    }
}
