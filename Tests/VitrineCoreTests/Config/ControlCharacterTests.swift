import Testing
@testable import VitrineCore

/// NUL and other control characters in titles, subtitles and image paths are refused with their field path.
@Suite struct ControlCharacterTests {
    @Test(arguments: [
        (#""\u0000""#, "U+0000"),
        (#""Ember\u0000Mesa""#, "U+0000"),
        (#""Ember\tMesa""#, "U+0009"),
        (#""Ember\nMesa""#, "U+000A"),
        (#""Ember\u007FMesa""#, "U+007F"),
        (#""Ember\u0085Mesa""#, "U+0085"),
    ])
    func aControlCharacterInATitleIsRefused(title: String, codePoint: String) {
        let error = configError(#"{"cards": [{"title": \#(title), "image": "a.jpg"}]}"#)
        #expect(error?.diagnostics.map(\.description)
                == ["/kiosk/config.json: cards[0].title: contains a control character (\(codePoint)); titles, subtitles and paths may not"])
    }

    @Test func aControlCharacterInASubtitleOrAnImagePathIsRefused() {
        let error = configError(#"{"cards": [{"title": "A", "subtitle": "B\u001bC", "image": "green.png\u0000.jpg"}]}"#)
        #expect(error?.diagnostics.map { "\($0.path): \($0.message)" } == [
            "cards[0].subtitle: contains a control character (U+001B); titles, subtitles and paths may not",
            "cards[0].image: contains a control character (U+0000); titles, subtitles and paths may not",
        ])
    }

    @Test func printableTextOutsideASCIIIsAccepted() throws {
        // U+00A0 (no-break space) and U+2028 (line separator) are not C0 or C1 controls; é's second byte is 0xA9.
        let (config, _) = try decodeConfig(#"{"cards": [{"title": "Caf\u00e9\u00a0Noir", "subtitle": "Z\u2028", "image": "café.jpg"}]}"#)
        #expect(config.cards.first?.title == "Café\u{A0}Noir")
    }
}
