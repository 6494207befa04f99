import Testing
@testable import VitrineCore

@Suite struct KioskConfigErrorTests {
    /// The single error `text` fails with, as `path: message`.
    func onlyError(_ text: String) -> String? {
        guard let error = configError(text) else { return nil }
        #expect(error.kind == .invalid)
        #expect(error.exitCode == 65)
        #expect(error.diagnostics.count == 1, "\(error.diagnostics)")
        return error.diagnostics.first.map { "\($0.path): \($0.message)" }
    }

    /// A document with one card whose members are `members`.
    func card(_ members: String) -> String { #"{"cards": [{\#(members)}]}"# }

    @Test func syntaxErrorIsInvalidWithLineAndColumnAsPath() {
        let error = configError("{\n  \"cards\": [\n    {\"title\": \"x\" \"image\": \"y\"}\n  ]\n}")
        #expect(error?.kind == .invalid)
        #expect(error?.description
                == "/kiosk/config.json: line 3, column 19: expected ',' or '}' after an object member, found '\"'")
    }

    @Test func rootMustBeAnObject() {
        #expect(onlyError("[]") == "(root): expected an object, found an array")
        #expect(onlyError("\"cards\"") == "(root): expected an object, found a string")
    }

    @Test func cardsAreRequired() {
        #expect(onlyError(#"{"wrap": true}"#) == #"cards: missing required key "cards" (expected an array of cards)"#)
    }

    @Test func cardsMustBeAnArray() {
        #expect(onlyError(#"{"cards": {"title": "x"}}"#) == "cards: expected an array of cards, found an object")
        #expect(onlyError(#"{"cards": null}"#) == "cards: expected an array of cards, found null")
    }

    @Test func cardMustBeAnObject() {
        #expect(onlyError(#"{"cards": [{"title": "a", "image": "a"}, "b"]}"#) == "cards[1]: expected an object, found a string")
    }

    @Test func titleIsOptionalAndMayBeEmpty() throws {
        // A picture alone (photo-frame mode): no title, or an empty one, is a card without text.
        for members in [#""image": "a.jpg""#, #""title": "", "image": "a.jpg""#] {
            let (config, warnings) = try decodeConfig(card(members))
            #expect(config.cards.map(\.title) == [""])
            #expect(warnings.isEmpty)
        }
    }

    @Test func titleMustBeAString() {
        #expect(onlyError(card(#""title": 42, "image": "a.jpg""#)) == "cards[0].title: expected a string, found a number")
    }

    @Test func imageIsRequired() {
        #expect(onlyError(card(#""title": "T""#)) == #"cards[0].image: missing required key "image" (expected a non-empty string)"#)
    }

    @Test func subtitleAndIdMustBeStrings() {
        #expect(onlyError(card(#""title": "T", "image": "a", "subtitle": ["x"]"#)) == "cards[0].subtitle: expected a string, found an array")
        #expect(onlyError(card(#""id": 7, "title": "T", "image": "a""#)) == "cards[0].id: expected a string, found a number")
    }

    @Test(arguments: [
        ("0", "found 0"), ("-5", "found -5"), ("12.5", "found 12.5"), ("16385", "found 16385"),
        ("\"1200\"", "found a string"), ("null", "found null"),
    ])
    func windowWidthMustBeAWholeNumberInRange(value: String, found: String) {
        let text = #"{"cards": [], "display": {"window": {"width": \#(value), "height": 800}}}"#
        #expect(onlyError(text) == "display.window.width: expected a whole number from 1 to 8192, \(found)")
    }

    @Test func windowEdgesOfTheRangeAreAccepted() throws {
        let (config, _) = try decodeConfig(#"{"cards": [], "display": {"window": {"width": 1, "height": 8192.0}}}"#)
        #expect(config.display.window == PixelSize(width: 1, height: 8192))
    }

    @Test func windowNeedsBothDimensions() {
        #expect(onlyError(#"{"cards": [], "display": {"window": {"width": 640}}}"#)
                == #"display.window.height: missing required key "height" (expected a whole number from 1 to 8192)"#)
        #expect(onlyError(#"{"cards": [], "display": {"window": "1200x800"}}"#) == "display.window: expected an object, found a string")
    }

    @Test func fitMustBeAKnownMode() {
        #expect(onlyError(#"{"cards": [], "display": {"fit": "stretch"}}"#) == #"display.fit: expected "contain" or "cover", found "stretch""#)
        #expect(onlyError(#"{"cards": [], "display": {"fit": 1}}"#) == #"display.fit: expected "contain" or "cover", found a number"#)
    }

    @Test(arguments: ["red", "#12345", "#1234567", "#GGHHII", "1c1c1e", ""])
    func backgroundMustBeAHexColor(value: String) {
        #expect(onlyError(##"{"cards": [], "display": {"background": "\##(value)"}}"##)
                == ##"display.background: expected a color as "#RRGGBB" or "#RGB", found "\##(value)""##)
    }

    @Test func backgroundMustBeAString() {
        #expect(onlyError(#"{"cards": [], "display": {"background": 0}}"#)
                == ##"display.background: expected a color as "#RRGGBB" or "#RGB", found a number"##)
    }

    @Test func displayAndBooleansHaveTypes() {
        #expect(onlyError(#"{"cards": [], "display": []}"#) == "display: expected an object, found an array")
        #expect(onlyError(#"{"cards": [], "wrap": "yes"}"#) == "wrap: expected true or false, found a string")
        #expect(onlyError(#"{"cards": [], "display": {"fullscreen": 1}}"#) == "display.fullscreen: expected true or false, found a number")
    }

    @Test func everyErrorIsCollectedInDocumentOrder() {
        let text = """
        {
          "display": { "window": {"width": 0, "height": 1.5}, "fit": "fill" },
          "cards": [
            {"title": "A", "image": "a.jpg"},
            {"title": "", "image": "b.jpg"},
            "not a card",
            {"title": "D", "subtite": "typo"},
            {"titel": "E", "image": 5}
          ],
          "wrap": null
        }
        """
        guard let error = configError(text) else { Issue.record("expected an error"); return }
        #expect(error.kind == .invalid)
        #expect(error.diagnostics.map { "\($0.path): \($0.message)" } == [
            "display.window.width: expected a whole number from 1 to 8192, found 0",
            "display.window.height: expected a whole number from 1 to 8192, found 1.5",
            #"display.fit: expected "contain" or "cover", found "fill""#,
            "cards[2]: expected an object, found a string",
            #"cards[3].image: missing required key "image" (expected a non-empty string)"#,
            "cards[4].image: expected a non-empty string, found a number",
            "wrap: expected true or false, found null",
        ])
        #expect(error.warnings.map(\.description) == [
            #"/kiosk/config.json: cards[3].subtite: unknown key "subtite" (ignored); did you mean "subtitle"?"#,
            #"/kiosk/config.json: cards[4].titel: unknown key "titel" (ignored); did you mean "title"?"#,
        ])
        #expect(error.description.split(separator: "\n").count == 7)
        #expect(error.description.hasPrefix("/kiosk/config.json: display.window.width: "))
    }
}
