import Testing
@testable import VitrineCore

/// A finger that stopped before it lifted has no speed: the card stays where it is at the lift and goes where the
/// drag distance says (commit at half a page or more, else back), without a jump.
@Suite struct PagerStoppedFingerTests {
    /// A drag of `distance` points at 1800 pt/s toward the next page (sampled at 120 Hz), a hold of `hold` seconds
    /// (with the finger reporting its position every 1/120 s when `reports`, `wobble` points back on every other
    /// report and at the lift), then the lift.
    private func heldDrag(distance: Double, hold: Double, reports: Bool, wobble: Double = 0) throws
        -> GestureReplay.Outcome {
        var replay = GestureReplay()
        let speed = 1800.0, start = 0.5, x0 = 1150.0
        let pointerTravel = distance + PagingTuning.slop
        let steps = Int((pointerTravel / speed * 120).rounded(.up))
        for k in 0...steps {
            replay.mouse(k == 0 ? "down" : "move", x: x0 - min(speed * Double(k) / 120, pointerTravel),
                         at: start + Double(k) / 120)
        }
        let stopped = start + Double(steps) / 120, lift = stopped + hold
        if reports {
            var k = 1
            while Double(k) / 120 < hold - 1e-9 {
                replay.mouse("move", x: x0 - pointerTravel + (k % 2 == 1 ? wobble : 0), at: stopped + Double(k) / 120)
                k += 1
            }
        }
        replay.mouse("up", x: x0 - pointerTravel + wobble, at: lift)
        replay.screenshots(from: lift)
        return try replay.play()
    }

    @Test(arguments: [0.05, 0.07, 0.1, 0.3], [false, true])
    func aShortDragHeldStillSnapsBackFromWhereItIs(hold: Double, reports: Bool) throws {
        let outcome = try heldDrag(distance: 300, hold: hold, reports: reports)
        try #require(outcome.shots.count == 121)
        #expect(abs(outcome.shots[0] - 0.25) < 1e-9)
        let first = outcome.speed()
        #expect(abs(first) <= 60, "held \(hold) s: \(first) pt/s over the first 1/60 s")
        #expect(outcome.page == 0, "held \(hold) s (reports \(reports)): a quarter-page drag turned the page")
        #expect(outcome.count(\.isPageChanged) == 0)
    }

    @Test(arguments: [0.05, 0.07, 0.1], [false, true])
    func aLongDragHeldStillCommitsFromWhereItIs(hold: Double, reports: Bool) throws {
        let outcome = try heldDrag(distance: 700, hold: hold, reports: reports)
        try #require(outcome.shots.count == 121)
        let first = outcome.speed()
        #expect(abs(first) <= 60, "held \(hold) s: \(first) pt/s over the first 1/60 s")
        #expect(outcome.page == 1)
        #expect(outcome.count(\.isPageChanged) == 1)
    }

    @Test(arguments: [0.05, 0.08])
    func aWobbleBackWhileHeldIsNoFlingBack(hold: Double) throws {
        // A resting fingertip jitters a point or two; the last report a point and a half back must not read as a
        // fling toward the origin that undoes a drag past half way.
        let outcome = try heldDrag(distance: 700, hold: hold, reports: true, wobble: 1.5)
        #expect(abs(outcome.speed()) <= 60, "\(outcome.speed()) pt/s over the first 1/60 s")
        #expect(outcome.page == 1)
    }

    @Test func aHoldOfHalfTheStopTimeStillFlings() throws {
        // A stop is a pause of `stoppedFingerDelay`: a finger that rested for half of it keeps its fling.
        let outcome = try heldDrag(distance: 300, hold: PagingTuning.stoppedFingerDelay / 2, reports: false)
        #expect(outcome.page == 1)
    }

    @Test func aHeldDragReleasedExactlyAtHalfAPageCommits() {
        var h = PagerHarness(pageCount: 5, currentPage: 2)
        h.width = 1000
        h.drag(cardTravel: -500, duration: 0.3, release: false)
        h.time += 0.1
        h.send(.pointerUp(id: 1, at: Point(x: 400 - PagingTuning.slop - 500, y: h.y)))
        h.settle()
        #expect(h.pager.currentPage == 3)
    }
}
