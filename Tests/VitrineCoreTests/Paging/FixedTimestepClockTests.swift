import Testing
@testable import VitrineCore

@Suite struct FixedTimestepClockTests {
    @Test func firstCallOnlySetsTheReference() {
        var clock = FixedTimestepClock()
        let frame = clock.advance(to: 100)
        #expect(frame.steps == 0 && frame.alpha == 0)
        #expect(clock.simulatedTime == 0)
    }

    @Test func drainsWholeStepsAndKeepsTheRemainderAsAlpha() {
        var clock = FixedTimestepClock()
        _ = clock.advance(to: 1)
        let dt = PagingTuning.fixedStep
        let frame = clock.advance(to: 1 + 2.5 * dt)
        #expect(frame.steps == 2)
        #expect(abs(frame.alpha - 0.5) < 1e-9)
        #expect(frame.stepTime(0) == dt && frame.stepTime(1) == 2 * dt)
        let next = clock.advance(to: 1 + 3.25 * dt)
        #expect(next.steps == 1)
        #expect(abs(next.alpha - 0.25) < 1e-9)  // 0.5 left over + 0.75 new = one step and a quarter
        #expect(next.firstStepTime == 3 * dt)
        #expect(clock.simulatedTime == 3 * dt)
    }

    @Test func aLongStallIsClampedToTheMaximumFrameTime() {
        var clock = FixedTimestepClock()
        _ = clock.advance(to: 0)
        let frame = clock.advance(to: 30)
        #expect(frame.steps == Int((PagingTuning.maxFrameTime / PagingTuning.fixedStep).rounded(.down)))
        #expect(clock.simulatedTime <= PagingTuning.maxFrameTime)
    }

    @Test func backwardsOrBrokenTimeAddsNothing() {
        var clock = FixedTimestepClock()
        _ = clock.advance(to: 5)
        #expect(clock.advance(to: 4).steps == 0)
        #expect(clock.advance(to: .nan).steps == 0)
        #expect(clock.advance(to: 5 + PagingTuning.fixedStep * 1.5).steps == 1)
    }

    @Test func simulatedTimeTracksRealTimeOverManyUnevenFrames() {
        var clock = FixedTimestepClock()
        var real = 0.0
        _ = clock.advance(to: real)
        var steps = 0
        for i in 0..<1000 {
            real += [0.016, 0.007, 0.033, 0.001][i % 4]
            steps += clock.advance(to: real).steps
        }
        #expect(steps == clock.stepCount)
        #expect(abs(clock.simulatedTime + clock.accumulator - real) < 1e-9)
    }

    @Test func aStepHasTheSameTimeHoweverTheClockWasMoved() {
        // Moved in one go or in uneven pieces, step 36 is at exactly 36 steps (summing 0.29166… and 0.00833…
        // gives 0.30000000000000004, which once turned a replayed fling into a snap-back).
        var once = FixedTimestepClock(maxFrameTime: .infinity)
        _ = once.advance(to: 0)
        let whole = once.advance(to: 0.3)
        var pieces = FixedTimestepClock(maxFrameTime: .infinity)
        _ = pieces.advance(to: 0)
        _ = pieces.advance(to: 0.29)
        let last = pieces.advance(to: 0.3)
        let dt = PagingTuning.fixedStep
        #expect(whole.stepTime(whole.steps - 1) == Double(36) * dt)
        #expect(last.stepTime(last.steps - 1) == Double(36) * dt)
        #expect(last.firstStepIndex + last.steps - 1 == 36)
    }
}
