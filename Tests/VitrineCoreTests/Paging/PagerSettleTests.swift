import Testing
@testable import VitrineCore

@Suite struct PagerSettleTests {
    /// Starts `next` from page 0 of 5 and runs until the card is near 0.875 (half way through the ease-out).
    private func midSettle() -> PagerHarness {
        var h = PagerHarness(pageCount: 5)
        h.send(.next)
        h.run(for: PagingTuning.programmaticDuration / 2)
        return h
    }

    @Test func aGrabHoldsTheCardAndItsTransitionStaysOpen() {
        var h = midSettle()
        let caughtAt = h.pager.visualPosition
        #expect(caughtAt > 0.5 && caughtAt < 1)
        let down = h.send(.pointerDown(id: 1, at: Point(x: 400, y: 300)))
        #expect(down == [])  // the transition is held, not finished: the release decides where it goes
        #expect(h.pager.heldTarget == 1)
        #expect(h.pager.currentPage == 0)
        h.run(for: 0.5)
        #expect(h.pager.visualPosition == caughtAt)
        #expect(!h.pager.isIdle)
    }

    @Test func grabThenReleaseInPlaceLandsOnTheNearestPageAndIsNoTap() {
        var h = midSettle()
        h.send(.pointerDown(id: 1, at: Point(x: 400, y: 300)))
        h.time += 0.05
        let up = h.send(.pointerUp(id: 1, at: Point(x: 401, y: 300)))
        #expect(up == [])  // still heading for page 1: the same transition carries on
        h.settle()
        #expect(h.pager.currentPage == 1)
        #expect(h.events == [.transitionStarted(from: 0, to: 1), .transitionFinished(from: 0, to: 1, completed: true),
                             .pageChanged(page: 1)])
    }

    @Test func grabThenDragBackPastHalfWayReturnsToTheOriginalPage() {
        var h = midSettle()
        let caughtAt = h.pager.visualPosition
        // The gesture's origin is page 1 (nearest to the catch); dragging 0.5 pages right ends ~0.62 short of it.
        h.drag(from: 200, cardTravel: 0.5 * h.width, duration: 2, moves: 50)
        #expect(abs(h.pager.visualPosition - (caughtAt - 0.5)) < 1e-9)
        #expect(h.events.contains(.dragBegan(page: 1)))
        h.settle()
        #expect(h.pager.currentPage == 0)
        #expect(h.events.suffix(2) == [.transitionRetargeted(from: 0, to: 0),
                                       .transitionFinished(from: 0, to: 0, completed: false)])
        #expect(count(h.events, \.isPageChanged) == 0)
    }

    @Test func grabThenDragForwardCommitsOnePageFromTheCatch() {
        var h = midSettle()
        h.drag(from: 600, cardTravel: -0.7 * h.width, duration: 2, moves: 50)
        h.settle()
        #expect(h.pager.currentPage == 2)
        #expect(h.events.suffix(3) == [.transitionRetargeted(from: 0, to: 2),
                                       .transitionFinished(from: 0, to: 2, completed: true), .pageChanged(page: 2)])
        #expect(count(h.events, \.isStarted) == 1)
        #expect(count(h.events, \.isStarted) == count(h.events, \.isFinished))
    }

    @Test(arguments: [(-240.0, 0.4), (-150.0, 0.06), (-500.0, 0.5), (300.0, 0.3)])
    func settleStartsAtTheReleaseVelocityAndNeverOvershoots(travel: Double, duration: Double) {
        var h = PagerHarness(pageCount: 5, currentPage: 2)
        h.drag(cardTravel: travel, duration: duration, moves: 20)
        let releaseVelocity = -(travel / duration) / h.width  // pages per second
        let start = h.pager.visualPosition
        guard case .transitionStarted(_, let to) = h.events.last else {
            Issue.record("no transition started"); return
        }
        #expect(to != 2)  // every case is a fling or past half way
        var probe = h.pager
        _ = probe.step(to: h.time + 0.0005)
        let startVelocity = (probe.visualPosition - start) / 0.0005
        #expect(abs(startVelocity - releaseVelocity) < 0.05 * abs(releaseVelocity) + 0.05)

        let settleTime = h.settle()
        #expect(settleTime <= PagingTuning.maxSettleDuration + PagingTuning.fixedStep)
        let target = Double(to)
        let direction = target > start ? 1.0 : -1.0
        var previous = start
        for p in h.positions {
            #expect((p - previous) * direction >= -1e-12)  // monotonic
            #expect((p - target) * direction <= 1e-12)  // never past the target
            previous = p
        }
        #expect(h.pager.visualPosition == target)
    }

    @Test func everySettleLastsAtMostTheMaximum() {
        for travel in stride(from: -900.0, through: 900.0, by: 75) {
            for duration in [0.02, 0.1, 0.5, 3] {
                for wraps in [true, false] {
                    var h = PagerHarness(pageCount: 3, wraps: wraps)
                    h.drag(cardTravel: travel, duration: duration, moves: 10)
                    #expect(h.settle() <= PagingTuning.maxSettleDuration + PagingTuning.fixedStep)
                    #expect(h.pager.isIdle)
                }
            }
        }
    }

    @Test func aReleaseTooFastForTheShortestSettleKeepsItsSpeedAndStillStopsAtTheTarget() throws {
        // 0.1 pages at 50 pages/s: 2·d/v is 4 ms. The curve keeps the speed exactly and is stretched only to
        // 2.5·d/v (5 ms), not to the 0.1 s minimum, which would need a slower start or an overshoot.
        let curve = try #require(SettleCurve.release(from: 0.9, to: 1, velocity: 50, at: 0))
        #expect(abs(curve.duration - 2.5 * 0.1 / 50) < 1e-12)
        #expect(abs(curve.initialVelocity - 50) < 1e-9)
        var previous = 0.9
        for i in 0...100 {
            let p = curve.position(at: Double(i) * curve.duration / 100)
            #expect(p >= previous - 1e-12 && p <= 1 + 1e-12)
            previous = p
        }
        #expect(SettleCurve.release(from: 1, to: 1, velocity: 3, at: 0) == nil)
    }

    @Test func aReleaseFastEnoughOnlySlowsDownAlongASmoothstep() throws {
        // 0.2 pages at 2 pages/s: home in 2·d/v = 0.2 s, the speed falling as v·(1 − (3s² − 2s³)).
        let curve = try #require(SettleCurve.release(from: 1.8, to: 2, velocity: 2, at: 3))
        #expect(abs(curve.duration - 0.2) < 1e-12)
        for s in [0.0, 0.1, 0.25, 0.5, 0.75, 0.9] {
            let expected = 2 * (1 - (3 * s * s - 2 * s * s * s))
            #expect(abs(curve.velocity(at: 3 + s * 0.2) - expected) < 1e-9)
        }
        #expect(curve.position(at: 3.2) == 2)
    }

    @Test func aSlowReleaseFarFromHomeTakesTheWholeCapAndSpeedsUpOnce() throws {
        // 0.8 pages at 0.25 pages/s cannot get home in 0.6 s by slowing down: it takes exactly 0.6 s.
        let curve = try #require(SettleCurve.release(from: 0.2, to: 1, velocity: 0.25, at: 0))
        #expect(curve.duration == PagingTuning.maxSettleDuration)
        #expect(abs(curve.initialVelocity - 0.25) < 1e-12)
        let speeds = (0...600).map { curve.velocity(at: Double($0) / 1000) }
        let peak = speeds.indices.max { speeds[$0] < speeds[$1] }!
        #expect(peak > 0 && peak < 600)
        #expect(zip(speeds.prefix(peak + 1), speeds.prefix(peak + 1).dropFirst()).allSatisfy { $0 <= $1 + 1e-12 })
        #expect(zip(speeds.suffix(from: peak), speeds.suffix(from: peak).dropFirst()).allSatisfy { $0 >= $1 - 1e-12 })
        #expect(speeds[peak] <= 1.875 * 0.8 / 0.6 + 1e-9)
    }

    @Test func releaseVelocityAwayFromTheTargetIsDropped() throws {
        let curve = try #require(SettleCurve.release(from: 0.6, to: 1, velocity: -2, at: 0))
        #expect(curve.initialVelocity == 0)
        #expect(curve.velocity(at: 0) == 0)
    }

    @Test func programmaticCurveFromRestIsTheCubicEaseOut() throws {
        let curve = try #require(SettleCurve.programmatic(from: 2, to: 3, velocity: nil, at: 1))
        #expect(curve.duration == PagingTuning.programmaticDuration)
        for s in [0.1, 0.25, 0.5, 0.9] {
            let expected = 2 + (1 - (1 - s) * (1 - s) * (1 - s))
            #expect(abs(curve.position(at: 1 + s * curve.duration) - expected) < 1e-12)
        }
    }
}
