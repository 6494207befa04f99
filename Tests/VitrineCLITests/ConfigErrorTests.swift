import Foundation
import Testing
import VitrineTestSupport

@Suite struct ConfigErrorTests {
    /// Renders `config` into the folder and returns what happened and whether a PNG was written.
    private func render(config: String, in folder: TemporaryFolder) throws -> (result: ProcessResult, wrotePNG: Bool) {
        let output = folder.file("frame.png")
        let result = try VitrineProcess.run(["render", "--config", config, "--size", "90x60", "--output", output], timeout: .seconds(10))
        #expect(!result.timedOut)
        #expect(result.out.isEmpty)
        return (result, FileManager.default.fileExists(atPath: output))
    }

    @Test func missingFileExits66WithThePathAndTheReason() throws {
        try withTemporaryFolder { folder in
            let config = folder.file("absent.json")
            let (result, wrote) = try render(config: config, in: folder)
            #expect(result.code == 66, "stderr: \(result.err)")
            #expect(result.messages("error") == ["\(config): (file): cannot read the config file \"\(config)\": No such file or directory"])
            #expect(!result.err.contains("usage:"), "a missing file is not a usage error")
            #expect(!wrote)
        }
    }

    @Test func aFolderIsADeckOfItsImagesForCheckAndRender() throws {
        try withTemporaryFolder { folder in
            let photos = folder.file("photos")
            try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: false)
            try FileManager.default.copyItem(atPath: "\(VitrineProcess.root)/Assets/Demo/canyon.jpg", toPath: photos + "/red_rock.jpg")
            try #"{"title": 3}"#.write(toFile: photos + "/red_rock.json", atomically: false, encoding: .utf8)
            // The bad sidecar fails check, as the same card in a config would; render shows the card with its
            // fallback title and warns.
            let check = try VitrineProcess.run(["check", "--config", photos + "/"], timeout: .seconds(10))
            #expect(check.code == 65, "\(check.out) \(check.err)")
            #expect(check.out == "\(photos)/red_rock.json: title: expected a non-empty string, found a number; the card uses its fallback title\n"
                    + "failed: 1 problem (1 card, 1 of 1 image usable, 2 of 2 fonts usable)\n")
            #expect(check.messages("warning") == [])
            let (result, wrote) = try render(config: photos, in: folder)
            #expect(result.code == 0, "stderr: \(result.err)")
            #expect(result.messages("warning") == [
                "\(photos)/red_rock.json: title: expected a non-empty string, found a number; the card uses its fallback title",
            ])
            #expect(wrote)
        }
    }

    @Test func malformedJSONExits65WithLineAndColumn() throws {
        try withTemporaryFolder { folder in
            // Line 3, column 19 is the quote that starts "image": the comma before it is missing.
            let config = try folder.write("malformed.json", """
                {
                  "cards": [
                    {"title": "A" "image": "a.jpg"}
                  ]
                }
                """)
            let (result, wrote) = try render(config: config, in: folder)
            #expect(result.code == 65, "stderr: \(result.err)")
            let errors = result.messages("error")
            #expect(errors.count == 1)
            #expect(errors.first?.hasPrefix("\(config): line 3, column 19: ") == true, "got \(errors)")
            #expect(!wrote)
        }
    }

    @Test func truncatedJSONExits65() throws {
        try withTemporaryFolder { folder in
            let config = try folder.write("truncated.json", "{\"cards\": [")
            let (result, _) = try render(config: config, in: folder)
            #expect(result.code == 65, "stderr: \(result.err)")
            #expect(result.messages("error").first?.hasPrefix("\(config): line 1, column 12: ") == true, "got \(result.err)")
        }
    }

    /// One invalid value each, and the exact path and message expected for it.
    struct InvalidCase: Sendable, CustomTestStringConvertible {
        var name: String
        /// The config text; `IMAGE` stands for a demo image's absolute path.
        var json: String
        var expected: String
        var testDescription: String { name }
    }

    static let invalidCases: [InvalidCase] = [
        InvalidCase(name: "unknown fit value", json: #"{"display": {"fit": "stretch"}, "cards": [{"title": "A", "image": "IMAGE"}]}"#,
                    expected: #"display.fit: expected "contain" or "cover", found "stretch""#),
        InvalidCase(name: "fit of the wrong type", json: #"{"display": {"fit": 1}, "cards": [{"title": "A", "image": "IMAGE"}]}"#,
                    expected: #"display.fit: expected "contain" or "cover", found a number"#),
        InvalidCase(name: "a URL as the image", json: #"{"cards": [{"title": "A", "image": "IMAGE"}, {"image": "https://example.com/a.jpg"}]}"#,
                    expected: #"cards[1].image: "https://example.com/a.jpg" is a URL: Vitrine shows local files only; put the pictures in a folder deck kept in sync by rsync, Syncthing or rclone (see Docs/Operations.md, "Feeding a folder deck")"#),
        InvalidCase(name: "title of the wrong type", json: #"{"cards": [{"title": "A", "image": "IMAGE"}, {"title": 7, "image": "IMAGE"}]}"#,
                    expected: "cards[1].title: expected a string, found a number"),
        InvalidCase(name: "cards not an array", json: #"{"cards": {"title": "A"}}"#,
                    expected: "cards: expected an array of cards, found an object"),
        InvalidCase(name: "missing cards", json: #"{"wrap": true}"#,
                    expected: #"cards: missing required key "cards" (expected an array of cards)"#),
        InvalidCase(name: "wrap of the wrong type", json: #"{"wrap": "yes", "cards": []}"#,
                    expected: "wrap: expected true or false, found a string"),
        InvalidCase(name: "window width out of range", json: #"{"display": {"window": {"width": 0, "height": 10}}, "cards": []}"#,
                    expected: "display.window.width: expected a whole number from 1 to 8192, found 0"),
        InvalidCase(name: "bad background colour", json: #"{"display": {"background": "red"}, "cards": []}"#,
                    expected: ##"display.background: expected a color as "#RRGGBB" or "#RGB", found "red""##),
        InvalidCase(name: "root not an object", json: "[]", expected: "(root): expected an object, found an array"),
    ]

    @Test(arguments: invalidCases)
    func invalidValueExits65NamingItsPath(_ invalid: InvalidCase) throws {
        try withTemporaryFolder { folder in
            let config = try folder.write("invalid.json", invalid.json.replacingOccurrences(of: "IMAGE", with: Checkout.demoImage("canyon")))
            let (result, wrote) = try render(config: config, in: folder)
            #expect(result.code == 65, "stderr: \(result.err)")
            #expect(result.messages("error") == ["\(config): \(invalid.expected)"])
            #expect(!wrote)
        }
    }

    @Test func everyErrorIsReportedTogetherInDocumentOrder() throws {
        try withTemporaryFolder { folder in
            let image = Checkout.demoImage("canyon")
            let config = try folder.write("several.json", """
                {
                  "wrap": "yes",
                  "display": {"fit": "stretch", "window": {"width": 800}},
                  "cards": [
                    {"title": "Fine", "image": "\(image)"},
                    {"subtitle": 3, "image": "\(image)"},
                    {"title": "No picture"}
                  ]
                }
                """)
            let (result, wrote) = try render(config: config, in: folder)
            #expect(result.code == 65, "stderr: \(result.err)")
            let paths = result.messages("error").map { $0.dropFirst(config.count + 2).prefix { $0 != ":" } }
            #expect(paths == ["wrap", "display.fit", "display.window.height", "cards[1].subtitle", "cards[2].image"],
                    "stderr: \(result.err)")
            #expect(!wrote)
        }
    }

    @Test func misspeltKeyWarnsAndStillRenders() throws {
        try withTemporaryFolder { folder in
            let config = try folder.write("typo.json", """
                {"cards": [{"title": "A", "subtite": "B", "image": "\(Checkout.demoImage("canyon"))"}]}
                """)
            let (result, wrote) = try render(config: config, in: folder)
            #expect(result.code == 0, "stderr: \(result.err)")
            #expect(result.messages("error").isEmpty)
            #expect(result.messages("warning") == [#"\#(config): cards[0].subtite: unknown key "subtite" (ignored); did you mean "subtitle"?"#])
            #expect(wrote)
        }
    }

    /// A warning that explains an error (here a misspelt required key) is printed along with the error.
    @Test func misspeltRequiredKeyGivesTheWarningAndTheError() throws {
        try withTemporaryFolder { folder in
            let config = try folder.write("titel.json", """
                {"cards": [{"title": "A", "imgae": "\(Checkout.demoImage("canyon"))"}]}
                """)
            let (result, wrote) = try render(config: config, in: folder)
            #expect(result.code == 65, "stderr: \(result.err)")
            #expect(result.messages("warning").first?.contains(#"cards[0].imgae: unknown key "imgae" (ignored); did you mean "image"?"#) == true,
                    "stderr: \(result.err)")
            #expect(result.messages("error") == [#"\#(config): cards[0].image: missing required key "image" (expected a non-empty string, or a "video")"#])
            #expect(!wrote)
        }
    }

    /// `run` reads the config before it looks for a screen, so config errors keep their own exit codes.
    @Test func runReportsConfigErrorsBeforeLookingForADisplay() throws {
        try withTemporaryFolder { folder in
            let missing = try VitrineProcess.run(["run", "--config", folder.file("absent.json")], timeout: .seconds(10))
            #expect(!missing.timedOut)
            #expect(missing.code == 66, "stderr: \(missing.err)")
            #expect(!missing.err.contains("no display"))

            let invalid = try VitrineProcess.run(["run", "--config", try folder.write("bad.json", "{\"cards\": 1}")], timeout: .seconds(10))
            #expect(!invalid.timedOut)
            #expect(invalid.code == 65, "stderr: \(invalid.err)")
            #expect(!invalid.err.contains("no display"))
        }
    }
}
