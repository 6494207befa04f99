import Testing
@testable import VitrineCore

/// The `style` object: each key, its default (Vitrine's look before the key) and its one-line errors.
@Suite struct StyleConfigTests {
    @Test func everyKeyHasTodaysLookAsItsDefault() throws {
        let config = try decodeConfig(#"{"cards": []}"#).config
        #expect(config.style == StyleConfig())
        #expect(config.style.transition == PagingTuning.programmaticDuration)
        #expect(config.style.look == CardLook())
        #expect(config.style.titleFont == nil && config.style.dots)
        #expect(try decodeConfig(#"{"cards": [], "style": {}}"#).config.style == StyleConfig())
    }

    @Test func everyKeyIsRead() throws {
        let (config, warnings) = try decodeConfig(##"""
            {"cards": [], "style": {"transition": 0.35, "titleFont": "fonts/Brand-Bold.otf", "textColor": "#FFCC00",
                                    "textPosition": "topTrailing", "dots": false}}
            """##)
        #expect(warnings.isEmpty)
        #expect(config.style.transition == 0.35)
        #expect(config.style.titleFont == .file("/kiosk/fonts/Brand-Bold.otf"))
        #expect(config.style.textColor == Color(red: 0xFF, green: 0xCC, blue: 0x00))
        #expect(config.style.textPosition == .topTrailing)
        #expect(!config.style.dots)
        #expect(try decodeConfig(#"{"cards": [], "style": {"titleFont": "Liberation Serif"}}"#).config.style.titleFont == .name("Liberation Serif"))
        #expect(try decodeConfig(#"{"cards": [], "style": {"titleFont": "/usr/share/fonts/x"}}"#).config.style.titleFont == .file("/usr/share/fonts/x"))
    }

    @Test(arguments: [
        (#""transition": 0.01"#, "style.transition: expected a number from 0.05 to 3, found 0.01"),
        (#""transition": 10"#, "style.transition: expected a number from 0.05 to 3, found 10"),
        (#""transition": "fast""#, "style.transition: expected a number from 0.05 to 3, found a string"),
        (##""textColor": "white""##, ##"style.textColor: expected a color as "#RRGGBB" or "#RGB", found "white""##),
        (##""textColor": "#12345""##, ##"style.textColor: expected a color as "#RRGGBB" or "#RGB", found "#12345""##),
        (#""textPosition": "middle""#, #"style.textPosition: expected "bottomLeading", "bottom", "bottomTrailing", "topLeading", "top" or "topTrailing", found "middle""#),
        (#""titleFont": """#, "style.titleFont: expected a non-empty string, found an empty string"),
        (#""titleFont": 3"#, "style.titleFont: expected a non-empty string, found a number"),
        (#""dots": "no""#, "style.dots: expected true or false, found a string"),
    ])
    func aBadValueIsOneLineNamingTheKeyAndTheValue(member: String, message: String) throws {
        let error = try #require(configError(#"{"cards": [], "style": {\#(member)}}"#))
        #expect(error.kind == .invalid && error.diagnostics.count == 1)
        #expect(error.description == "/kiosk/config.json: " + message)
    }

    @Test func anUnknownStyleKeyIsAWarningWithASuggestion() throws {
        let (_, warnings) = try decodeConfig(##"{"cards": [], "style": {"textColour": "#FFFFFF"}}"##)
        #expect(warnings.map(\.description) == [#"/kiosk/config.json: style.textColour: unknown key "textColour" (ignored); did you mean "textColor"?"#])
    }

    /// The times of the `transitionStarted` and `transitionFinished` lines of `kiosk`.
    func transitionTimes(_ kiosk: EmbeddedKiosk) -> (started: [Double], finished: [Double]) {
        var started: [Double] = [], finished: [Double] = []
        for event in kiosk.events {
            if case .pager(.transitionStarted) = event.event { started.append(event.t) }
            if case .pager(.transitionFinished) = event.event { finished.append(event.t) }
        }
        return (started, finished)
    }

    @Test(arguments: [PageTransition.slide, .fade])
    func aTransitionOf035SecondsLasts035SecondsInReplay(transition: PageTransition) throws {
        for seconds in [0.35, 1.5] {
            var config = RuntimeFixture.config(RuntimeFixture.cards(5))
            config.transition = transition
            config.style.transition = seconds
            var kiosk = RuntimeFixture.kiosk(config)
            try kiosk.play(ReplayScript.parse(#"{"at":1,"key":"right"}"# + "\n" + #"{"at":3,"control":{"cmd":"next"}}"#, file: "script"),
                           windowPoints: RuntimeFixture.pixels, load: RuntimeFixture.loader([:])) { (_: KioskFrame, _: KioskConfig, _: String, _: ReplayStep) in }
            let times = transitionTimes(kiosk)
            #expect(times.started.count == 2 && times.finished.count == 2)
            for (start, end) in zip(times.started, times.finished) {
                // Landing is seen on the first fixed step (1/120 s) at or after the end.
                #expect(end - start >= seconds - 1e-9 && end - start < seconds + PagingTuning.fixedStep + 1e-9, "\(transition) \(seconds): \(start)…\(end)")
            }
            #expect(kiosk.runtime.session.pager.currentPage == 2)
        }
    }

    @Test func aReloadTakesTheNewTransitionLength() {
        var config = RuntimeFixture.config(RuntimeFixture.cards(3))
        var slower = config
        slower.style.transition = 2
        config.style.transition = 0.5
        var kiosk = RuntimeFixture.kiosk(config, files: ["/deck/kiosk.json": slower])
        #expect(kiosk.runtime.session.pager.transitionDuration == 0.5)
        kiosk.send(.reloadRequested, at: 1)
        kiosk.advance(to: 2)
        #expect(kiosk.runtime.session.pager.transitionDuration == 2)
    }
}

/// Hidden dots take no taps: a tap where they were is a tap on the card.
@Suite struct HiddenDotsTapTests {
    @Test(arguments: [true, false])
    func aTapOnTheDotsPagesOnlyWhenTheyShow(dots: Bool) {
        var config = RuntimeFixture.config(RuntimeFixture.cards(5))
        config.style.dots = dots
        var kiosk = RuntimeFixture.kiosk(config)
        kiosk.advance(to: 1)
        let control = kiosk.runtime.session.stage.pageControl(pageCount: 5, currentPage: 0)
        let last = control.dots[4].center  // 1 pixel to the point.
        kiosk.send(.paging(.pointerDown(id: 1, at: last)), at: 2)
        kiosk.send(.paging(.pointerUp(id: 1, at: last)), at: 2.05)
        kiosk.advance(to: 4)
        #expect(kiosk.runtime.session.pager.currentPage == (dots ? 4 : 0))
    }
}
