import Testing
@testable import VitrineCore

/// The frame pacing rules on their own: hand out a frame only when the screen changes, owe it until presented,
/// pace checks a frame interval apart, count frames over budget.
@Suite struct FramePacingTests {
    let one = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(2))).runtime.settledFrame
    let other = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(3))).runtime.settledFrame

    @Test func theFirstFrameIsAlwaysHandedOut() {
        var pacing = FramePacing()
        #expect(pacing.wants(one))
        let handed = pacing.check(one, at: 0)
        #expect(handed)
        #expect(pacing.owedSince == 0)
    }

    @Test func anUnchangedFrameIsNotHandedOutAgainUnlessAsked() {
        var pacing = FramePacing()
        _ = pacing.check(one, at: 0)
        #expect(!pacing.wants(one))
        let same = pacing.check(one, at: 1)
        #expect(!same)
        #expect(pacing.wants(other))
        pacing.needsFrame = true
        let forced = pacing.check(one, at: 2)
        #expect(forced, "an expose or a card ready draws the same frame again")
        #expect(pacing.owedSince == 0, "still owed since the first frame handed out")
    }

    @Test func checksArePacedAFrameIntervalApart() {
        var pacing = FramePacing()
        #expect(pacing.nextFrame(now: 3) == 3 + RuntimeTuning.frameInterval)
        _ = pacing.check(one, at: 5)
        _ = pacing.check(one, at: 4)
        #expect(pacing.nextFrame(now: 6) == 5 + RuntimeTuning.frameInterval, "time going back does not move the pace")
    }

    @Test func presentingPaysTheDebtAndCountsSlowFrames() {
        var pacing = FramePacing()
        _ = pacing.check(one, at: 0)
        let first = pacing.presented(at: 0.01, duration: 0.01)
        #expect(first)
        #expect(pacing.owedSince == nil)
        #expect(pacing.lastPresented == 0.01)
        #expect(pacing.overBudget == 0)
        _ = pacing.check(other, at: 1)
        let second = pacing.presented(at: 1.1, duration: 0.1)
        #expect(!second, "only the first presented frame is the first")
        #expect(pacing.overBudget == 1)
        let unknown = pacing.presented(at: 2, duration: nil)
        #expect(!unknown)
        #expect(pacing.overBudget == 1, "a frame of unknown duration is not counted")
    }
}
