import Foundation
import Testing
import VitrineTestSupport

/// `vitrine replay` as a process: the kiosk runtime on a manual clock, attract mode and reloads included.
@Suite struct ReplayCommandTests {
    /// A config in `folder` of the cards `c0`, `c1`, … in the order `order` (demo images), with `extra` JSON members.
    func config(_ folder: TemporaryFolder, name: String, order: [Int], extra: String = "") throws -> String {
        let images = ["ember-mesa", "alpine-lake", "misty-hills", "canyon", "starry-lake"]
        let cards = order.map { #"{"id":"c\#($0)","title":"Card \#($0)","image":"\#(Checkout.demoImage(images[$0]))"}"# }
        return try folder.write(name, #"{"cards":[\#(cards.joined(separator: ","))]\#(extra)}"#)
    }

    @Test func anAutoplayDeckAdvancesOnItsOwnInAReplay() throws {
        try withTemporaryFolder { folder in
            let deck = try config(folder, name: "deck.json", order: [0, 1, 2], extra: #", "autoplay": {"interval": 5, "resumeAfterIdle": 10}"#)
            let script = folder.file("script.jsonl")
            try #"{"at":17,"wait":true}"#.write(toFile: script, atomically: true, encoding: .utf8)
            let run = { try VitrineProcess.run(["replay", "--config", deck, "--script", script, "--size", "300x200", "--events", "-"],
                                               timeout: .seconds(30)) }
            let first = try run()
            #expect(first.code == 0, "\(first.err)")
            let pages = first.out.split(separator: "\n").filter { $0.contains("pageChanged") }
            #expect(pages == [#"{"t":0.000,"event":"pageChanged","page":0,"from":null,"reason":"start"}"#, #"{"t":5.325,"event":"pageChanged","page":1}"#, #"{"t":10.325,"event":"pageChanged","page":2}"#,
                              #"{"t":15.325,"event":"pageChanged","page":0}"#], "\(first.out)")
            #expect(try run().out == first.out, "the same script gives the same log")
        }
    }

    @Test func aSpeakingDeckLogsEachCardsWordsAfterItsPageChangedAndTheSKeyAndCtlSpeakToggleThem() throws {
        try withTemporaryFolder { folder in
            let deck = try config(folder, name: "deck.json", order: [0, 1, 2],
                                  extra: #", "autoplay": {"interval": 5}, "accessibility": {"speak": true}, "lang": "de""#)
            let script = folder.file("script.jsonl")
            try """
                {"at":6,"key":"s"}
                {"at":8,"control":{"cmd":"speak","action":"on"}}
                {"at":11,"wait":true}
                """.write(toFile: script, atomically: true, encoding: .utf8)
            let result = try VitrineProcess.run(["replay", "--config", deck, "--script", script, "--size", "300x200", "--events", "-"],
                                                timeout: .seconds(30))
            #expect(result.code == 0, "\(result.err)")
            let lines = result.out.split(separator: "\n").filter { $0.contains("pageChanged") || $0.contains("spoken") || $0.contains(#""speech""#) }
            #expect(lines == [#"{"t":0.000,"event":"pageChanged","page":0,"from":null,"reason":"start"}"#,
                              #"{"t":0.000,"event":"spoken","page":0,"text":"Card 0","lang":"de"}"#,
                              #"{"t":5.325,"event":"pageChanged","page":1}"#,
                              #"{"t":5.325,"event":"spoken","page":1,"text":"Card 1","lang":"de"}"#,
                              #"{"t":6.000,"event":"speech","on":false,"reason":"key"}"#,
                              #"{"t":8.000,"event":"speech","on":true,"reason":"control"}"#,
                              #"{"t":8.000,"event":"spoken","page":1,"text":"Card 1","lang":"de"}"#,
                              #"{"t":10.325,"event":"pageChanged","page":2}"#,
                              #"{"t":10.325,"event":"spoken","page":2,"text":"Card 2","lang":"de"}"#], "\(result.out)")
        }
    }

    @Test func aReloadLineSwapsTheDeckAndKeepsTheCard() throws {
        try withTemporaryFolder { folder in
            let deck = try config(folder, name: "deck.json", order: [0, 1, 2])
            // The same cards in another order: card c2, on screen, moves from index 2 to index 0.
            let other = try config(folder, name: "other.json", order: [2, 0, 1])
            let script = folder.file("script.jsonl")
            try """
                {"at":0.5,"key":"end"}
                {"at":2,"reload":"\(other)"}
                """.write(toFile: script, atomically: true, encoding: .utf8)
            let result = try VitrineProcess.run(["replay", "--config", deck, "--script", script, "--size", "300x200", "--events", "-"],
                                                timeout: .seconds(30))
            #expect(result.code == 0, "\(result.err)")
            let lines = result.out.split(separator: "\n").map(String.init)
            #expect(lines.suffix(2) == [#"{"t":2.000,"event":"pageChanged","page":0,"from":2,"reason":"reload"}"#,
                                        #"{"t":2.000,"event":"deckReloaded","cards":3}"#], "\(result.out)")
        }
    }

    @Test func aReloadOfABadConfigKeepsTheDeckAndSaysWhy() throws {
        try withTemporaryFolder { folder in
            let deck = try config(folder, name: "deck.json", order: [0, 1])
            let bad = folder.file("bad.json")
            try #"{"cards": 3}"#.write(toFile: bad, atomically: true, encoding: .utf8)
            let script = folder.file("script.jsonl")
            try #"{"at":1,"reload":"\#(bad)"}"#.write(toFile: script, atomically: true, encoding: .utf8)
            let result = try VitrineProcess.run(["replay", "--config", deck, "--script", script, "--size", "300x200", "--events", "-"],
                                                timeout: .seconds(30))
            #expect(result.code == 0, "\(result.err)")
            #expect(!result.out.contains("deckReloaded"))
            #expect(result.err.contains("config reload failed, keeping the last good deck: \(bad): cards"), "\(result.err)")
        }
    }
}

/// The start card in a replay's log.
@Suite struct ReplayStartTests {
    @Test func aShuffledDeckLogsItsStartCardFirst() throws {
        try withTemporaryFolder { folder in
            let deck = try ReplayCommandTests().config(folder, name: "deck.json", order: [0, 1, 2, 3, 4],
                                                       extra: #", "autoplay": {"interval": 5, "shuffle": 3}"#)
            let script = folder.file("script.jsonl")
            try #"{"at":1,"wait":true}"#.write(toFile: script, atomically: true, encoding: .utf8)
            let result = try VitrineProcess.run(["replay", "--config", deck, "--script", script, "--size", "300x200", "--events", "-"],
                                                timeout: .seconds(30))
            #expect(result.code == 0, "\(result.err)")
            let lines = result.out.split(separator: "\n").map(String.init)
            #expect(lines.count == 1, "\(result.out)")
            let start = try #require(lines.first)
            #expect(start.hasPrefix(#"{"t":0.000,"event":"pageChanged","page":"#) && start.hasSuffix(#","from":null,"reason":"start"}"#))
            #expect(!start.contains(#""page":0,"#), "seed 3 starts elsewhere than card 0: \(start)")
        }
    }
}
