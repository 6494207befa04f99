import Testing
@testable import VitrineCore

/// The first card's image found ahead of validation agrees with the validated config, or gives no guess.
@Suite struct KioskConfigPeekTests {
    static func peek(_ text: String, file: String = "/srv/kiosk/deck.json") -> String? {
        KioskConfig.peekFirstCardImage(Array(text.utf8), file: file)
    }

    @Test(arguments: [
        #"{"cards": [{"title": "A", "image": "a.jpg"}, {"title": "B", "image": "b.jpg"}]}"#,
        #"{"display": {"fit": "cover", "window": {"width": 800, "height": 600}}, "cards": [{"image": "pics/../a.jpg", "title": "A"}]}"#,
        #"{"wrap": false, "cards": [{"id": "x", "subtitle": "s", "title": "A", "image": "./a.jpg"}], "autoplay": {"interval": 5}}"#,
        #"{"cards": [{"title": "A \"quoted\"", "subtitle": "[not, an: array]", "image": "/abs/a.jpg"}]}"#,
        #"{"cards":[{"title":"Ä","image":"images/ä.jpg"}]}"#,
    ])
    func agreesWithTheValidatedConfig(text: String) throws {
        let file = "/srv/kiosk/deck.json"
        let (config, _) = try KioskConfig.decode(Array(text.utf8), file: file)
        #expect(Self.peek(text, file: file) == config.cards[0].image)
    }

    @Test func resolvesAgainstTheConfigFolder() {
        #expect(Self.peek(#"{"cards": [{"title": "A", "image": "a.jpg"}]}"#, file: "decks/one.json") == "decks/a.jpg")
        #expect(Self.peek(#"{"cards": [{"title": "A", "image": "a.jpg"}]}"#, file: "one.json") == "a.jpg")
    }

    @Test(arguments: [
        #"{"cards": []}"#,                                               // No card.
        #"{"cards": [{"title": "A"}, {"title": "B", "image": "b.jpg"}]}"#, // The first card has no image.
        #"{"display": {"cards": [{"image": "x.jpg"}]}, "wrap": true}"#,   // A "cards" key, not at the root.
        #"{"cards": [{"title": "A", "image": "a\u0020b.jpg"}]}"#,         // Escapes: no guess.
        #"{"cards": [{"title": "A", "image": 42}]}"#,                     // Not a string.
        #"{"cards": [{"title": "A", "image": "a.jpg"#,                    // Cut off.
        #"{"cards": {"image": "a.jpg"}}"#,                                // Not an array.
        "{\"cards\": [{\"title\": \"A\", \"image\": \"green.png\u{0}.jpg\"}]}",       // A raw NUL: not green.png.
        "{\"cards\": [{\"title\": \"A\", \"image\": \"a\njpg\"}]}",                // A raw line break.
        "",
    ])
    func givesNoGuess(text: String) {
        #expect(Self.peek(text) == nil)
    }
}
