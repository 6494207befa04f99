import Foundation
import Testing
import VitrineTestSupport

/// `check` and `render` with the photo-frame, style and overlay keys, and a URL where a path belongs.
@Suite struct StyleCommandTests {
    static let demo = VitrineProcess.root + "/Assets/Demo/ember-mesa.jpg"

    @Test func checkSaysAURLIsNotAFileInOneLine() throws {
        try withTemporaryFolder { folder in
            let config = try folder.write("kiosk.json", #"{"cards": [{"title": "A", "image": "https://example.com/a.jpg"}]}"#)
            let result = try VitrineProcess.run(["check", "--config", config], timeout: .seconds(20))
            #expect(result.code == 65, "stdout: \(result.out) stderr: \(result.err)")
            let lines = (result.out + result.err).split(separator: "\n")
            let url = lines.filter { $0.contains("https") }
            #expect(url.count == 1, "\(lines)")
            #expect(url.first?.hasSuffix(#"\#(config): cards[0].image: "https://example.com/a.jpg" is a URL: Vitrine shows local files only; put the pictures in a folder deck kept in sync by rsync, Syncthing or rclone (see Docs/Operations.md, "Feeding a folder deck")"#) == true, "\(lines)")
            #expect(!(result.out + result.err).contains("No such file"))
        }
    }

    @Test func checkWarnsOnceForATitleFontItCannotFindAndPasses() throws {
        try withTemporaryFolder { folder in
            let config = try folder.write("kiosk.json", #"""
                {"cards": [{"image": "\#(Self.demo)"}], "style": {"titleFont": "No Such Family Anywhere", "dots": false},
                 "overlay": {"clock": "HH:mm"}}
                """#)
            let result = try VitrineProcess.run(["check", "--config", config], timeout: .seconds(20))
            #expect(result.code == 0, "stdout: \(result.out) stderr: \(result.err)")
            let warnings = result.err.split(separator: "\n").filter { $0.contains("titleFont") }
            #expect(warnings.count == 1, "\(result.err)")
            #expect(warnings.first?.hasSuffix(#"warning: \#(config): style.titleFont: no installed font is named "No Such Family Anywhere" (fc-list : family lists them); the titles use the bundled DejaVu Sans Bold"#) == true, "\(result.err)")
        }
    }

    @Test func renderAtATimeDrawsThatMinutesClock() throws {
        try withTemporaryFolder { folder in
            let config = try folder.write("kiosk.json", #"""
                {"cards": [{"image": "\#(Self.demo)"}], "style": {"dots": false}, "overlay": {"clock": "HH:mm"}}
                """#)
            func render(_ at: String, _ name: String) throws -> Data {
                let output = folder.path + "/" + name
                let result = try VitrineProcess.run(["render", "--config", config, "--size", "300x200", "--at", at, "--output", output],
                                                    timeout: .seconds(20))
                #expect(result.code == 0, "stderr: \(result.err)")
                return try Data(contentsOf: URL(fileURLWithPath: output))
            }
            let first = try render("2026-12-24T09:41", "a.png")
            #expect(try render("2026-12-24T09:41", "b.png") == first)
            #expect(try render("2026-12-24T09:42", "c.png") != first)
        }
    }

    @Test func aTransitionOf035SecondsLasts035SecondsInReplaysEventLog() throws {
        try withTemporaryFolder { folder in
            let config = try folder.write("kiosk.json", #"""
                {"cards": [{"image": "\#(Self.demo)"}, {"image": "\#(Self.demo)"}], "transition": "fade", "style": {"transition": 0.35}}
                """#)
            let script = folder.file("script.jsonl")
            try #"{"at":1,"key":"right"}"#.write(toFile: script, atomically: true, encoding: .utf8)
            let result = try VitrineProcess.run(["replay", "--config", config, "--script", script, "--size", "300x200", "--events", "-"],
                                                timeout: .seconds(30))
            #expect(result.code == 0, "\(result.err)")
            let lines = result.out.split(separator: "\n").filter { $0.contains("transitionStarted") || $0.contains("transitionFinished") }
            // 0.35 s is 42 fixed steps of 1/120 s: the fade lands exactly 0.35 s after it started.
            #expect(lines.count == 2 && lines[0].hasPrefix(#"{"t":1.000,"event":"transitionStarted""#)
                    && lines[1].hasPrefix(#"{"t":1.350,"event":"transitionFinished""#), "\(result.out)")
        }
    }

    @Test func replayStartShowsItsWallTimeInTheClockAndChangesItAtTheMinute() throws {
        try withTemporaryFolder { folder in
            let config = try folder.write("kiosk.json", #"""
                {"cards": [{"title": "Clock", "image": "\#(Self.demo)"}], "overlay": {"clock": "HH:mm", "date": "EEE d MMM"}}
                """#)
            let script = try folder.write("clock.jsonl", """
                {"at":5,"screenshot":"\(folder.file("before.png"))"}
                {"at":15,"screenshot":"\(folder.file("after.png"))"}
                """)
            var environment = VitrineProcess.noDisplay
            environment["TZ"] = "Europe/Berlin"
            let replay = try VitrineProcess.run(["replay", "--config", config, "--script", script, "--size", "300x200",
                                                 "--start", "2026-12-24T09:59:50"], environment: environment, timeout: .seconds(30))
            #expect(replay.code == 0, "\(replay.err)")
            // Each screenshot is the frame render draws at that minute.
            for (shot, minute) in [("before", "09:59"), ("after", "10:00")] {
                let rendered = folder.file("render-\(shot).png")
                let render = try VitrineProcess.run(["render", "--config", config, "--size", "300x200", "--at", "2026-12-24T\(minute)",
                                                     "--output", rendered], environment: environment, timeout: .seconds(20))
                #expect(render.code == 0, "\(render.err)")
                let same = try RGBAImage(contentsOfPNG: rendered) == RGBAImage(contentsOfPNG: folder.file("\(shot).png"))
                #expect(same, "the \(shot) screenshot is not the frame at \(minute)")
            }
            let changed = try RGBAImage(contentsOfPNG: folder.file("before.png")) != RGBAImage(contentsOfPNG: folder.file("after.png"))
            #expect(changed)
        }
    }
}
