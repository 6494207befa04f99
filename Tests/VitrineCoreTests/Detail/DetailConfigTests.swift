import Testing
@testable import VitrineCore

/// A card's `detail` key: its text and link, in a config's card and in a folder deck's sidecar, and the one-line
/// messages `check` gives for a bad one.
@Suite struct DetailConfigTests {
    @Test func aCardTakesItsDetailAndOneWithoutHasNone() throws {
        let (config, warnings) = try decodeConfig(#"""
        {"cards": [
          {"title": "A", "image": "a.png", "detail": {"text": "Built in 1889.\nOpen daily.", "link": "https://example.org/a?x=1"}},
          {"title": "B", "image": "b.png", "detail": {"link": "http://example.org/"}},
          {"title": "C", "image": "c.png"}
        ]}
        """#)
        #expect(warnings.isEmpty)
        #expect(config.cards[0].detail == CardDetail(text: "Built in 1889.\nOpen daily.", link: "https://example.org/a?x=1"))
        #expect(config.cards[1].detail == CardDetail(text: "", link: "http://example.org/"))
        #expect(config.cards[2].detail == nil)
        // Two cards that differ only in their detail are different cards (a reload that edits it is a change).
        var edited = config.cards[0]
        edited.detail = CardDetail(text: "Other")
        #expect(edited != config.cards[0])
    }

    @Test(arguments: [
        (#"3"#, #"cards[0].detail: expected an object, found a number"#),
        (#"{}"#, #"cards[0].detail: expected "text", "link" or both, found an empty object"#),
        (#"{"text": 3}"#, #"cards[0].detail.text: expected a non-empty string, found a number"#),
        (#"{"text": ""}"#, #"cards[0].detail.text: expected a non-empty string, found an empty string"#),
        (#"{"text": "a\tb"}"#, #"cards[0].detail.text: contains a control character (U+0009); a detail's text may hold line feeds, no other"#),
        (#"{"link": "ftp://example.org/"}"#, #"cards[0].detail.link: expected a link starting with "https://" or "http://" and a host, found "ftp://example.org/""#),
        (#"{"link": "https://"}"#, #"cards[0].detail.link: expected a link starting with "https://" or "http://" and a host, found "https://""#),
        (#"{"link": "example.org"}"#, #"cards[0].detail.link: expected a link starting with "https://" or "http://" and a host, found "example.org""#),
        (#"{"link": "https://example.org/a b"}"#, #"cards[0].detail.link: contains a space; write it as %20 or leave it out"#),
        (#"{"link": true}"#, #"cards[0].detail.link: expected a non-empty string, found a boolean"#),
    ])
    func aBadDetailIsOneLineNamingTheKey(detail: String, message: String) throws {
        let error = try #require(configError(#"{"cards": [{"title": "A", "image": "a.png", "detail": \#(detail)}]}"#))
        #expect(error.diagnostics.map(\.description) == ["/kiosk/config.json: " + message])
    }

    @Test func textAndLinkAreHeldToTheirLimits() throws {
        let longest = String(repeating: "é", count: Limits.detailTextScalars)
        let link = "https://example.org/" + String(repeating: "a", count: Limits.detailLinkBytes - 20)
        let ok = try decodeConfig(#"{"cards": [{"title": "A", "image": "a.png", "detail": {"text": "\#(longest)", "link": "\#(link)"}}]}"#)
        #expect(ok.config.cards[0].detail?.text.unicodeScalars.count == Limits.detailTextScalars)
        #expect(ok.config.cards[0].detail?.link?.utf8.count == Limits.detailLinkBytes)
        let error = try #require(configError(#"{"cards": [{"title": "A", "image": "a.png", "detail": {"text": "\#(longest)e", "link": "\#(link)a"}}]}"#))
        #expect(error.diagnostics.map(\.description) == [
            "/kiosk/config.json: cards[0].detail.text: 2001 characters is over the limit of 2000",
            "/kiosk/config.json: cards[0].detail.link: 501 bytes is over the limit of 500 for a link (a QR code that large is hard to scan)",
        ])
    }

    @Test func anUnknownDetailKeyIsAWarningWithASuggestion() throws {
        let (config, warnings) = try decodeConfig(#"{"cards": [{"title": "A", "image": "a.png", "detail": {"text": "T", "lnk": "x"}}]}"#)
        #expect(config.cards[0].detail == CardDetail(text: "T"))
        #expect(warnings.map(\.description) == [#"/kiosk/config.json: cards[0].detail.lnk: unknown key "lnk" (ignored); did you mean "link"?"#])
    }

    @Test func aSidecarGivesItsCardADetailCheckedAsAConfigCardsIs() {
        let (cards, problems) = FolderDeckTests.deck([
            FolderDeckTests.image("tower.jpg"),
            FolderDeckTests.sidecar("tower.json", #"{"title": "Tower", "detail": {"text": "324 m", "link": "https://example.org/tower"}}"#),
            FolderDeckTests.image("zoo.jpg"),
            FolderDeckTests.sidecar("zoo.json", #"{"detail": {"link": "mailto:a@example.org"}}"#),
        ])
        #expect(cards.first?.detail == CardDetail(text: "324 m", link: "https://example.org/tower"))
        #expect(cards.last?.detail == nil && cards.last?.title == "zoo")
        #expect(problems == [#"/srv/photos/zoo.json: detail.link: expected a link starting with "https://" or "http://" and a host, found "mailto:a@example.org"; the card uses its fallback title"#])
    }
}
