import Testing
@testable import VitrineCore

/// The deck's and a card's `motion` and a card's `focus` (`CardConfig+Motion.swift`): what they accept, one clear
/// line for what they do not, and the same keys in a folder deck's sidecar.
@Suite struct CardMotionConfigTests {
    func errors(_ json: String) -> [String] {
        do {
            _ = try KioskConfig.decode(Array(json.utf8), file: "/kiosk/config.json")
            return []
        } catch {
            return error.diagnostics.map { "\($0.path): \($0.message)" }
        }
    }

    func card(_ members: String) throws -> CardConfig? {
        try KioskConfig.decode(Array(#"{"cards": [{"image": "a.jpg", \#(members)}]}"#.utf8), file: "/kiosk/config.json").config.cards.first
    }

    @Test func aCardSaysKenBurnsOrStillWithAFocus() throws {
        let moving = try #require(try card(#""motion": "kenburns", "focus": [0.25, 1]"#))
        #expect(moving.motionSettings == CardMotionSettings(motion: .kenburns, focus: Point(x: 0.25, y: 1)))
        let still = try #require(try card(#""motion": "still""#))
        #expect(still.motionSettings.motion == .still)
        let plain = try #require(try card(#""title": "A""#))
        #expect(plain.motionSettings == CardMotionSettings())
        #expect(plain.extras == nil, "a card without the keys keeps no box")
    }

    @Test func theDeckMotionKeepsItsAccessibilityMeaning() throws {
        for (text, motion, kenBurns) in [("full", Motion.full, false), ("reduced", .reduced, false), ("kenburns", .full, true)] {
            let config = try KioskConfig.decode(Array(#"{"motion": "\#(text)", "cards": []}"#.utf8), file: "/k.json").config
            #expect(config.motion == motion && config.accessibility.kenBurns == kenBurns, "\(text)")
        }
        #expect(errors(#"{"motion": "zoom", "cards": []}"#)
                == [#"motion: expected "full", "reduced" or "kenburns", found "zoom""#])
        #expect(errors(#"{"cards": [{"image": "a.jpg", "motion": "reduced"}]}"#)
                == [#"cards[0].motion: expected "kenburns" or "still", found "reduced""#])
    }

    @Test func aBadFocusIsOneLineNamingItsPath() {
        let expected = "expected [x, y] with x and y numbers from 0 (left, top) to 1 (right, bottom)"
        let cases = [
            (#"[1.5, 0.2]"#, "found [1.5, 0.2]"),
            (#"[0.5]"#, "found an array of 1 element"),
            (#"[0.5, "top"]"#, "found an array of 2 elements that are not all numbers"),
            (#"[0.1, 0.2, 0.3]"#, "found an array of 3 elements"),
            (#""middle""#, "found a string"),
            (#"[-0.1, 0]"#, "found [-0.1, 0]"),
        ]
        for (value, found) in cases {
            let lines = errors(#"{"cards": [{"image": "a.jpg"}, {"image": "b.jpg", "focus": \#(value)}]}"#)
            #expect(lines == ["cards[1].focus: \(expected), \(found)"], "\(value)")
        }
    }

    @Test func aCardsKnownKeysIncludeMotionAndFocus() throws {
        let result = try KioskConfig.decode(Array(#"{"cards": [{"image": "a.jpg", "zzzzzzzz": 1}]}"#.utf8), file: "/k.json")
        let message = try #require(result.warnings.first?.message)
        #expect(message == #"unknown key "zzzzzzzz" (ignored); known keys are "id", "title", "subtitle", "image", "video", "duration", "#
                + #""from", "until", "hours", "detail", "direction", "lang", "motion" and "focus""#)
    }

    @Test func aSidecarGivesMotionAndFocus() {
        let (cards, problems) = FolderDeckTests.deck([
            FolderDeckTests.image("a.jpg"),
            FolderDeckTests.sidecar("a.json", #"{"title": "A", "motion": "kenburns", "focus": [1, 0]}"#),
            FolderDeckTests.image("b.jpg"),
            FolderDeckTests.sidecar("b.json", #"{"title": "B", "focus": [2, 0]}"#),
        ])
        #expect(cards.first?.motionSettings == CardMotionSettings(motion: .kenburns, focus: Point(x: 1, y: 0)))
        #expect(cards.count == 2 && cards[1].motionSettings == CardMotionSettings())
        #expect(problems.count == 1 && problems[0].contains("b.json") && problems[0].contains("focus") && problems[0].contains("found [2, 0]"),
                "\(problems)")
        let unknown = FolderDeckTests.deck([FolderDeckTests.image("c.jpg"), FolderDeckTests.sidecar("c.json", #"{"zzzzzzzz": 1}"#)]).problems
        #expect(unknown.count == 1 && unknown[0].hasSuffix(#"known keys are "title", "subtitle", "id", "duration", "from", "until", "#
                                                        + #""hours", "detail", "motion", "focus", "direction" and "lang""#), "\(unknown)")
    }
}
