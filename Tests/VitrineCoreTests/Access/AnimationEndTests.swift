import Testing
@testable import VitrineCore

/// A finite animation that has played all its passes rests on its last frame: nothing on the card moves any more,
/// so its pause button (WCAG 2.2.2) goes at that moment, on the card's clock (held time not counted), by a deadline
/// of its own rather than at the next wake that happens to come.
@Suite struct AnimationEndTests {
    /// Three cards, no attract mode: card 0 (it lands at the start) an animated GIF of four 0.5 s frames played
    /// `loops` times (0: forever), the others pictures.
    static func config(loops: Int) -> KioskConfig {
        var cards = RuntimeFixture.cards(3)
        let animation = AnimationInfo(format: "GIF", size: PixelSize(width: 8, height: 8), fileDelays: [0.5, 0.5, 0.5, 0.5], loopCount: loops)
        cards[0].video = CardVideo(path: "/deck/a0.gif", animation: animation)
        return RuntimeFixture.config(cards)
    }

    /// When the first frame with no pause button was drawn.
    static func buttonGone(_ kiosk: EmbeddedKiosk) -> Double? {
        kiosk.frames.first { $0.frame.decor.pauseButton == nil }?.t
    }

    @Test func theButtonGoesWhenTheLastPassEnds() throws {
        var kiosk = RuntimeFixture.kiosk(Self.config(loops: 2))
        kiosk.advance(to: 1)
        #expect(kiosk.runtime.settledFrame.decor.pauseButton == .pause, "it moves: the button shows")
        #expect(kiosk.runtime.timerDeadline == 4, "two passes of 2 s: its motion ends at 4 s")
        kiosk.advance(to: 10)
        let found = Self.buttonGone(kiosk)
        let gone = try #require(found, "the button stayed after the animation played out")
        #expect(abs(gone - 4) < 1e-9, "drawn without the button at \(gone), not when the motion ended")
        #expect(kiosk.runtime.settledFrame.decor.pauseButton == nil)
        #expect(kiosk.runtime.timerDeadline == nil && !kiosk.runtime.wantsFrames, "then the kiosk sleeps")
        let drawn = kiosk.frames.count
        kiosk.send(.keyPress(name: "space", modifiers: []), at: 11)
        #expect(!kiosk.runtime.isHoldOn && kiosk.frames.count == drawn, "Space holds nothing: nothing moves")
    }

    @Test func heldTimeIsNotCounted() throws {
        var kiosk = RuntimeFixture.kiosk(Self.config(loops: 2))
        kiosk.send(.keyPress(name: "space", modifiers: []), at: 1)
        kiosk.advance(to: 3)
        #expect(kiosk.runtime.settledFrame.decor.pauseButton == .play && kiosk.runtime.timerDeadline == nil)
        kiosk.send(.keyPress(name: "space", modifiers: []), at: 4)  // Held 3 s at its moment 1.
        kiosk.advance(to: 10)
        let found = Self.buttonGone(kiosk)
        let gone = try #require(found, "the button stayed after the animation played out")
        #expect(abs(gone - 7) < 1e-9, "moment 4 comes at 7 s: \(gone)")
    }

    @Test func aForeverLoopKeepsItsButton() {
        var kiosk = RuntimeFixture.kiosk(Self.config(loops: 0))
        kiosk.advance(to: 60)
        #expect(Self.buttonGone(kiosk) == nil && kiosk.runtime.settledFrame.decor.pauseButton == .pause)
    }

    @Test func inAReplayTheButtonShowsUntilTheMomentAndNotAfter() throws {
        var kiosk = RuntimeFixture.kiosk(Self.config(loops: 1))
        var buttons: [PauseButtonGlyph?] = []
        let script = try ReplayScript.parse([
            #"{"at":1.9,"screenshot":"moving.png"}"#,
            #"{"at":2.1,"screenshot":"still.png"}"#,
        ].joined(separator: "\n"), file: "end.replay")
        kiosk.play(script, windowPoints: RuntimeFixture.pixels, load: RuntimeFixture.loader([:])) { frame, _, _, _ in
            buttons.append(frame.decor.pauseButton)
        }
        #expect(buttons == [.pause, nil], "one pass of 2 s: \(buttons)")
    }
}
