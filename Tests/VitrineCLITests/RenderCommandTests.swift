import Foundation
import Testing
import VitrineTestSupport

@Suite struct RenderCommandTests {
    /// Runs `vitrine render` with `arguments` plus `--output` into the folder; returns the result and the file's bytes.
    private func render(_ arguments: [String], in folder: TemporaryFolder, name: String = "frame.png") throws -> (result: ProcessResult, png: Data?) {
        let output = folder.file(name)
        let result = try VitrineProcess.run(["render"] + arguments + ["--output", output], timeout: .seconds(10))
        #expect(!result.timedOut)
        return (result, FileManager.default.contents(atPath: output))
    }

    @Test func writesAPNGOfTheRequestedSize() throws {
        try withTemporaryFolder { folder in
            let (result, png) = try render(["--size", "300x200"], in: folder)
            #expect(result.code == 0, "stderr: \(result.err)")
            #expect(result.out.isEmpty)
            #expect(result.err.isEmpty, "the demo deck renders without warnings")
            let data = try #require(png)
            #expect(Array(data.prefix(8)) == PNGHeader.signature)
            #expect(PNGHeader(data) == PNGHeader(width: 300, height: 200))
        }
    }

    @Test(arguments: [(64, 64), (451, 17), (17, 451)])
    func sizeIsTakenExactly(width: Int, height: Int) throws {
        try withTemporaryFolder { folder in
            let (result, png) = try render(["--size", "\(width)x\(height)"], in: folder)
            #expect(result.code == 0, "stderr: \(result.err)")
            #expect(png.flatMap(PNGHeader.init) == PNGHeader(width: width, height: height))
        }
    }

    /// A window one pixel wide or high holds a card with no area: the frame is still drawn, where the page dots'
    /// layout trapped ("Double value cannot be converted to Int", SIGILL).
    @Test(arguments: [(1, 10), (10, 1), (1, 1), (2, 2), (1, 800), (1200, 1), (3, 2)])
    func aWindowOnePixelAcrossRenders(width: Int, height: Int) throws {
        try withTemporaryFolder { folder in
            for offset in ["0", "0.5"] {
                let (result, png) = try render(["--size", "\(width)x\(height)", "--offset", offset], in: folder)
                #expect(result.code == 0, "\(width)x\(height) at \(offset): stderr: \(result.err)")
                #expect(result.err.isEmpty, "\(width)x\(height) at \(offset): the card is drawn without a warning")
                #expect(png.flatMap(PNGHeader.init) == PNGHeader(width: width, height: height))
            }
        }
    }

    @Test func defaultSizeIsTheDemoConfigsWindow() throws {
        try withTemporaryFolder { folder in
            let (result, png) = try render([], in: folder)  // Config/kiosk.json: 1200x800
            #expect(result.code == 0, "stderr: \(result.err)")
            #expect(png.flatMap(PNGHeader.init) == PNGHeader(width: 1200, height: 800))
        }
    }

    /// 1200x800 is also the built-in default, so a config with another window size shows where the size comes from.
    @Test func defaultSizeComesFromTheConfigNotABuiltInDefault() throws {
        try withTemporaryFolder { folder in
            let config = try folder.write("small.json", """
                {"display": {"window": {"width": 360, "height": 240}},
                 "cards": [{"title": "Canyon", "image": "\(Checkout.demoImage("canyon"))"}]}
                """)
            let (result, png) = try render(["--config", config], in: folder)
            #expect(result.code == 0, "stderr: \(result.err)")
            #expect(png.flatMap(PNGHeader.init) == PNGHeader(width: 360, height: 240))
        }
    }

    @Test func sameInputsGiveTheSameBytes() throws {
        try withTemporaryFolder { folder in
            let arguments = ["--size", "300x200", "--page", "3", "--offset", "0.35"]
            let first = try render(arguments, in: folder, name: "first.png")
            let second = try render(arguments, in: folder, name: "second.png")
            #expect(first.result.code == 0 && second.result.code == 0)
            let a = try #require(first.png), b = try #require(second.png)
            #expect(a == b, "two renders of the same frame differ")
        }
    }

    @Test(arguments: [["--offset", "0.4"], ["--offset", "-0.4"], ["--page", "1"], ["--size", "300x201"]])
    func differentInputsGiveDifferentBytes(_ change: [String]) throws {
        try withTemporaryFolder { folder in
            let base = try render(["--size", "300x200", "--page", "5"], in: folder, name: "base.png")
            var arguments = ["--size", "300x200", "--page", "5"]
            for pair in stride(from: 0, to: change.count, by: 2) {
                if let at = arguments.firstIndex(of: change[pair]) { arguments[at + 1] = change[pair + 1] } else { arguments += [change[pair], change[pair + 1]] }
            }
            let changed = try render(arguments, in: folder, name: "changed.png")
            #expect(base.result.code == 0 && changed.result.code == 0, "stderr: \(changed.result.err)")
            let a = try #require(base.png), b = try #require(changed.png)
            #expect(a != b, "\(change) did not change the frame")
        }
    }

    @Test(arguments: ["1.5", "-1.5", "1.0001"])
    func offsetOutsideMinusOneToOneIsAUsageError(_ offset: String) throws {
        try withTemporaryFolder { folder in
            let (result, png) = try render(["--offset", offset], in: folder)
            #expect(result.code == 64, "stderr: \(result.err)")
            #expect(result.messages("error").first?.contains("--offset") == true)
            #expect(result.messages("error").first?.contains("'\(offset)'") == true)
            #expect(png == nil)
        }
    }

    @Test(arguments: ["-1", "1"])
    func offsetsOfExactlyOneAreAllowed(_ offset: String) throws {
        try withTemporaryFolder { folder in
            let (result, png) = try render(["--size", "60x40", "--offset", offset], in: folder)
            #expect(result.code == 0, "stderr: \(result.err)")
            #expect(png.flatMap(PNGHeader.init) == PNGHeader(width: 60, height: 40))
        }
    }

    @Test(arguments: ["10", "11", "-1"])
    func pageOutsideTheDemoDeckIsAUsageError(_ page: String) throws {
        try withTemporaryFolder { folder in
            let (result, png) = try render(["--page", page], in: folder)
            #expect(result.code == 64, "stderr: \(result.err)")
            #expect(result.out.isEmpty)
            #expect(result.messages("error") == ["--page \(page) is out of range: Config/kiosk.json has 10 cards, numbered 0 to 9"])
            #expect(png == nil)
            #expect(result.err.contains(VitrineProcess.usageFirstLine))
        }
    }

    @Test func lastPageOfTheDemoDeckRenders() throws {
        try withTemporaryFolder { folder in
            let (result, png) = try render(["--page", "9", "--size", "60x40"], in: folder)
            #expect(result.code == 0, "stderr: \(result.err)")
            #expect(png != nil)
        }
    }

    @Test func emptyDeckRendersPageZeroOnly() throws {
        try withTemporaryFolder { folder in
            let config = try folder.write("empty.json", #"{"cards": []}"#)
            let (ok, png) = try render(["--config", config, "--size", "60x40"], in: folder)
            #expect(ok.code == 0, "stderr: \(ok.err)")
            #expect(png.flatMap(PNGHeader.init) == PNGHeader(width: 60, height: 40))

            let (refused, _) = try render(["--config", config, "--page", "1"], in: folder, name: "refused.png")
            #expect(refused.code == 64, "stderr: \(refused.err)")
            #expect(refused.messages("error").first?.contains("--page 1") == true)
            #expect(!refused.err.contains("0 to -1"))
        }
    }

    @Test(arguments: ["/nonexistent-dir/x.png", "DIRECTORY"])
    func unwritableOutputExits73(_ output: String) throws {
        try withTemporaryFolder { folder in
            let path = output == "DIRECTORY" ? folder.path : output
            let result = try VitrineProcess.run(["render", "--size", "60x40", "--output", path], timeout: .seconds(10))
            #expect(!result.timedOut)
            #expect(result.code == 73, "stderr: \(result.err)")
            #expect(result.out.isEmpty)
            #expect(result.messages("error").first?.hasPrefix("cannot write \(path)") == true, "stderr: \(result.err)")
        }
    }

    /// A card whose image is missing still renders, with a warning naming the file, and the frame still shows the card.
    @Test func missingImageWarnsAndStillDrawsTheCard() throws {
        try withTemporaryFolder { folder in
            let image = folder.file("no-such-picture.jpg")
            let config = try folder.write("lost.json", """
                {"display": {"background": "#000000"},
                 "cards": [{"title": "Lost Lagoon", "subtitle": "The picture is gone", "image": "\(image)"}]}
                """)
            let (result, png) = try render(["--config", config, "--size", "300x200"], in: folder)
            #expect(result.code == 0, "stderr: \(result.err)")
            let warnings = result.messages("warning")
            #expect(warnings.count == 1, "stderr: \(result.err)")
            #expect(warnings.first?.contains("image unavailable: \(image)") == true, "stderr: \(result.err)")
            #expect(warnings.first?.contains("Lost Lagoon") == true)
            #expect(result.messages("error").isEmpty)

            // Not a blank frame: the title and page control are drawn on the card, so many colours appear.
            #expect(png.flatMap(PNGHeader.init) == PNGHeader(width: 300, height: 200))
            let frame = try RGBAImage(contentsOfPNG: folder.file("frame.png"))
            var colours = Set<UInt32>()
            for i in stride(from: 0, to: frame.bytes.count, by: 4) {
                colours.insert(UInt32(frame.bytes[i]) << 16 | UInt32(frame.bytes[i + 1]) << 8 | UInt32(frame.bytes[i + 2]))
            }
            #expect(colours.count > 8, "the frame has only \(colours.count) colours")
        }
    }

    /// `--size` overrides the config's window size.
    @Test func sizeFlagOverridesTheConfig() throws {
        try withTemporaryFolder { folder in
            let config = try folder.write("small.json", """
                {"display": {"window": {"width": 360, "height": 240}},
                 "cards": [{"title": "Canyon", "image": "\(Checkout.demoImage("canyon"))"}]}
                """)
            let (result, png) = try render(["--config", config, "--size", "150x100"], in: folder)
            #expect(result.code == 0, "stderr: \(result.err)")
            #expect(png.flatMap(PNGHeader.init) == PNGHeader(width: 150, height: 100))
        }
    }
}
