import Testing
@testable import VitrineCore

/// Flicks add up like keys: a flick that catches a running settle sends the card one page beyond where it was
/// going, so N quick flicks land N pages on, in one transition with one `pageChanged`, each retarget logged.
@Suite struct PagerFlickTests {
    /// `count` flicks toward the next page at 2000 pt/s (0.075 s each, sampled at 120 Hz), starting `spacing`
    /// seconds apart, played through a replay script.
    private func flicks(_ count: Int, spacing: Double, speed: Double = 2000, backward: Bool = false) throws
        -> GestureReplay.Outcome {
        var replay = GestureReplay()
        let sign: Double = backward ? 1 : -1
        for n in 0..<count {
            let start = 0.5 + Double(n) * spacing, x0 = backward ? 300.0 : 900.0
            for k in 0...9 {
                replay.mouse(k == 0 ? "down" : "move", x: x0 + sign * speed * Double(k) / 120, at: start + Double(k) / 120)
            }
            replay.mouse("up", x: x0 + sign * speed * 9 / 120, at: start + 9.0 / 120)
        }
        return try replay.play()
    }

    @Test(arguments: [2, 3, 6], [0.15, 0.2, 0.25])
    func nQuickFlicksLandNPagesOnWithOnePageChanged(count: Int, spacing: Double) throws {
        let outcome = try flicks(count, spacing: spacing)
        #expect(outcome.page == count, "\(count) flicks \(spacing) s apart reached page \(outcome.page)")
        #expect(outcome.count(\.isPageChanged) == 1)
        #expect(outcome.count(\.isStarted) == 1)
        #expect(outcome.count { if case .transitionRetargeted = $0 { true } else { false } } == count - 1)
        let retargets = outcome.events.compactMap { if case .transitionRetargeted(_, let to) = $0.event { to } else { nil } }
        #expect(retargets == Array(2...max(count, 2)).prefix(count - 1).map { $0 })
        #expect(outcome.events.last?.event == .pageChanged(page: count))
    }

    @Test func flicksBackwardAddUpToo() throws {
        let outcome = try flicks(3, spacing: 0.2, backward: true)
        #expect(outcome.page == 9)  // 12 cards, wrapping: three pages back from 0
        #expect(outcome.count(\.isPageChanged) == 1)
    }

    @Test func aFlickAgainstARunningSettleTakesOnePageOffItsTarget() {
        var h = PagerHarness(pageCount: 8, currentPage: 2)
        h.send(.next)
        h.send(.next)  // heading for 4
        h.run(for: 0.1)
        h.drag(from: 300, cardTravel: 100, duration: 0.05, moves: 6)  // a flick back at 2000 pt/s
        h.settle()
        #expect(h.pager.currentPage == 3)
        #expect(count(h.events, \.isPageChanged) == 1)
    }

    @Test func aSlowDragOnARunningSettleStillDecidesByDistance() {
        var h = PagerHarness(pageCount: 8, currentPage: 2)
        h.send(.next)
        h.run(for: PagingTuning.programmaticDuration / 2)  // the card is past 2.5, so the catch's nearest page is 3
        h.drag(from: 300, cardTravel: -40, duration: 0.5, moves: 20)  // 80 pt/s: no fling
        h.settle()
        #expect(h.pager.currentPage == 3)
    }

    @Test func aFlickThatCatchesNothingTurnsOnePage() throws {
        let outcome = try flicks(2, spacing: 1.2)
        #expect(outcome.page == 2)
        #expect(outcome.count(\.isPageChanged) == 2)
    }
}

/// A held transition is closed when the deck is replaced under the finger.
@Suite struct PagerHeldTransitionTests {
    @Test func aDeckReplacedUnderAHeldCardClosesItsTransitionUncompleted() {
        let stage = StageLayout(windowPixels: PixelSize(width: 800, height: 600), fit: .contain)
        var session = KioskSession(pageCount: 5, wraps: true, stage: stage)
        _ = session.handle(.key(.next), at: 0)
        _ = session.handle(.pointerDown(id: 1, at: Point(x: 400, y: 300)), at: 0.1)
        #expect(session.pager.heldTarget == 1)
        let events = session.replaceDeck(pageCount: 5, wraps: true, at: 0.2) { $0 }
        #expect(events == [.transitionFinished(from: 0, to: 1, completed: false)])
        #expect(session.pager.heldTarget == nil && session.pager.currentPage == 0)
    }
}
