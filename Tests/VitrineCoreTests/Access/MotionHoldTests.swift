import Testing
@testable import VitrineCore

/// The hold (Space, the pause button, `ctl pause`) stops what moves by itself (WCAG 2.2.2): the card clock stands
/// still while it is on and goes on from the same moment after, for video cards and Ken Burns alike.
@Suite struct MotionHoldTests {
    /// Three cards, no attract mode: card 0 a video card (it lands at the start), the others pictures.
    static func videoConfig(autoplay: AutoplayConfig? = nil) -> KioskConfig {
        var cards = RuntimeFixture.cards(3)
        cards[0].video = CardVideo(path: "/deck/lobby.mp4")
        return RuntimeFixture.config(cards, autoplay: autoplay)
    }

    /// Plays `lines` on a kiosk showing `config`; the replay steps its screenshots were taken at.
    static func play(_ config: KioskConfig, _ lines: [String]) throws -> (EmbeddedKiosk, [ReplayStep]) {
        var kiosk = RuntimeFixture.kiosk(config)
        var shots: [ReplayStep] = []
        let script = try ReplayScript.parse(lines.joined(separator: "\n"), file: "hold.replay")
        kiosk.play(script, windowPoints: RuntimeFixture.pixels, load: RuntimeFixture.loader([:])) { _, _, _, step in shots.append(step) }
        return (kiosk, shots)
    }

    @Test func aVideoHeldAtTwoSecondsForThreeShowsTheMomentTwoAndAHalfAtFiveAndAHalf() throws {
        let (kiosk, shots) = try Self.play(Self.videoConfig(), [
            #"{"at":2,"key":"space"}"#,
            #"{"at":3.5,"screenshot":"held.png"}"#,
            #"{"at":5,"key":"space"}"#,
            #"{"at":5.5,"screenshot":"after.png"}"#,
        ])
        #expect(shots.map { $0.landed?.page } == [0, 0])
        let held = try #require(shots.first?.landed?.since), after = try #require(shots.last?.landed?.since)
        #expect(abs(held - 2) < 1e-9, "during the hold the card stands at 2 s: \(held)")
        #expect(abs(after - 2.5) < 1e-9, "released at 5 s, it goes on from 2 s: \(after)")
        let playing = try #require(kiosk.runtime.playingVideo?.clock)
        #expect(abs(playing.moment(at: 5.5) - 2.5) < 1e-9 && playing.time(ofMoment: 2.75) == 5.75)
        #expect(abs((kiosk.runtime.timeSinceLanding(ofCard: 0) ?? 0) - 2.5) < 1e-9)
    }

    @Test func whileHeldTheVideoHasNoDeadlineAndTheKioskSleeps() throws {
        var kiosk = RuntimeFixture.kiosk(Self.videoConfig())
        kiosk.advance(to: 1)
        kiosk.send(.keyPress(name: "space", modifiers: []), at: 1)
        kiosk.advance(to: 1.5)
        let clock = try #require(kiosk.runtime.playingVideo?.clock)
        #expect(clock.isHeld && clock.moment(at: 100) == 1)
        #expect(clock.time(ofMoment: 1.1) == nil, "no frame is due while held")
        #expect(kiosk.runtime.timerDeadline == nil && !kiosk.runtime.wantsFrames)
        let drawn = kiosk.frames.count
        kiosk.advance(to: 60)
        #expect(kiosk.frames.count == drawn, "nothing is drawn while held")
    }

    @Test func kenBurnsKeepsItsFramingWhileHeldAndGoesOnAfter() throws {
        var kiosk = RuntimeFixture.kiosk(try KenBurnsTests.config())
        kiosk.advance(to: 2)
        kiosk.send(.keyPress(name: "space", modifiers: []), at: 2)
        kiosk.advance(to: 2.2)
        let atHold = try #require(kiosk.runtime.settledFrame.kenBurns[0])
        #expect(atHold == KenBurns.view(time: 2, duration: KenBurns.defaultDuration))
        #expect(kiosk.runtime.timerDeadline == nil && !kiosk.runtime.wantsFrames, "no frame deadline while held")
        kiosk.advance(to: 4)
        #expect(kiosk.runtime.settledFrame.kenBurns[0] == atHold)
        kiosk.send(.keyPress(name: "space", modifiers: []), at: 4)
        kiosk.advance(to: 5)
        let time = try #require(kiosk.runtime.kenBurnsTime(ofCard: 0))
        #expect(abs(time - 3) < 1e-9, "two of the five seconds were held: \(time)")
        #expect(kiosk.runtime.settledFrame.kenBurns[0] != atHold)
        #expect(kiosk.runtime.timerDeadline != nil, "it moves again")
    }

    @Test func theButtonShowsForAVideoCardWithoutAttractModeAndTogglesTheHold() throws {
        let config = Self.videoConfig()
        let stage = RuntimeFixture.kiosk(config).runtime.session.stage
        let button = try #require(stage.pageControl(pageCount: 3, currentPage: 0, pauseButton: true).pauseButton)
        let center = Point(x: button.glyphFrame.midX, y: button.glyphFrame.midY)
        let (kiosk, _) = try Self.play(config, [
            #"{"at":0.5,"wait":true}"#,
            PauseButtonTests.tap(at: 1, center),
            #"{"at":1.5,"control":{"cmd":"status"}}"#,
            PauseButtonTests.tap(at: 2, center),
            #"{"at":2.5,"control":{"cmd":"status"}}"#,
            #"{"at":3,"key":"right"}"#,
            #"{"at":5,"wait":true}"#,
        ])
        #expect(PauseButtonTests.glyph(kiosk, at: 0.9) == .pause)
        #expect(PauseButtonTests.glyph(kiosk, at: 1.9) == .play)
        #expect(PauseButtonTests.glyph(kiosk, at: 2.9) == .pause)
        #expect(PauseButtonTests.pausedReplies(kiosk) == [true, false])
        #expect(RuntimeFixture.pageChanges(kiosk.events).map(\.page) == [1], "the taps paged nothing")
        #expect(PauseButtonTests.glyph(kiosk, at: 5) == nil, "a picture card without attract mode has no button")
        #expect(PauseButtonGlyph.pause.label(.motion) == "Pause motion" && PauseButtonGlyph.play.label(.motion) == "Play motion")
        #expect(PauseButtonGlyph.pause.label(.slideshow) == "Pause slideshow")
    }

    @Test func aSingleVideoCardHasTheButtonAndAKenBurnsCardLosesItWhenItsMotionEnds() throws {
        var single = Self.videoConfig()
        single.cards = Array(single.cards.prefix(1))
        var kiosk = RuntimeFixture.kiosk(single)
        kiosk.advance(to: 1)
        #expect(kiosk.runtime.settledFrame.decor.pauseButton == .pause && single.look.pauseButton)
        var motion = RuntimeFixture.kiosk(try KenBurnsTests.config())
        motion.advance(to: 1)
        #expect(motion.runtime.settledFrame.decor.pauseButton == .pause)
        motion.advance(to: KenBurns.defaultDuration + 1)
        #expect(motion.runtime.settledFrame.decor.pauseButton == nil, "nothing moves any more")
    }

    @Test func aCardThatLandsWhileHeldStandsAtItsFirstMomentUntilReleased() throws {
        var cards = RuntimeFixture.cards(3)
        cards[1].video = CardVideo(path: "/deck/lobby.mp4")
        let (kiosk, shots) = try Self.play(RuntimeFixture.config(cards), [
            #"{"at":1,"control":{"cmd":"pause"}}"#,
            #"{"at":1.5,"key":"right"}"#,
            #"{"at":4,"screenshot":"held.png"}"#,
            #"{"at":5,"control":{"cmd":"resume"}}"#,
            #"{"at":6,"screenshot":"after.png"}"#,
        ])
        #expect(RuntimeFixture.pageChanges(kiosk.events).map(\.page) == [1])
        #expect(shots.map { $0.landed?.page } == [1, 1])
        #expect(shots.map { $0.landed?.since } == [0, 1])
        // Held on a picture card, the button shows the hold (a play glyph) so a visitor can end it.
        #expect(PauseButtonTests.glyph(kiosk, at: 0.9) == nil && PauseButtonTests.glyph(kiosk, at: 1.2) == .play)
    }

    @Test func ctlPauseHoldsMotionWithoutAttractMode() throws {
        let (kiosk, shots) = try Self.play(Self.videoConfig(), [
            #"{"at":1,"control":{"cmd":"pause"}}"#,
            #"{"at":2,"control":{"cmd":"status"}}"#,
            #"{"at":3,"screenshot":"held.png"}"#,
            #"{"at":4,"control":{"cmd":"resume"}}"#,
        ])
        #expect(kiosk.replies.allSatisfy { $0.reply.ok })
        #expect(PauseButtonTests.pausedReplies(kiosk) == [true, true, false])
        #expect(shots.first?.landed?.since == 1)
    }

    @Test func attractModesHoldHoldsTheVideoToo() throws {
        let (_, shots) = try Self.play(Self.videoConfig(autoplay: AutoplayConfig(interval: 10)), [
            #"{"at":1,"key":"space"}"#,
            #"{"at":3,"screenshot":"held.png"}"#,
            #"{"at":4,"key":"space"}"#,
            #"{"at":6,"screenshot":"after.png"}"#,
        ])
        #expect(shots.map { $0.landed?.since } == [1, 3])
    }
}
