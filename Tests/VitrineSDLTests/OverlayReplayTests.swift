import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// A clock overlay in a replay started at a wall time: it shows the replay's time and changes at the minute.
    @Suite struct OverlayReplay {
        @Test func theClockShowsTheReplaysWallTimeAndChangesAtTheMinute() throws {
            _ = Fixture.library
            var config = Fixture.deck()
            config.overlay = try KioskConfig.decode(Array(#"{"cards": [], "overlay": {"clock": "HH:mm", "date": "EEE d MMM", "position": "topLeading"}}"#.utf8),
                                                    file: "x.json").config.overlay
            var frames: [String: RGBAImage] = [:]
            let runner = try ReplayRunner(config: config, size: PixelSize(width: 900, height: 600), fonts: FontLibrary(paths: Fixture.fontPaths),
                                          events: nil, localStart: LocalTime(year: 2026, month: 12, day: 31, hour: 23, minute: 59, second: 50)!,
                                          report: { _ in })
            let script = """
                {"at":5,"screenshot":"before"}
                {"at":15,"screenshot":"after"}
                """
            try runner.run(ReplayScript.parse(script, file: "script")) { (surface, name, _) throws(SDLError) in
                frames[name] = try RGBAImage(surface)
            }
            #expect(runner.embedded.runtime.settledFrame.decor.overlay?.clock == "00:00")
            #expect(runner.embedded.runtime.settledFrame.decor.overlay?.date == "Fri 1 Jan")
            for name in ["before", "after"] {
                let frame = try #require(frames[name])
                let failure = Fixture.snapshots.verify(frame, named: "overlay-replay-\(name)-900x600")
                #expect(failure == nil, Comment(rawValue: failure ?? ""))
            }
            #expect(frames["before"] != frames["after"])
        }
    }
}
