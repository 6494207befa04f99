import Foundation
import Testing
import VitrineTestSupport

/// `vitrine replay` of a group member: `--start` supplies the wall clock, so the group's autoplay, its commands and
/// their stamps play on the manual clock as in a window.
@Suite struct GroupReplayTests {
    @Test func aReplayPlaysTheGroupsTimelineAndCommands() throws {
        try withTemporaryFolder { folder in
            let images = ["ember-mesa", "alpine-lake", "misty-hills"]
            let cards = images.enumerated().map { #"{"id":"c\#($0)","title":"Card \#($0)","image":"\#(Checkout.demoImage($1))"}"# }
            let deck = try folder.write("deck.json", #"{"cards":[\#(cards.joined(separator: ","))],"autoplay":{"interval":5},"#
                                        + #""mqtt":{"broker":"mqtt://127.0.0.1:1"},"sync":{"group":"lobby"}}"#)
            // A command stamped for 9.5 s holding card 0 for 2 s; one that arrives 0.1 s after its moment; a key.
            let script = try folder.write("script.jsonl", """
                {"at":9,"group":{"cmd":"goto","page":0,"start":9.5,"hold":2}}
                {"at":20,"group":{"cmd":"goto","page":1,"start":19.9}}
                {"at":21,"key":"right"}
                {"at":22,"wait":true}
                """)
            let run = { try VitrineProcess.run(["replay", "--config", deck, "--script", script, "--size", "300x200", "--events", "-",
                                                "--start", "2026-12-01T10:00:02"], timeout: .seconds(30)) }
            let first = try run()
            #expect(first.code == 0, "\(first.err)")
            let moves = first.out.split(separator: "\n").filter { $0.contains("groupMove") || $0.contains("pageChanged") }
            // The cycle of 3 × 5 s runs from the epoch: 10:00:05 (t 3) card 1, 10:00:10 card 2. The command holds card 0
            // from 9.5 s to 11.5 s, and the cycle goes on from card 1. The late command starts advanced by 0.1 s, so it
            // lands 0.325 s after its moment, at 20.225. The key is the group's too: it starts 0.25 s later.
            #expect(moves == [
                #"{"t":0.000,"event":"pageChanged","page":0,"from":null,"reason":"start"}"#,
                #"{"t":3.000,"event":"groupMove","page":1,"cause":"autoplay","late":0.000,"wall":1796119205.000}"#,
                #"{"t":3.325,"event":"pageChanged","page":1}"#,
                #"{"t":8.000,"event":"groupMove","page":2,"cause":"autoplay","late":0.000,"wall":1796119210.000}"#,
                #"{"t":8.325,"event":"pageChanged","page":2}"#,
                #"{"t":9.500,"event":"groupMove","page":0,"cause":"command","late":0.000,"wall":1796119211.500}"#,
                #"{"t":9.825,"event":"pageChanged","page":0}"#,
                #"{"t":11.500,"event":"groupMove","page":1,"cause":"autoplay","late":0.000,"wall":1796119213.500}"#,
                #"{"t":11.825,"event":"pageChanged","page":1}"#,
                #"{"t":16.500,"event":"groupMove","page":2,"cause":"autoplay","late":0.000,"wall":1796119218.500}"#,
                #"{"t":16.825,"event":"pageChanged","page":2}"#,
                #"{"t":20.000,"event":"groupMove","page":1,"cause":"command","late":0.100,"wall":1796119222.000}"#,
                #"{"t":20.225,"event":"pageChanged","page":1}"#,
                #"{"t":21.250,"event":"groupMove","page":2,"cause":"command","late":0.000,"wall":1796119223.250}"#,
                #"{"t":21.575,"event":"pageChanged","page":2}"#,
            ], "\(first.out)")
            #expect(try run().out == first.out, "the same script gives the same log")
        }
    }

    @Test func aBadGroupLineIsOneLine() throws {
        try withTemporaryFolder { folder in
            let deck = try folder.write("deck.json", #"{"cards":[{"title":"A","image":"\#(Checkout.demoImage("canyon"))"}]}"#)
            let script = try folder.write("script.jsonl", #"{"at":1,"group":{"cmd":"reload"}}"#)
            let result = try VitrineProcess.run(["replay", "--config", deck, "--script", script, "--size", "300x200"], timeout: .seconds(30))
            #expect(result.code != 0)
            #expect(result.err.contains(#"line 1: "group": "reload" is not a group command; a group takes next, previous, goto, pause and resume"#), "\(result.err)")
        }
    }
}
