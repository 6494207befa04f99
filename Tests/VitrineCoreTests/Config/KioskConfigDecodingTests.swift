import Testing
@testable import VitrineCore

/// Decodes `text` as the config file `file`, failing the test on error.
func decodeConfig(_ text: String, file: String = "/kiosk/config.json") throws -> (config: KioskConfig, warnings: [ConfigDiagnostic]) {
    try KioskConfig.decode(Array(text.utf8), file: file)
}

/// The error decoding `text` fails with, or nil when it decodes.
func configError(_ text: String, file: String = "/kiosk/config.json") -> ConfigError? {
    do {
        _ = try KioskConfig.decode(Array(text.utf8), file: file)
        return nil
    } catch {
        return error
    }
}

@Suite struct KioskConfigDecodingTests {
    @Test func fullDocumentDecodes() throws {
        let text = """
        { "wrap": false,
          "display": { "window": {"width": 1920, "height": 1280}, "fit": "cover", "background": "#1C1c1e", "fullscreen": true },
          "cards": [
            {"id": "tr", "title": "Turtle Rock", "subtitle": "Joshua Tree National Park", "image": "images/turtlerock.jpg"},
            {"title": "Silver Salmon Creek", "image": "/srv/images/salmon.jpg"}
          ] }
        """
        let (config, warnings) = try decodeConfig(text)
        #expect(warnings.isEmpty)
        #expect(config == KioskConfig(
            cards: [
                CardConfig(id: "tr", title: "Turtle Rock", subtitle: "Joshua Tree National Park", image: "/kiosk/images/turtlerock.jpg"),
                CardConfig(id: nil, title: "Silver Salmon Creek", subtitle: "", image: "/srv/images/salmon.jpg"),
            ],
            display: DisplayConfig(window: PixelSize(width: 1920, height: 1280), fit: .cover,
                                   background: Color(red: 0x1C, green: 0x1C, blue: 0x1E), fullscreen: true),
            wrap: false,
            file: "/kiosk/config.json"))
    }

    @Test func defaultsApplyWhenKeysAreLeftOut() throws {
        let (config, warnings) = try decodeConfig(#"{"cards": []}"#)
        #expect(warnings.isEmpty)
        #expect(config.cards.isEmpty)
        #expect(config.wrap == true)
        #expect(config.display == DisplayConfig(window: PixelSize(width: 1200, height: 800), fit: .contain,
                                                background: Color(red: 0, green: 0, blue: 0), fullscreen: false))
        let (withEmptyDisplay, _) = try decodeConfig(#"{"cards": [], "display": {}}"#)
        #expect(withEmptyDisplay.display == DisplayConfig())
        #expect(try decodeConfig(#"{"cards": [{"title": "T", "image": "a.jpg"}]}"#).config.cards[0].subtitle == "")
    }

    @Test func shortHexBackgroundExpandsEachDigit() throws {
        let (config, _) = try decodeConfig(##"{"cards": [], "display": {"background": "#f0A"}}"##)
        #expect(config.display.background == Color(red: 0xFF, green: 0x00, blue: 0xAA))
    }

    @Test(arguments: [
        ("images/a.jpg", "/kiosk/config.json", "/kiosk/images/a.jpg"),
        ("./images/./a.jpg", "/kiosk/config.json", "/kiosk/images/a.jpg"),
        ("/abs/a.jpg", "/kiosk/config.json", "/abs/a.jpg"),
        ("/abs/./b//a.jpg", "/kiosk/config.json", "/abs/b/a.jpg"),
        ("a.jpg", "config.json", "a.jpg"),
        ("images/a.jpg", "Config/kiosk.json", "Config/images/a.jpg"),
        ("images/a.jpg", "./kiosk.json", "images/a.jpg"),
        ("../shared/a.jpg", "Config/kiosk.json", "Config/../shared/a.jpg"),
        ("a.jpg", "/kiosk.json", "/a.jpg"),
        ("images//a.jpg", "/kiosk/config.json", "/kiosk/images/a.jpg"),
        ("a.jpg", "/kiosk/./sub//config.json", "/kiosk/sub/a.jpg"),
        (".hidden/a.jpg", "/kiosk/config.json", "/kiosk/.hidden/a.jpg"),
        ("a.jpg", "../config.json", "../a.jpg"),
    ])
    func relativeImagePathsResolveAgainstTheConfigFolder(image: String, file: String, expected: String) throws {
        let (config, _) = try decodeConfig(#"{"cards": [{"title": "T", "image": "\#(image)"}]}"#, file: file)
        #expect(config.cards[0].image == expected)
        #expect(config.file == file)
    }

    @Test func unknownKeyWarnsWithSuggestion() throws {
        let text = #"{"cards": [{"title": "A", "image": "a"}, {"title": "B", "image": "b"}, {"title": "C", "subtite": "x", "image": "c"}]}"#
        let (config, warnings) = try decodeConfig(text)
        #expect(config.cards.count == 3)
        #expect(config.cards[2].subtitle == "")
        #expect(warnings.map(\.description) == [
            #"/kiosk/config.json: cards[2].subtite: unknown key "subtite" (ignored); did you mean "subtitle"?"#,
        ])
    }

    @Test func unknownKeyFarFromEveryKnownKeyListsThem() throws {
        let (_, warnings) = try decodeConfig(#"{"cards": [], "display": {"brightness": 3}, "theme": "dark"}"#)
        #expect(warnings.map(\.path) == ["display.brightness", "theme"])
        #expect(warnings[0].message == #"unknown key "brightness" (ignored); known keys are "window", "fit", "background", "fullscreen", "renderer", "mode", "index", "exitChord", "rotation", "exifOrientation", "hardwareDecoding", "awake", "wakeFor", "scale", "onSleep", "onWake", "hookTimeout" and "touchMatrix""#)
        #expect(warnings[1].message == #"unknown key "theme" (ignored); known keys are "cards", "display", "wrap", "autoplay", "transition", "control", "text", "contrast", "style", "overlay", "mqtt", "sync", "motion", "direction", "accessibility" and "lang""#)
    }

    @Test func suggestionsAreCaseAndTypoTolerantButNotForUnrelatedShortKeys() {
        #expect(ConfigValidator.closestKey(to: "Title", in: ["title", "image"]) == "title")
        #expect(ConfigValidator.closestKey(to: "imgae", in: ["title", "image"]) == "image")
        #expect(ConfigValidator.closestKey(to: "xy", in: ["id", "title"]) == nil)
        #expect(ConfigValidator.editDistance("kitten", "sitting") == 3)
    }

    @Test func aDuplicateKeyIsAnErrorAtItsPath() {
        // Readers that take the first and readers that take the last would disagree: neither is taken.
        let error = configError(#"{"cards": [{"title": "A", "image": "a.jpg", "image": "b.jpg"}], "wrap": true, "wrap": false}"#)
        #expect(error?.diagnostics.map(\.description) == [
            #"/kiosk/config.json: cards[0].image: duplicate key "image": each key may appear once"#,
            #"/kiosk/config.json: wrap: duplicate key "wrap": each key may appear once"#,
        ])
    }

    @Test func pathsRenderIndicesAndNestedKeys() {
        #expect(ConfigPath.root.description == "(root)")
        #expect(ConfigPath.root.appending(key: "cards").appending(index: 3).appending(key: "image").description == "cards[3].image")
        #expect(ConfigPath.root.appending(key: "display").appending(key: "window").appending(key: "width").description
                == "display.window.width")
        #expect(ConfigPath.root.appending(index: 0).appending(index: 1).description == "[0][1]")
    }

    @Test func oddKeysAreQuotedInPaths() throws {
        let (_, warnings) = try decodeConfig(#"{"cards": [], "my key": 1}"#)
        #expect(warnings.first?.path == #"["my key"]"#)
    }

    @Test func keysAndValuesAreComparedAfterTheirEscapesAreDecoded() throws {
        let text = #"{"c\u0061rds": [{"t\u0069tle": "Caf\u00e9 \"Noir\"", "image": "images\/caf\u00e9.jpg"}], "w\u0072ap": false}"#
        let (config, warnings) = try decodeConfig(text)
        #expect(warnings.isEmpty)
        #expect(config.cards == [CardConfig(title: "Café \"Noir\"", image: "/kiosk/images/café.jpg")])
        #expect(config.wrap == false)
    }

    @Test func keysWithOtherCharactersAreComparedAsStrings() throws {
        // A "p" with a combining acute accent is another character: the key is unknown, and named by its own text.
        let (_, warnings) = try decodeConfig(#"{"cards": [], "wrap\u0301": true, "wräp": false}"#)
        #expect(warnings.map(\.path) == ["[\"wrap\u{301}\"]", "[\"wräp\"]"])
        #expect(warnings.first?.message == #"unknown key "wrap\#u{301}" (ignored); did you mean "wrap"?"#)
    }

    @Test func aSecondCardsArrayIsAnError() {
        let error = configError(#"{"cards": [{"title": "A", "image": "a.jpg"}], "cards": [{"title": "B", "image": "/b.jpg"}]}"#)
        #expect(error?.diagnostics.map(\.message) == [#"duplicate key "cards": each key may appear once"#])
    }

    @Test func homeCountsEveryCardObjectEvenAnInvalidOne() {
        let error = configError(#"{"cards": [{"title": "A", "image": "a"}, {"image": "b"}, 7], "autoplay": {"home": 2}}"#)
        #expect(error?.diagnostics.map { "\($0.path): \($0.message)" } == [
            "cards[2]: expected an object, found a number",
            "autoplay.home: card 2 does not exist: the deck has 2 cards, numbered 0 to 1",
        ])
    }

    @Test func tenThousandCardsDecode() throws {
        var text = #"{"display": {"fit": "cover"}, "cards": ["#
        for index in 0..<10_000 {
            if index > 0 { text += ",\n" }
            text += #"{"id": "card-\#(index)", "title": "Card \#(index) \u00e9", "subtitle": "Subtitle \#(index)", "image": "images/\#(index).jpg"}"#
        }
        text += "]}"
        let (config, warnings) = try decodeConfig(text)
        #expect(warnings.isEmpty)
        #expect(config.cards.count == 10_000)
        #expect(config.cards[9_999] == CardConfig(id: "card-9999", title: "Card 9999 é", subtitle: "Subtitle 9999",
                                                  image: "/kiosk/images/9999.jpg"))
        #expect(config.display.fit == .cover)
    }
}
