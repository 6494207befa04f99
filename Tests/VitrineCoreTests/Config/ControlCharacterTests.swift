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
                == ["/kiosk/config.json: cards[0].title: contains a control character (\(codePoint)); titles, subtitles, paths and hours may not"])
    }

    @Test func aControlCharacterInASubtitleOrAnImagePathIsRefused() {
        let error = configError(#"{"cards": [{"title": "A", "subtitle": "B\u001bC", "image": "green.png\u0000.jpg"}]}"#)
        #expect(error?.diagnostics.map { "\($0.path): \($0.message)" } == [
            "cards[0].subtitle: contains a control character (U+001B); titles, subtitles, paths and hours may not",
            "cards[0].image: contains a control character (U+0000); titles, subtitles, paths and hours may not",
        ])
    }

    /// `display.awake` is refused as `cards[].hours` is, where it quoted ESC, C0, DEL and C1 characters raw.
    @Test(arguments: [
        (#""mon\u001b[2J 09:00-10:00""#, "display.awake", "U+001B"),
        (#""mon 09:00-10:00\u0000""#, "display.awake", "U+0000"),
        (#"["mon 09:00-10:00", "tue\u007F 09:00-10:00"]"#, "display.awake[1]", "U+007F"),
        (#"["\u009b2J mon 09:00-10:00"]"#, "display.awake[0]", "U+009B"),
    ])
    func aControlCharacterInAwakeHoursIsRefusedAsInACardsHours(awake: String, path: String, codePoint: String) {
        let awakeError = configError(#"{"cards": [], "display": {"awake": \#(awake)}}"#)
        #expect(awakeError?.diagnostics.map { "\($0.path): \($0.message)" }
                == ["\(path): contains a control character (\(codePoint)); titles, subtitles, paths and hours may not"])
        let hoursError = configError(#"{"cards": [{"title": "A", "image": "a.jpg", "hours": \#(awake)}]}"#)
        #expect(hoursError?.diagnostics.map(\.message) == awakeError?.diagnostics.map(\.message))
    }

    @Test func printableTextOutsideASCIIIsAccepted() throws {
        // U+00A0 (no-break space) and U+2028 (line separator) are not C0 or C1 controls; é's second byte is 0xA9.
        let (config, _) = try decodeConfig(#"{"cards": [{"title": "Caf\u00e9\u00a0Noir", "subtitle": "Z\u2028", "image": "café.jpg"}]}"#)
        #expect(config.cards.first?.title == "Café\u{A0}Noir")
    }
}
