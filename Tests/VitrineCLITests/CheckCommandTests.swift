import Foundation
import Testing
import VitrineTestSupport

@Suite struct CheckCommandTests {
    /// Writes the bad-image corpus and a config of one card per file into `folder`; returns the config's path.
    func writeCorpus(in folder: TemporaryFolder) throws -> (config: String, corpus: [(entry: BadImageCorpus.Entry, path: String)]) {
        let corpus = try BadImageCorpus.write(into: folder.path)
        return (try folder.write("corpus.json", BadImageCorpus.configJSON(corpus)), corpus)
    }

    @Test func theDemoDeckIsClean() throws {
        let result = try VitrineProcess.run(["check"], timeout: .seconds(20))
        #expect(!result.timedOut)
        #expect(result.code == 0, "stdout: \(result.out) stderr: \(result.err)")
        #expect(result.out == "ok: 10 cards, 10 images, 2 fonts\n")
        #expect(result.err.isEmpty)
    }

    @Test func imagesShownConvertedTurnedOrOverBlackGetANote() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("VitrineSDLTests/Fixtures").path
        try withTemporaryFolder { folder in
            let rotated = ImageHeaders.inserting(ImageHeaders.exifSegment(orientation: 6),
                                                 into: [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(fixtures)/progressive.jpg"))))
            let rotatedPath = folder.path + "/rotated.jpg"
            try Data(rotated).write(to: URL(fileURLWithPath: rotatedPath))
            let config = try folder.write("notes.json", """
                {"cards": [{"title": "Print", "image": "\(fixtures)/cmyk-adobe.jpg"},
                           {"title": "Grey", "image": "\(fixtures)/grey-trns.png"},
                           {"title": "Phone", "image": "\(rotatedPath)"}]}
                """)
            let result = try VitrineProcess.run(["check", "--config", config], timeout: .seconds(20))
            #expect(result.code == 0, "stdout: \(result.out) stderr: \(result.err)")
            #expect(result.out == """
                note: \(config): cards[0].image: \(fixtures)/cmyk-adobe.jpg: converted from YCCK (Adobe, inverted) to RGB
                note: \(config): cards[1].image: \(fixtures)/grey-trns.png: transparent pixels shown over black
                note: \(config): cards[2].image: \(rotatedPath): shown turned a quarter turn clockwise (Exif orientation 6)
                ok: 3 cards, 3 images, 2 fonts

                """)
        }
    }

    @Test func everyBadImageIsOneLineAtItsCardsField() throws {
        try withTemporaryFolder { folder in
            let (config, corpus) = try writeCorpus(in: folder)
            let result = try VitrineProcess.run(["check", "--config", config], timeout: .seconds(20))
            #expect(!result.timedOut)
            #expect(result.code == 65, "stdout: \(result.out) stderr: \(result.err)")
            let lines = result.out.split(separator: "\n").map(String.init)
            let bad = corpus.enumerated().filter { $0.element.entry.problem != nil }
            #expect(lines.count == bad.count + 1, "\(lines)")
            for (index, (entry, path)) in bad {
                let line = lines.first { $0.hasPrefix("\(config): cards[\(index)].image: \(path): ") }
                #expect(line?.contains(entry.problem ?? "") == true, "\(entry.name): \(line ?? "no line")")
            }
            for (index, item) in corpus.enumerated() where item.entry.problem == nil {
                #expect(!lines.contains { $0.contains("cards[\(index)]") }, "\(item.entry.name) is reported")
            }
            #expect(lines.last == "failed: 13 problems (15 cards, 2 of 15 images usable, 2 of 2 fonts usable)")
        }
    }

    @Test(arguments: BadImageCorpus.entries.map(\.name))
    func eachFileAloneIsReportedOrAccepted(name: String) throws {
        try withTemporaryFolder { folder in
            let entry = try #require(BadImageCorpus.entries.first { $0.name == name })
            let (_, corpus) = try writeCorpus(in: folder)
            let path = try #require(corpus.first { $0.entry.name == name }).path
            let config = try folder.write("one.json", "{\"cards\": [{\"title\": \"\(entry.title)\", \"image\": \"\(path)\"}]}")
            let result = try VitrineProcess.run(["check", "--config", config], timeout: .seconds(20))
            #expect(!result.timedOut)
            if let problem = entry.problem {
                #expect(result.code == 65, "stdout: \(result.out)")
                #expect(result.out.hasPrefix("\(config): cards[0].image: \(path): "), "\(result.out)")
                #expect(result.out.contains(problem), "\(result.out)")
            } else {
                #expect(result.code == 0, "stdout: \(result.out)")
                #expect(result.out == "ok: 1 card, 1 image, 2 fonts\n")
            }
        }
    }

    @Test func aDeckOfThemAllRendersEveryPageWithAWarningPerBadImage() throws {
        try withTemporaryFolder { folder in
            let (config, corpus) = try writeCorpus(in: folder)
            for (page, (entry, path)) in corpus.enumerated() {
                let output = folder.file("page\(page).png")
                let result = try VitrineProcess.run(["render", "--config", config, "--page", "\(page)", "--size", "300x200", "--output", output],
                                                    timeout: .seconds(20))
                #expect(!result.timedOut)
                #expect(result.code == 0, "\(entry.name): \(result.err)")
                #expect(PNGHeader(contentsOf: output) == PNGHeader(width: 300, height: 200), "\(entry.name)")
                let warnings = result.messages("warning")
                if let problem = entry.problem {
                    #expect(warnings.count == 1 && warnings[0].hasPrefix("image unavailable: \(path): ") && warnings[0].contains(problem),
                            "\(entry.name): \(warnings)")
                } else {
                    #expect(warnings.isEmpty, "\(entry.name): \(warnings)")
                }
            }
        }
    }

    @Test func configProblemsAreLinesToo() throws {
        try withTemporaryFolder { folder in
            let config = try folder.write("bad.json", "{\"cards\": [{\"title\": 3, \"image\": \"x.jpg\"}, {\"title\": \"B\"}]}")
            let result = try VitrineProcess.run(["check", "--config", config], timeout: .seconds(10))
            #expect(result.code == 65)
            #expect(result.out == """
                \(config): cards[0].title: expected a string, found a number
                \(config): cards[1].image: missing required key "image" (expected a non-empty string)
                failed: 2 problems in the config

                """)
        }
    }

    /// 20,000 unknown keys: a few warning lines, not one each (a million took 28 s and printed 184 MB).
    @Test func manyUnknownKeysAreCountedNotEachNamed() throws {
        try withTemporaryFolder { folder in
            let keys = (0..<20_000).map { #""k\#($0)": 0"# }.joined(separator: ", ")
            let config = try folder.write("keys.json", #"{"cards": [], \#(keys)}"#)
            let result = try VitrineProcess.run(["check", "--config", config], timeout: .seconds(20))
            #expect(result.code == 0, "stderr: \(result.err.prefix(500))")
            let lines = result.err.split(separator: "\n")
            #expect(lines.count <= 21, "\(lines.count) lines")
            #expect(lines.last?.hasSuffix("(root): and 19980 more unknown keys (ignored)") == true, "\(lines.last ?? "")")
        }
    }

    /// A folder of `files` (name and demo picture, or nil for the text "not a picture") and `texts` (name and
    /// contents) in `folder`; returns its path.
    func deckFolder(_ folder: TemporaryFolder, _ files: [(String, String?)], _ texts: [(String, String)] = []) throws -> String {
        let path = folder.file("deck")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        for (name, picture) in files {
            if let picture { try FileManager.default.copyItem(atPath: Checkout.demoImage(picture), toPath: "\(path)/\(name)") }
            else { try Data("not a picture".utf8).write(to: URL(fileURLWithPath: "\(path)/\(name)")) }
        }
        for (name, text) in texts { try Data(text.utf8).write(to: URL(fileURLWithPath: "\(path)/\(name)")) }
        return path
    }

    /// A folder deck fails `check` where a config's card would: a mistyped `until` or `hours` in a sidecar (the
    /// card would show always) and a file that is no picture (it would be left out). It said "ok" before.
    @Test(arguments: [
        ([("a.jpg", "canyon")], [("a.json", #"{"until": "tomorrow"}"#)], "a.json: until: expected a local date and time"),
        ([("a.jpg", "canyon")], [("a.json", #"{"hours": "mon 9-5"}"#)], #"a.json: hours: "9-5" is not a time range"#),
        ([("a.jpg", "canyon"), ("b.jpg", nil)], [], "b.jpg: (file): left out: "),
    ] as [([(String, String?)], [(String, String)], String)])
    func aFolderDeckFailsWhereAConfigCardWould(files: [(String, String?)], texts: [(String, String)], problem: String) throws {
        try withTemporaryFolder { folder in
            let deck = try deckFolder(folder, files, texts)
            let config = try folder.write("deck.json", #"{"cards": {"folder": "deck"}}"#)
            for path in [deck, config] {
                let result = try VitrineProcess.run(["check", "--config", path], timeout: .seconds(20))
                #expect(result.code == 65, "\(path): \(result.out) \(result.err)")
                let lines = result.out.split(separator: "\n")
                #expect(lines.contains { $0.hasPrefix("\(deck)/") && $0.contains(problem) }, "\(result.out)")
                #expect(lines.last?.hasPrefix("failed: 1 problem (1 card, 1 of 1 image usable") == true, "\(result.out)")
            }
        }
    }

    @Test func aFolderDecksUnknownSidecarKeyOnlyWarns() throws {
        try withTemporaryFolder { folder in
            let deck = try deckFolder(folder, [("a.jpg", "canyon")], [("a.json", #"{"titel": "Typo"}"#)])
            let result = try VitrineProcess.run(["check", "--config", deck], timeout: .seconds(20))
            #expect(result.code == 0, "\(result.out) \(result.err)")
            #expect(result.err.contains(#"a.json: titel: unknown key "titel""#), "\(result.err)")
            #expect(result.out.hasPrefix("ok: 1 card"), "\(result.out)")
        }
    }

    @Test func anUnreadableConfigExits66() throws {
        try withTemporaryFolder { folder in
            let result = try VitrineProcess.run(["check", "--config", folder.file("absent.json")], timeout: .seconds(10))
            #expect(result.code == 66)
            #expect(result.out.hasPrefix("\(folder.file("absent.json")): (file): cannot read the config file"), "\(result.out)")
        }
    }

    @Test func helpDescribesTheCommand() throws {
        let result = try VitrineProcess.run(["check", "--help"], timeout: .seconds(10))
        #expect(result.code == 0)
        #expect(result.out.hasPrefix("usage: vitrine check [--config PATH]"))
        let top = try VitrineProcess.run(["--help"], timeout: .seconds(10))
        #expect(top.out.contains("vitrine check [--config PATH]"))
    }

    @Test func unknownOptionIsAUsageError() throws {
        let result = try VitrineProcess.run(["check", "--size", "3x2"], timeout: .seconds(10))
        #expect(result.code == 64)
        #expect(result.messages("error") == ["unknown option '--size' for 'check'"])
    }
}
