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
                \(config): cards[0].title: expected a non-empty string, found a number
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
