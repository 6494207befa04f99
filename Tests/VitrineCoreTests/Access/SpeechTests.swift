import Testing
@testable import VitrineCore

/// The kiosk's own voice (`accessibility`, `lang`), on the manual clock: what it asks to say and logs.
@Suite struct SpeechTests {
    /// Cards with titles and subtitles (card 2 has no subtitle, card 3 speaks Hebrew), attract mode every 2 s.
    static func config(speak: Bool? = true, autoplay: Bool = true) -> KioskConfig {
        var cards = (0..<4).map { CardConfig(id: "c\($0)", title: "Title \($0)", subtitle: "Subtitle \($0)", image: "/deck/c\($0).jpg") }
        cards[2].subtitle = ""
        cards[3].lang = "he"
        var config = RuntimeFixture.config(cards, autoplay: autoplay ? AutoplayConfig(interval: 2, resumeAfterIdle: 1) : nil)
        config.accessibility.speech = speak.map { SpeechConfig(startsOn: $0, voice: "en-us+f3", rate: 20) }
        config.accessibility.lang = "en-GB"
        return config
    }

    /// Plays script `lines` on a kiosk showing `config`.
    static func play(_ config: KioskConfig, _ lines: [String]) throws -> EmbeddedKiosk {
        var kiosk = RuntimeFixture.kiosk(config)
        kiosk.play(try ReplayScript.parse(lines.joined(separator: "\n"), file: "speech.replay"), windowPoints: RuntimeFixture.pixels,
                   load: RuntimeFixture.loader([:])) { _, _, _, _ in }
        return kiosk
    }

    /// The log lines that change the page or speak, as JSON.
    static func lines(_ kiosk: EmbeddedKiosk) -> [String] {
        kiosk.events.compactMap(\.jsonLine).filter { $0.contains("\"pageChanged\"") || $0.contains("\"spoken\"") }
    }

    /// The speech requests the kiosk made.
    static func requests(_ kiosk: EmbeddedKiosk) -> [SpeechRequest] {
        kiosk.otherEffects.compactMap { if case .speak(let request) = $0 { request } else { nil } }
    }

    @Test func everyPageChangedIsFollowedByTheCardsTitleAndSubtitle() throws {
        let kiosk = try Self.play(Self.config(), [#"{"at":7.5,"wait":true}"#])
        let lines = Self.lines(kiosk)
        let pages = lines.enumerated().filter { $0.element.contains("pageChanged") }
        #expect(pages.count == 4)  // The start, then three advances.
        for (index, line) in pages {
            let page = try #require(Int(line.split(separator: "\"page\":")[1].prefix { $0.isNumber }))
            let title = #""spoken","page":\#(page),"text":"Title \#(page)","lang":"\#(page == 3 ? "he" : "en-GB")"}"#
            #expect(lines[index + 1].hasSuffix(title), "\(lines[index + 1])")
            if page != 2 {
                #expect(lines[index + 2].hasSuffix(#""spoken","page":\#(page),"text":"Subtitle \#(page)","lang":"\#(page == 3 ? "he" : "en-GB")"}"#))
            }
        }
        #expect(lines.first == #"{"t":0.000,"event":"pageChanged","page":0,"from":null,"reason":"start"}"#)
        #expect(lines[1] == #"{"t":0.000,"event":"spoken","page":0,"text":"Title 0","lang":"en-GB"}"#)
        let requests = Self.requests(kiosk)
        #expect(requests.map { $0.utterances.map(\.text) } == [["Title 0", "Subtitle 0"], ["Title 1", "Subtitle 1"], ["Title 2"], ["Title 3", "Subtitle 3"]])
        #expect(requests.allSatisfy { $0.voice == "en-us+f3" && $0.rate == 20 })
    }

    @Test func speakFalseAllowsSpeechButStartsSilentAndTheSKeyTurnsItOnAndOff() throws {
        let kiosk = try Self.play(Self.config(speak: false, autoplay: false), [
            #"{"at":1,"key":"right"}"#, #"{"at":2,"key":"s"}"#, #"{"at":3,"key":"right"}"#, #"{"at":4,"key":"S"}"#, #"{"at":5,"key":"right"}"#,
        ])
        let spoken = kiosk.events.compactMap { if case .spoken(let page, let text, _) = $0.event { "\(page ?? -1) \(text)" } else { nil } }
        // Silent until S; then the card on screen at once, and the next card; silent again after S.
        #expect(spoken == ["1 Title 1", "1 Subtitle 1", "2 Title 2"])
        #expect(kiosk.otherEffects.contains(.stopSpeaking))
        let toggles = kiosk.events.compactMap { if case .speech(let on, let reason) = $0.event { "\(on) \(reason)" } else { nil } }
        #expect(toggles == ["true key", "false key"])
    }

    @Test func withoutAccessibilityNothingIsSpokenAndTheKeysAndCommandsSaySo() throws {
        let kiosk = try Self.play(Self.config(speak: nil), [
            #"{"at":1,"key":"s"}"#, #"{"at":2,"control":{"cmd":"speak","action":"on"}}"#, #"{"at":4.5,"wait":true}"#,
        ])
        #expect(!kiosk.events.contains { if case .spoken = $0.event { true } else { false } })
        #expect(Self.requests(kiosk).isEmpty)
        #expect(kiosk.replies.map(\.reply.jsonLine) == [#"{"ok":false,"error":"speech is not allowed: the config has no \"accessibility\" object"}"#])
    }

    @Test func ctlSpeakTurnsItOnAndOffAndSaysTheCardAgain() throws {
        let kiosk = try Self.play(Self.config(speak: false, autoplay: false), [
            #"{"at":1,"control":{"cmd":"speak","action":"again"}}"#,
            #"{"at":2,"control":{"cmd":"speak","action":"on"}}"#,
            #"{"at":3,"control":{"cmd":"speak","action":"again"}}"#,
            #"{"at":4,"control":{"cmd":"speak","action":"off"}}"#,
            #"{"at":5,"control":{"cmd":"next"}}"#,
            #"{"at":6,"control":{"cmd":"speak","action":"on"}}"#,
            #"{"at":7,"control":{"cmd":"status"}}"#,
        ])
        let replies = kiosk.replies.map(\.reply.jsonLine)
        #expect(replies.prefix(6) == [
            #"{"ok":false,"error":"speech is off: 'ctl speak on' first"}"#, #"{"ok":true,"speaking":true}"#,
            #"{"ok":true,"speaking":true}"#, #"{"ok":true,"speaking":false}"#, #"{"ok":true}"#, #"{"ok":true,"speaking":true}"#,
        ])
        #expect(replies.last?.hasSuffix(#","asleep":false,"speaking":true}"#) == true, "status says speech is on: \(replies.last ?? "")")
        let spoken = kiosk.events.filter { if case .spoken = $0.event { true } else { false } }.map(\.t)
        #expect(spoken == [2, 2, 3, 3, 6, 6])
        #expect(kiosk.otherEffects.contains(.stopSpeaking))
    }

    @Test func aLongPressOnTheDotsTurnsSpeechOnAndAShortTapStillPages() throws {
        let config = Self.config(speak: false, autoplay: false)
        let control = RuntimeFixture.kiosk(config).runtime.session.stage.pageControl(pageCount: 4, currentPage: 0)
        let dot = control.dots[2].center
        let x = dot.x / 900, y = dot.y / 600
        let kiosk = try Self.play(config, [
            #"{"at":1,"touch":"down","x":\#(x),"y":\#(y)}"#, #"{"at":2.1,"touch":"up","x":\#(x),"y":\#(y)}"#,
            #"{"at":3,"touch":"down","x":\#(x),"y":\#(y)}"#, #"{"at":3.1,"touch":"up","x":\#(x),"y":\#(y)}"#,
        ])
        // The long press turned speech on (the card on screen spoken) and did not page; the tap went to dot 2.
        #expect(RuntimeFixture.pageChanges(kiosk.events).map(\.page) == [2])
        let spoken = kiosk.events.compactMap { if case .spoken(let page, let text, _) = $0.event { "\(page ?? -1) \(text)" } else { nil } }
        #expect(spoken == ["0 Title 0", "0 Subtitle 0", "2 Title 2"])
    }

    @Test func thePauseButtonsLabelIsSpokenWhenTapped() throws {
        let config = Self.config()
        let button = try #require(RuntimeFixture.kiosk(config).runtime.session.stage
            .pageControl(pageCount: 4, currentPage: 0, pauseButton: true).pauseButton)
        let x = button.glyphFrame.midX / 900, y = button.glyphFrame.midY / 600
        let kiosk = try Self.play(config, [
            #"{"at":1,"touch":"down","x":\#(x),"y":\#(y)}"#, #"{"at":1.05,"touch":"up","x":\#(x),"y":\#(y)}"#,
            #"{"at":2,"key":"space"}"#,
        ])
        let labels = kiosk.events.compactMap { if case .spoken(nil, let text, let lang) = $0.event { "\(text) \(lang)" } else { nil } }
        #expect(labels == ["Play slideshow en-GB", "Pause slideshow en-GB"])
    }

    @Test func theScreenWakingSpeaksTheCardOnScreen() throws {
        var config = Self.config(autoplay: false)
        config.display.awake = try WeeklyHours.parse("mon-fri 09:00-18:00").get()
        var kiosk = EmbeddedKiosk(config: config, pixels: RuntimeFixture.pixels, localStart: LocalTime.parse("2026-11-30T17:59:58"),
                                  loadConfig: RuntimeFixture.loader([:]))
        kiosk.advance(to: 5)
        #expect(kiosk.runtime.settledFrame.asleep)
        let before = kiosk.events.count
        kiosk.send(.paging(.pointerDown(id: 0, at: Point(x: 100, y: 100))), at: 6)
        let after = kiosk.events[before...].compactMap(\.jsonLine)
        #expect(after.contains { $0.contains(#""event":"awake""#) })
        #expect(after.contains { $0.hasSuffix(#""spoken","page":0,"text":"Title 0","lang":"en-GB"}"#) }, "\(after)")
    }

    @Test func languageTagsAndSpeechKeysAreValidated() throws {
        let errors = RuntimeFixture.configErrors
        let good = #"{"lang":"ar-EG","accessibility":{"speak":false,"voice":"Alex","rate":-100},"cards":[{"title":"A","image":"a.jpg","lang":"he"}]}"#
        let config = try KioskConfig.decode(Array(good.utf8), file: "k.json").config
        #expect(config.accessibility.speech == SpeechConfig(startsOn: false, voice: "Alex", rate: -100))
        #expect(config.language(ofCard: 0) == "he" && config.accessibility.lang == "ar-EG")
        #expect(errors(#"{"lang":"english!","cards":[]}"#) == [#"k.json: lang: expected a language tag such as "en", "he" or "ar-EG" (letters, then subtags after hyphens), found "english!""#])
        #expect(errors(#"{"cards":[{"image":"a.jpg","lang":"e"}]}"#).first?.contains("cards[0].lang: expected a language tag") == true)
        #expect(errors(#"{"accessibility":{"rate":101},"cards":[]}"#) == ["k.json: accessibility.rate: expected a whole number from -100 to 100, found 101"])
        #expect(errors(#"{"accessibility":{"speak":"yes"},"cards":[]}"#) == ["k.json: accessibility.speak: expected true or false, found a string"])
        #expect(errors(#"{"accessibility":{"voice":""},"cards":[]}"#) == ["k.json: accessibility.voice: expected a non-empty string, found an empty string"])
        for tag in ["en", "he", "ar-EG", "zh-Hant-TW", "sr-Latn", "es-419"] { #expect(KioskSchema.isLanguageTag(tag), "\(tag)") }
        for tag in ["", "e", "en-", "-en", "en_US", "en-toolongsubtag", "1n", "עב"] { #expect(!KioskSchema.isLanguageTag(tag), "\(tag)") }
    }

    @Test func speakCommandsParseFromWordsAndJSON() throws {
        #expect(try ControlCommand(words: ["speak", "on"]) == .speak(.on))
        #expect(try ControlCommand(words: ["speak", "again"]) == .speak(.again))
        #expect(throws: ControlError("'speak' takes one word: on, off or again")) { try ControlCommand(words: ["speak"]) }
        #expect(try ControlCommand.parse(Array(#"{"cmd":"speak","action":"off"}"#.utf8)) == .speak(.off))
        #expect(ControlCommand.speak(.again).jsonLine == #"{"cmd":"speak","action":"again"}"#)
        #expect(throws: ControlError(#""speak" needs "action", "on", "off" or "again""#)) { try ControlCommand.parse(Array(#"{"cmd":"speak"}"#.utf8)) }
    }
}
