import Testing
@testable import VitrineCore

/// A card's `video` key, its poster and `"duration": "video"` (`CardConfig+Video.swift`).
@Suite struct CardVideoConfigTests {
    func cards(_ members: String) throws -> [CardConfig] {
        try KioskConfig.decode(Array(#"{"cards": [{\#(members)}]}"#.utf8), file: "/kiosk/config.json").config.cards
    }

    func errors(_ members: String) -> [String] {
        do {
            _ = try KioskConfig.decode(Array(#"{"cards": [{\#(members)}]}"#.utf8), file: "/kiosk/config.json")
            return []
        } catch {
            return error.diagnostics.map { "\($0.path): \($0.message)" }
        }
    }

    @Test func aVideoWithoutAnImageIsItsOwnPoster() throws {
        let card = try #require(try cards(#""title": "Lobby", "video": "lobby.mp4""#).first)
        #expect(card.video == CardVideo(path: "/kiosk/lobby.mp4", hasPoster: false, durationFromVideo: false))
        #expect(card.image == "/kiosk/lobby.mp4")
    }

    @Test func anImageBesideAVideoIsItsPoster() throws {
        let card = try #require(try cards(#""title": "Lobby", "video": "lobby.mp4", "image": "poster.jpg", "duration": "video""#).first)
        #expect(card.video == CardVideo(path: "/kiosk/lobby.mp4", hasPoster: true, durationFromVideo: true))
        #expect(card.image == "/kiosk/poster.jpg")
        #expect(card.schedule.duration == nil)
    }

    @Test func durationStaysSecondsForEveryCard() throws {
        #expect(try cards(#""title": "T", "image": "a.jpg", "duration": 12"#).first?.schedule.duration == 12)
        #expect(errors(#""title": "T", "image": "a.jpg", "duration": 0.1"#).count == 1)
    }

    @Test func badVideoKeysAreOneLineEach() {
        #expect(errors(#""title": "T", "video": 3"#) == [#"cards[0].video: expected a non-empty string, found a number"#])
        #expect(errors(#""title": "T", "video": """#) == [#"cards[0].video: expected a non-empty string, found an empty string"#])
        #expect(errors(#""title": "T""#) == [#"cards[0].image: missing required key "image" (expected a non-empty string, or a "video")"#])
        #expect(errors(#""title": "T", "image": "a.jpg", "duration": "video""#)
                == [#"cards[0].duration: "video" needs a "video" key on the card, or an animated GIF or APNG as its image: only these can last as long as they play"#])
        let awaiting = try? cards(#""title": "T", "image": "a.gif", "duration": "video""#).first?.video
        #expect(awaiting?.awaitsAnimation == true && awaiting?.animation == nil, "the loader finds whether a.gif moves")
        #expect(errors(#""title": "T", "video": "a.mp4", "duration": "long""#).count == 1)
    }

    @Test func videoNamesAreKnownByTheirExtension() {
        #expect(CardVideo.isVideoName("/a/lobby.MP4"))
        #expect(CardVideo.isVideoName("x.webm"))
        #expect(!CardVideo.isVideoName("/a.mp4/photo.jpg"))
        #expect(!CardVideo.isVideoName("mp4"))
    }
}
