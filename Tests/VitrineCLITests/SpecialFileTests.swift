import Foundation
import Testing
import VitrineTestSupport

/// A FIFO, a device or a directory given as the config or as an image never blocks a command: each is refused at
/// once with a one-line reason, and the rest of the deck is still shown (a directory given as the config is a
/// folder deck).
@Suite struct SpecialFileTests {
    /// The special files, by what the refusal calls them; the FIFO and the directory are made in `folder`.
    static func specials(in folder: TemporaryFolder) throws -> [(path: String, kind: String)] {
        let fifo = folder.path + "/pipe.json"
        #expect(mkfifo(fifo, 0o644) == 0)
        let directory = folder.path + "/folder.json"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        return [(fifo, "a FIFO"), ("/dev/zero", "a character device"), ("/dev/null", "a character device"), (directory, "a directory")]
    }

    @Test func aSpecialConfigIsRefusedAtOnceByEveryCommand() throws {
        try withTemporaryFolder { folder in
            // A directory where a config is expected is a folder deck (ConfigErrorTests, FolderListingTests).
            for (path, kind) in try Self.specials(in: folder) where kind != "a directory" {
                let reason = "cannot read the config file \"\(path)\": not a regular file (\(kind))"
                let check = try VitrineProcess.run(["check", "--config", path], timeout: .seconds(10))
                #expect(!check.timedOut && check.code == 66, "check \(path): \(check.out) \(check.err)")
                #expect(check.out.hasPrefix("\(path): (file): \(reason)\n"), "\(check.out)")
                let render = try VitrineProcess.run(["render", "--config", path, "--output", folder.path + "/out.png"], timeout: .seconds(10))
                #expect(!render.timedOut && render.code == 66, "render \(path): \(render.err)")
                #expect(render.messages("error") == ["\(path): (file): \(reason)"])
                // No display needed: the config is refused before the display is reported on.
                let run = try VitrineProcess.run(["run", "--config", path], timeout: .seconds(10))
                #expect(!run.timedOut && run.code == 66, "run \(path): \(run.err)")
                #expect(run.messages("error") == ["\(path): (file): \(reason)"])
            }
        }
    }

    /// A deck of one good card between special files.
    static func deck(in folder: TemporaryFolder, images: [String]) throws -> String {
        let cards = images.enumerated().map { #"{"title": "Card \#($0.offset)", "image": "\#($0.element)"}"# }
        return try folder.write("deck.json", #"{"cards": [\#(cards.joined(separator: ", "))]}"#)
    }

    @Test func checkNamesEverySpecialImageAndPassesTheRest() throws {
        try withTemporaryFolder { folder in
            let specials = try Self.specials(in: folder)
            let good = Checkout.demoImage("ember-mesa")
            let config = try Self.deck(in: folder, images: specials.map(\.path) + [good])
            let result = try VitrineProcess.run(["check", "--config", config], timeout: .seconds(10))
            #expect(!result.timedOut && result.code == 65, "\(result.out) \(result.err)")
            let lines = result.out.split(separator: "\n").map(String.init)
            #expect(lines == specials.enumerated().map { "\(config): cards[\($0.offset)].image: \($0.element.path): not a regular file (\($0.element.kind))" }
                    + ["failed: 4 problems (5 cards, 1 of 5 images usable, 2 of 2 fonts usable)"])
        }
    }

    @Test func renderShowsTheOtherCardsAndAPlaceholderForAFIFO() throws {
        try withTemporaryFolder { folder in
            let fifo = folder.path + "/pipe.png"
            #expect(mkfifo(fifo, 0o644) == 0)
            let config = try Self.deck(in: folder, images: [fifo, Checkout.demoImage("ember-mesa")])
            for page in 0..<2 {
                let out = folder.path + "/page\(page).png"
                let result = try VitrineProcess.run(["render", "--config", config, "--page", "\(page)", "--size", "300x200", "--output", out],
                                                    timeout: .seconds(20))
                #expect(!result.timedOut && result.code == 0, "page \(page): \(result.err)")
                #expect(FileManager.default.fileExists(atPath: out))
                let warnings = result.messages("warning")
                #expect(warnings == (page == 0 ? ["image unavailable: \(fifo): not a regular file (a FIFO) (card 0, \"Card 0\")"] : []))
            }
        }
    }

    @Test func anInvalidConfigWhoseFirstImageIsAFIFOExits65Promptly() throws {
        // The start-up guess of the first card's image must neither block on the FIFO nor outlive the failed config.
        try withTemporaryFolder { folder in
            #expect(mkfifo(folder.path + "/pipe.png", 0o644) == 0)
            let config = try folder.write("bad.json", #"{"wrap": "yes", "cards": [{"title": "A", "image": "pipe.png"}]}"#)
            let result = try VitrineProcess.run(["run", "--config", config], timeout: .seconds(10))
            #expect(!result.timedOut, "run blocked: \(result.err)")
            #expect(result.code == 65)
            #expect(result.messages("error") == ["\(config): wrap: expected true or false, found a string"])
        }
    }
}

extension SpecialFileTests {
    @Test func anEventLogOnAFIFONoProcessReadsIsRefusedAtOnce() throws {
        // Opening a FIFO for writing waits for a reader: `run --events FIFO` with none waited for good, showing
        // nothing, with nothing said.
        try withTemporaryFolder { folder in
            let fifo = folder.path + "/events.fifo"
            #expect(mkfifo(fifo, 0o644) == 0)
            let script = try folder.write("script.jsonl", #"{"at":1,"control":{"cmd":"next"}}"# + "\n")
            let replay = try VitrineProcess.run(["replay", "--script", script, "--size", "300x200", "--events", fifo], timeout: .seconds(10))
            #expect(!replay.timedOut && replay.code == 73, "\(replay.err)")
            #expect(replay.messages("error") == ["cannot write the event log \(fifo): a FIFO that no process reads"], "\(replay.err)")
        }
    }

    @Test func anEventLogThatCannotBeWrittenIsSaidOnce() throws {
        // A full disk (/dev/full): the events are lost, which was silent; the replay still plays.
        try withTemporaryFolder { folder in
            let script = try folder.write("script.jsonl", #"{"at":1,"control":{"cmd":"next"}}"# + "\n" + #"{"at":2,"control":{"cmd":"next"}}"# + "\n")
            let replay = try VitrineProcess.run(["replay", "--script", script, "--size", "300x200", "--events", "/dev/full"], timeout: .seconds(10))
            #expect(replay.code == 0, "\(replay.err)")
            #expect(replay.messages("warning") == ["the event log /dev/full cannot be written (No space left on device): events are lost until it can be"],
                    "\(replay.err)")
        }
    }
}
