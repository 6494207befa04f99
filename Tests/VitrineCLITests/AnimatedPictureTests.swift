import Foundation
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

/// Whether Pillow (`python3-pil`, which CI installs) is here to draw the animations.
let animationPillowPresent: Bool = {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", "import PIL"]
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}()

/// Animated GIF and APNG cards end to end: `render --time` and replay screenshots show the frame of their moment,
/// as Pillow's own decoder composes it (disposal, transparency), at the delays the file says, for as many passes
/// as it says; `check` says what each is; damaged files never crash or hang. The animations are drawn at test time
/// by `Tests/VitrineSDLTests/Fixtures/animation.py`: 360x240 (the card's 3:2, so the aspect fill is 1:1); `steps`
/// shows 4 frames for 0.2, 0.5, 0.3 and 1.0 s.
@Suite(.enabled(if: animationPillowPresent && VideoDecoder.librariesPresent, "needs python3-pil and FFmpeg (CI installs them)"))
struct AnimatedPictureTests {
    static let script = VitrineProcess.root + "/Tests/VitrineSDLTests/Fixtures/animation.py"

    /// Runs animation.py with `arguments`; its output.
    @discardableResult
    func pillow(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script] + arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "animation.py \(arguments)")
        return String(decoding: data, as: UTF8.self)
    }

    /// Makes animation `kind` as `name` in `folder`, with Pillow's frames `name-0.png`, … and a one-card config
    /// `name.json` showing it; the frames.
    func make(_ kind: String, _ name: String, in folder: TemporaryFolder) throws -> [RGBAImage] {
        try pillow(["make", kind, folder.file(name)])
        let count = Int(try pillow(["frames", folder.file(name), folder.file(name)]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        _ = try folder.write(name + ".json", #"{"cards": [{"title": "A", "image": "\#(name)"}, {"title": "B", "image": "\#(name)"}]}"#)
        return try (0..<count).map { try RGBAImage(contentsOfPNG: folder.file("\(name)-\($0).png")) }
    }

    /// `render --page 0 --time T` of `name`'s deck; the PNG's bytes.
    func render(_ folder: TemporaryFolder, _ name: String, time: String) throws -> Data {
        let output = folder.file("\(name)-at-\(time).png")
        let result = try VitrineProcess.run(["render", "--config", folder.file(name + ".json"), "--size", "360x240", "--time", time,
                                             "--output", output], timeout: .seconds(30))
        #expect(result.code == 0 && !result.timedOut, "stderr: \(result.err)")
        return try #require(FileManager.default.contents(atPath: output))
    }

    func image(_ data: Data, _ folder: TemporaryFolder) throws -> RGBAImage {
        let path = folder.file("decoded-\(UUID().uuidString).png")
        try data.write(to: URL(fileURLWithPath: path))
        return try RGBAImage(contentsOfPNG: path)
    }

    /// The mean difference per channel, 0-255, over the top 45 % of the card (above the gradient and title).
    func meanDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        #expect(a.size == b.size)
        return a.meanDifference(from: b)
    }

    /// Expects `shown` to be frame `index` of `frames` and no other.
    func expectFrame(_ shown: RGBAImage, is index: Int, of frames: [RGBAImage], _ what: String) {
        for (other, frame) in frames.enumerated() {
            let difference = meanDifference(shown, frame)
            if other == index {
                #expect(difference < 8, "\(what): frame \(index) differs by \(difference) of 255")
            } else if meanDifference(frames[index], frame) > 4 {
                #expect(difference > 4, "\(what): looks like frame \(other), not \(index)")
            }
        }
    }

    @Test func replayScreenshotsChangeFramesAtTheirDelaysTheSameBytesTwice() throws {
        try withTemporaryFolder { folder in
            let frames = try make("steps", "steps.gif", in: folder)
            #expect(frames.count == 4)
            // Just before and after each delay: 0.2, 0.7, 1.0 and 2.0 s (the second pass).
            let moments: [(String, Int)] = [("0.1", 0), ("0.18", 0), ("0.22", 1), ("0.68", 1), ("0.72", 2), ("0.98", 2), ("1.02", 3),
                                            ("1.98", 3), ("2.02", 0), ("2.3", 1)]
            let script = moments.map { #"{"at":\#($0.0),"screenshot":"\#(folder.file("shot-\($0.0).png"))"}"# }.joined(separator: "\n")
            try script.write(toFile: folder.file("script.jsonl"), atomically: true, encoding: .utf8)
            var runs: [[Data]] = []
            for _ in 0..<2 {
                let result = try VitrineProcess.run(["replay", "--config", folder.file("steps.gif.json"), "--script", folder.file("script.jsonl"),
                                                     "--size", "360x240"], timeout: .seconds(60))
                #expect(result.code == 0 && !result.timedOut, "\(result.err)")
                runs.append(try moments.map { try #require(FileManager.default.contents(atPath: folder.file("shot-\($0.0).png"))) })
            }
            #expect(runs[0] == runs[1], "a second replay gives the same bytes")
            for (index, (time, frame)) in moments.enumerated() {
                expectFrame(try image(runs[0][index], folder), is: frame, of: frames, "replay at \(time) s")
            }
        }
    }

    @Test(.enabled(if: WebPAnimation.libraryPresent, "needs libwebpdemux2 (CI installs it)"))
    func anAnimatedWebPPlaysInAReplayAtItsDelays() throws {
        try withTemporaryFolder { folder in
            let frames = try make("steps-webp", "steps.webp", in: folder)
            #expect(frames.count == 4)
            let moments: [(String, Int)] = [("0.1", 0), ("0.22", 1), ("0.68", 1), ("0.72", 2), ("1.02", 3), ("2.02", 0)]
            let script = moments.map { #"{"at":\#($0.0),"screenshot":"\#(folder.file("webp-\($0.0).png"))"}"# }.joined(separator: "\n")
            try script.write(toFile: folder.file("webp.jsonl"), atomically: true, encoding: .utf8)
            let result = try VitrineProcess.run(["replay", "--config", folder.file("steps.webp.json"), "--script", folder.file("webp.jsonl"),
                                                 "--size", "360x240"], timeout: .seconds(60))
            #expect(result.code == 0 && !result.timedOut, "\(result.err)")
            for (time, frame) in moments {
                expectFrame(try RGBAImage(contentsOfPNG: folder.file("webp-\(time).png")), is: frame, of: frames, "WebP replay at \(time) s")
            }
        }
    }

    @Test func renderAtATimeShowsThatFrameOfAGIFAndAnAPNGTheSameBytesTwice() throws {
        try withTemporaryFolder { folder in
            for (kind, name) in [("steps", "steps.gif"), ("steps-apng", "steps.png")] {
                let frames = try make(kind, name, in: folder)
                #expect(frames.count == 4, "\(name)")
                for (time, frame) in [("0.1", 0), ("0.45", 1), ("0.85", 2), ("1.5", 3), ("2.1", 0), ("12.75", 2)] {
                    let png = try render(folder, name, time: time)
                    if time == "0.45" { #expect(try render(folder, name, time: time) == png, "\(name) at \(time) s: a second run gives the same bytes") }
                    expectFrame(try image(png, folder), is: frame, of: frames, "\(name) at \(time) s")
                }
            }
        }
    }

    @Test func disposalModesAndTransparencyShowWhatPillowComposes() throws {
        try withTemporaryFolder { folder in
            // 5 frames of 0.3 s: none, none, background, previous, none; then 3 of 0.4 s over transparency,
            // each restored to the background (the card's black) after it.
            let disposal = try make("disposal", "disposal.gif", in: folder)
            #expect(disposal.count == 5)
            for index in 0..<5 {
                let time = String(Double(index) * 0.3 + 0.15)
                expectFrame(try image(try render(folder, "disposal.gif", time: time), folder), is: index, of: disposal, "disposal at \(time) s")
            }
            let transparent = try make("transparent", "transparent.gif", in: folder)
            for index in 0..<3 {
                let time = String(Double(index) * 0.4 + 0.2)
                expectFrame(try image(try render(folder, "transparent.gif", time: time), folder), is: index, of: transparent,
                            "transparent at \(time) s")
            }
        }
    }

    @Test func aFiniteLoopCountLeavesTheLastFrameAfterItsPasses() throws {
        try withTemporaryFolder { folder in
            let once = try make("once", "once.gif", in: folder)
            _ = try make("twice", "twice.gif", in: folder)
            // One pass is 2 s: 2.1 s is the second pass of a looping GIF, but a GIF without a loop count played once.
            expectFrame(try image(try render(folder, "once.gif", time: "2.1"), folder), is: 3, of: once, "once at 2.1 s")
            expectFrame(try image(try render(folder, "twice.gif", time: "2.1"), folder), is: 0, of: once, "twice at 2.1 s")
            expectFrame(try image(try render(folder, "twice.gif", time: "4.1"), folder), is: 3, of: once, "twice at 4.1 s")
            expectFrame(try image(try render(folder, "twice.gif", time: "100"), folder), is: 3, of: once, "twice at 100 s")
        }
    }

    @Test func durationVideoIsAFiniteAnimationsPassesElseTheIntervalWithAWarning() throws {
        try withTemporaryFolder { folder in
            _ = try make("twice", "twice.gif", in: folder)
            _ = try make("steps", "steps.gif", in: folder)
            try pillow(["make", "still", folder.file("still.png")])
            _ = try folder.write("timed.json", #"""
                {"cards": [{"title": "A", "image": "twice.gif", "duration": "video"}, {"title": "B", "image": "steps.gif", "duration": "video"},
                           {"title": "C", "image": "still.png", "duration": "video"}]}
                """#)
            let loaded = try KioskConfig.load(path: folder.file("timed.json"))
            #expect(loaded.config.cards.map(\.schedule.duration) == [4, nil, nil], "two passes of 2 s")
            #expect(loaded.config.cards.map { $0.video?.animation?.frameCount } == [4, 4, nil])
            let warnings = loaded.warnings.map { "\($0.path): \($0.message)" }
            #expect(warnings == ["cards[1].duration: \"video\": \(folder.file("steps.gif")) loops forever; the card lasts the autoplay interval",
                                 "cards[2].duration: \"video\": \(folder.file("still.png")) is not an animated picture; the card lasts the autoplay interval"],
                    "\(warnings)")
        }
    }

    @Test func aFolderDecksAnimatedGIFAndAPNGPlayAndItsStillPNGDoesNot() throws {
        try withTemporaryFolder { folder in
            try FileManager.default.createDirectory(atPath: folder.file("deck"), withIntermediateDirectories: true)
            try pillow(["make", "twice", folder.file("deck/a.gif")])
            try pillow(["make", "steps-apng", folder.file("deck/b.png")])
            try pillow(["make", "still", folder.file("deck/c.png")])
            let loaded = try KioskConfig.load(path: folder.file("deck"))
            #expect(loaded.config.cards.map { $0.video?.animation.map { "\($0.format) \($0.frameCount) \($0.loopCount)" } } == ["GIF 4 2", "APNG 4 0", nil])
        }
    }

    @Test func checkSaysWhatEachAnimationIs() throws {
        try withTemporaryFolder { folder in
            _ = try make("steps", "steps.gif", in: folder)
            _ = try make("twice", "twice.gif", in: folder)
            _ = try make("steps-apng", "steps.png", in: folder)
            _ = try folder.write("all.json", #"{"cards": [{"title": "A", "image": "steps.gif"}, {"title": "B", "image": "twice.gif"}, {"title": "C", "image": "steps.png"}]}"#)
            let result = try VitrineProcess.run(["check", "--config", folder.file("all.json")], timeout: .seconds(30))
            #expect(result.code == 0, "\(result.out) \(result.err)")
            #expect(result.out.contains("animation: \(folder.file("all.json")): cards[0].image: \(folder.file("steps.gif")): GIF, 360x240, 4 frames, 2 s a pass, loops forever"), "\(result.out)")
            #expect(result.out.contains("cards[1].image: \(folder.file("twice.gif")): GIF, 360x240, 4 frames, 2 s a pass, plays 2 times"), "\(result.out)")
            #expect(result.out.contains("cards[2].image: \(folder.file("steps.png")): APNG, 360x240, 4 frames, 2 s a pass, loops forever"), "\(result.out)")
            #expect(result.out.contains("ok: 3 cards, 3 images"), "\(result.out)")
            #expect(!result.out.contains("its first frame is shown"), "they play: \(result.out)")
        }
    }
}
