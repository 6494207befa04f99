import Foundation
import Testing
import VitrineCore
import VitrineSystem
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// Frames from replay scripts, compared with goldens; the event log must be identical run after run.
    @Suite struct ReplayGoldens {
        /// A drag from 80 % to 40 % of the width released still moving, a jump to the last card, then "next" wraps to
        /// the first. (A finger that rests 40 ms before its lift has no speed, so the lift keeps the drag's pace.)
        static let script = """
            {"at":0.10,"touch":"down","x":0.8,"y":0.5}
            {"at":0.15,"touch":"move","x":0.7,"y":0.5}
            {"at":0.20,"touch":"move","x":0.6,"y":0.5}
            {"at":0.25,"touch":"move","x":0.5,"y":0.5}
            {"at":0.25,"screenshot":"mid-drag"}
            {"at":0.30,"touch":"up","x":0.4,"y":0.5}
            {"at":0.40,"screenshot":"mid-settle"}
            {"at":1.00,"key":"end"}
            {"at":2.00,"key":"right"}
            {"at":2.10,"screenshot":"wrap-mid"}
            {"at":3.00,"screenshot":"wrap-end"}
            """

        /// Plays the script; returns the screenshots by name, the event log and the final session.
        func play() throws -> (frames: [String: RGBAImage], log: String, session: KioskSession) {
            _ = Fixture.library
            let logPath = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-replay-\(UUID().uuidString).jsonl").path
            defer { try? FileManager.default.removeItem(atPath: logPath) }
            var frames: [String: RGBAImage] = [:]
            let session: KioskSession
            do {
                let log = try EventLog(path: logPath)
                let runner = try ReplayRunner(config: Fixture.deck(), size: PixelSize(width: 900, height: 600),
                                              fonts: FontLibrary(paths: Fixture.fontPaths), events: log, report: { _ in })
                try runner.run(ReplayScript.parse(Self.script, file: "script")) { (surface, name, _) throws(SDLError) in
                    frames[name] = try RGBAImage(surface)
                }
                session = runner.state
            }
            return (frames, try String(contentsOfFile: logPath, encoding: .utf8), session)
        }

        @Test func framesMatchTheirGoldens() throws {
            let (frames, _, _) = try play()
            #expect(frames.keys.sorted() == ["mid-drag", "mid-settle", "wrap-end", "wrap-mid"])
            for (name, frame) in frames.sorted(by: { $0.key < $1.key }) {
                let failure = Fixture.snapshots.verify(frame, named: "replay-\(name)-900x600")
                #expect(failure == nil, Comment(rawValue: failure ?? ""))
            }
        }

        @Test func withoutAnEventLogTheSameFramesAndPages() throws {
            let logged = try play()
            _ = Fixture.library
            var frames: [String: RGBAImage] = [:]
            let runner = try ReplayRunner(config: Fixture.deck(), size: PixelSize(width: 900, height: 600),
                                          fonts: FontLibrary(paths: Fixture.fontPaths), events: nil, report: { _ in })
            try runner.run(ReplayScript.parse(Self.script, file: "script")) { (surface, name, _) throws(SDLError) in
                frames[name] = try RGBAImage(surface)
            }
            #expect(runner.state.pager.currentPage == logged.session.pager.currentPage)
            let sameFrames = frames == logged.frames  // One Bool: a failing comparison of images must not diff their bytes.
            #expect(sameFrames)
        }

        @Test func eventLogTellsTheWholeStoryAndRepeatsByteForByte() throws {
            let first = try play()
            let second = try play()
            #expect(first.log == second.log)
            let sameFrames = first.frames == second.frames
            #expect(sameFrames)
            let events = first.log.split(separator: "\n").map(String.init)
            #expect(events == [
                #"{"t":0.000,"event":"pageChanged","page":0,"from":null,"reason":"start"}"#,
                #"{"t":0.150,"event":"dragBegan","page":0}"#,
                #"{"t":0.300,"event":"transitionStarted","from":0,"to":1}"#,
                #"{"t":0.900,"event":"transitionFinished","from":0,"to":1,"completed":true}"#,
                #"{"t":0.900,"event":"pageChanged","page":1}"#,
                #"{"t":1.000,"event":"transitionStarted","from":1,"to":5}"#,
                #"{"t":1.325,"event":"transitionFinished","from":1,"to":5,"completed":true}"#,
                #"{"t":1.325,"event":"pageChanged","page":5}"#,
                #"{"t":2.000,"event":"transitionStarted","from":5,"to":0}"#,
                #"{"t":2.325,"event":"transitionFinished","from":5,"to":0,"completed":true}"#,
                #"{"t":2.325,"event":"pageChanged","page":0}"#,
            ])
            #expect(first.session.pager.currentPage == 0 && first.session.isIdle)
        }
    }
}
