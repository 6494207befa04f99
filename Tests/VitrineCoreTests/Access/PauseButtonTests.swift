import Testing
@testable import VitrineCore

/// The pause button beside the dots (WCAG 2.2.2), played through replay scripts on the manual clock.
@Suite struct PauseButtonTests {
    /// Five cards, attract mode every 2 s, holding off 5 s after a person's input.
    static func config(dots: Bool = true) -> KioskConfig {
        var config = RuntimeFixture.config(RuntimeFixture.cards(5), autoplay: AutoplayConfig(interval: 2, resumeAfterIdle: 5))
        config.style.dots = dots
        return config
    }

    /// The page control as the kiosk lays it out for `config` on card `page`.
    static func control(_ config: KioskConfig, page: Int = 0) -> PageControlLayout {
        RuntimeFixture.kiosk(config).runtime.session.stage.pageControl(pageCount: config.cards.count, currentPage: page,
                                                                       pauseButton: config.autoplay != nil, dotsShown: config.style.dots)
    }

    /// A tap (down, then up 50 ms later) at pixel `point` of the 900x600 window, as script lines.
    static func tap(at t: Double, _ point: Point) -> String {
        let x = point.x / Double(RuntimeFixture.pixels.width), y = point.y / Double(RuntimeFixture.pixels.height)
        return """
            {"at":\(t),"touch":"down","x":\(x),"y":\(y)}
            {"at":\(t + 0.05),"touch":"up","x":\(x),"y":\(y)}
            """
    }

    /// Plays `lines` on a kiosk showing `config`.
    static func play(_ config: KioskConfig, _ lines: [String]) throws -> EmbeddedKiosk {
        var kiosk = RuntimeFixture.kiosk(config)
        let script = try ReplayScript.parse(lines.joined(separator: "\n"), file: "pause.replay")
        kiosk.play(script, windowPoints: RuntimeFixture.pixels, load: RuntimeFixture.loader([:])) { _, _, _, _ in }
        return kiosk
    }

    /// What the `status` replies said for `paused`, in order.
    static func pausedReplies(_ kiosk: EmbeddedKiosk) -> [Bool] {
        kiosk.replies.compactMap { $0.reply.fields.first { $0.0 == "paused" }.map { $0.1 == "true" } }
    }

    /// The pause button's glyph in the last frame drawn at or before `t`.
    static func glyph(_ kiosk: EmbeddedKiosk, at t: Double) -> PauseButtonGlyph? {
        kiosk.frames.last { $0.t <= t }?.frame.decor.pauseButton
    }

    @Test func aTapOnTheButtonStopsAttractModeForThreeIntervalsAndATapAgainResumesIt() throws {
        let config = Self.config()
        let button = try #require(Self.control(config, page: 1).pauseButton)
        let center = Point(x: button.glyphFrame.midX, y: button.glyphFrame.midY)
        let kiosk = try Self.play(config, [
            Self.tap(at: 3, center),
            #"{"at":9.5,"control":{"cmd":"status"}}"#,
            Self.tap(at: 10, center),
            #"{"at":10.2,"control":{"cmd":"status"}}"#,
            #"{"at":12.6,"wait":true}"#,
        ])
        let changes = RuntimeFixture.pageChanges(kiosk.events)
        #expect(changes.filter { $0.t <= 3 }.map(\.page) == [1])
        // Held from 3 to 10: three intervals and more, and longer than resumeAfterIdle.
        #expect(changes.filter { $0.t > 3 && $0.t <= 10 }.isEmpty)
        #expect(Self.pausedReplies(kiosk) == [true, false])
        // Resumed at once, not resumeAfterIdle (5 s) later: the press is not paging input. The next advance comes
        // one interval after the tap.
        let after = changes.filter { $0.t > 10 }
        #expect(after.map(\.page) == [2])
        #expect(after.first.map { $0.t >= 12 && $0.t < 12.5 } == true)
        #expect(Self.glyph(kiosk, at: 2.9) == .pause)
        #expect(Self.glyph(kiosk, at: 9.9) == .play)
        #expect(Self.glyph(kiosk, at: 12.6) == .pause)
    }

    @Test func theButtonShowsAndTakesTapsWithTheDotsHidden() throws {
        let config = Self.config(dots: false)
        let control = Self.control(config)
        #expect(control.dots.isEmpty)
        let button = try #require(control.pauseButton)
        let kiosk = try Self.play(config, [Self.tap(at: 1, Point(x: button.glyphFrame.midX, y: button.glyphFrame.midY)),
                                           #"{"at":7,"control":{"cmd":"status"}}"#])
        #expect(RuntimeFixture.pageChanges(kiosk.events).isEmpty)
        #expect(Self.pausedReplies(kiosk) == [true])
        #expect(Self.glyph(kiosk, at: 7) == .play)
    }

    @Test func aTapOnTheDotsBesideTheButtonStillPages() throws {
        let config = Self.config()
        let control = Self.control(config)
        let button = try #require(control.pauseButton)
        // Just before the button's tap area: on the last dot, whose page a tap there still goes to.
        let beside = Point(x: button.hitRect.minX - 2, y: button.glyphFrame.midY)
        #expect(control.target(at: beside, currentPage: 0) == .page(4))
        let kiosk = try Self.play(config, [Self.tap(at: 1, beside), #"{"at":1.2,"control":{"cmd":"status"}}"#])
        #expect(RuntimeFixture.pageChanges(kiosk.events).map(\.page) == [4])
        #expect(Self.glyph(kiosk, at: 1.2) == .pause)
        // Paused by recent input, as any tap on the control pauses it, not held.
        #expect(kiosk.runtime.autoplay?.isHeld == false)
    }

    @Test func aTapAboveTheButtonIsATapOnTheCard() throws {
        let config = Self.config()
        let button = try #require(Self.control(config).pauseButton)
        let above = Point(x: button.glyphFrame.midX, y: button.hitRect.minY - 2)
        let kiosk = try Self.play(config, [Self.tap(at: 1, above), #"{"at":4,"wait":true}"#])
        // A tap on the card holds attract mode off for resumeAfterIdle (5 s): no page change, not held.
        #expect(RuntimeFixture.pageChanges(kiosk.events).isEmpty)
        #expect(kiosk.runtime.autoplay?.isHeld == false)
        #expect(Self.glyph(kiosk, at: 4) == .pause)
    }

    @Test func thereIsNoButtonWithoutAttractModeOrWithOneCard() {
        var config = Self.config()
        config.autoplay = nil
        #expect(Self.control(config).pauseButton == nil)
        #expect(RuntimeFixture.kiosk(config).runtime.settledFrame.decor.pauseButton == nil)
        var single = Self.config()
        single.cards = Array(single.cards.prefix(1))
        // Attract mode with one card has nothing to pause: the runtime shows no button (the layout draws what it is told).
        var kiosk = RuntimeFixture.kiosk(single)
        kiosk.advance(to: 1)
        #expect(kiosk.runtime.settledFrame.decor.pauseButton == nil && !kiosk.runtime.session.pauseButtonShown)
        #expect(!single.look.pauseButton)
    }

    @Test func theButtonTakesTheTrailingSlotAndTheDotsMoveOverByOnePitch() throws {
        let with = Self.control(Self.config())
        var plain = Self.config()
        plain.autoplay = nil
        let without = Self.control(plain)
        let button = try #require(with.pauseButton)
        #expect(abs(with.frame.maxX + with.pitch - without.frame.maxX) < 0.001)
        #expect(button.glyphFrame.minX >= with.frame.maxX && button.glyphFrame.maxX <= without.frame.maxX)
        // As tall as a dot, on the dots' line.
        #expect(abs(button.glyphFrame.height - with.dots[1].diameter) < 0.001)
        #expect(abs(button.glyphFrame.midY - with.dots[0].center.y) < 0.001)
        #expect(with.reservedWidth == without.reservedWidth + with.pitch)
        #expect(PauseButtonGlyph.pause.label == "Pause slideshow" && PauseButtonGlyph.play.label == "Play slideshow")
    }
}
