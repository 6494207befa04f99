import Foundation
import Testing
import VitrineSystem
import VitrineTestSupport

/// An animated GIF card plays in a real window under Xvfb: each of its frames shown once a pass, for as many passes
/// as the file says; then its decode thread ends and nothing is drawn; a cut-off GIF says so once, naming the file.
@Suite(.serialized, .enabled(if: animationPillowPresent && VideoDecoder.librariesPresent, "needs python3-pil and FFmpeg (CI installs them)"))
struct AnimatedPlaybackTests {
    @Test func aGIFPlaysItsPassesInTheWindowThenRestsAndACutOneIsNamed() throws {
        try withTemporaryFolder { folder in
            _ = try AnimatedPictureTests().make("twice", "twice.gif", in: folder)
            _ = try AnimatedPictureTests().make("steps", "steps.gif", in: folder)
            let whole = try Data(contentsOf: URL(fileURLWithPath: folder.file("steps.gif")))
            try whole.prefix(whole.count * 80 / 100).write(to: URL(fileURLWithPath: folder.file("cut.gif")))
            _ = try folder.write("kiosk.json", #"""
                {"cards": [{"title": "Still", "image": "\#(Checkout.demoImage("canyon"))"},
                           {"title": "Twice", "image": "twice.gif"}, {"title": "Cut", "image": "cut.gif"}]}
                """#)
            let x = try XvfbSession()
            let app = try x.launchVitrine(["run", "--config", folder.file("kiosk.json"), "--windowed", "600x400", "--stats"])
            let pid = app.process.processIdentifier
            let (x0, y0) = try x.windowOrigin(of: app)
            _ = try x.xdotool(["mousemove", "\(x0 + 300)", "\(y0 + 200)", "key", "Right"])
            // Two passes of 4 frames (2 s each): 8 frames, each shown or (on a busy machine) skipped once.
            var figures: (shown: Int, skipped: Int)?
            let played = XvfbSession.eventually(20) {
                kill(pid, SIGUSR1)
                _ = XvfbSession.eventually(1) { VideoPlaybackTests.videoFigures(app.errors).map { $0.shown != figures?.shown } ?? false }
                figures = VideoPlaybackTests.videoFigures(app.errors)
                return (figures.map { $0.shown + $0.skipped } ?? 0) >= 8
            }
            #expect(played && figures.map { $0.shown + $0.skipped } == 8, "\(app.errors)")
            // Played out: its thread has ended, and a later report still counts 8 frames.
            #expect(XvfbSession.eventually(5) { VideoPlaybackTests.threads(named: "vitrine.anim", in: pid) == 0 }, "the decode thread ended")
            let reports = app.errors.components(separatedBy: "video stats:").count
            kill(pid, SIGUSR1)
            #expect(XvfbSession.eventually(5) { app.errors.components(separatedBy: "video stats:").count > reports })
            #expect(VideoPlaybackTests.videoFigures(app.errors).map { $0.shown + $0.skipped } == 8, "\(app.errors)")
            #expect(!app.errors.contains("warning"), "\(app.errors)")

            _ = try x.xdotool(["key", "Right"])
            let named = XvfbSession.eventually(20) {
                app.errors.contains("animated picture damaged or cut off: \(folder.file("cut.gif")): showing its last good frame")
            }
            #expect(named, "\(app.errors)")
            app.process.interrupt()
            app.process.waitUntilExit()
            #expect(app.errors.components(separatedBy: "damaged or cut off").count == 2, "said once: \(app.errors)")
        }
    }

    /// Which frame of the `steps` GIF (animation.py: frame i a colour of its own with a white bar at canvas x 20 + 80 i
    /// to 80 + 80 i, y 20 to 90) `grab` shows, its 360x240 canvas filling the window's `width`x`height` card; nil when
    /// it shows none of them whole (a frame misplaced, mis-scaled or of the wrong colours).
    static func stepsFrame(in grab: RGBAImage, width: Int, height: Int) -> Int? {
        let colors: [[Int]] = [[220, 40, 40], [40, 200, 60], [40, 80, 230], [240, 210, 30]]
        func at(_ x: Int, _ y: Int) -> [Int] { grab[x * width / 360, y * height / 240].prefix(3).map(Int.init) }
        func near(_ a: [Int], _ b: [Int]) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= 12 } }
        guard let shown = colors.firstIndex(where: { near(at(180, 100), $0) }) else { return nil }
        for bar in 0..<4 where !near(at(50 + 80 * bar, 55), bar == shown ? [255, 255, 255] : colors[shown]) { return nil }
        return shown
    }

    @Test func aGIFAtRestIsDrawnStraightIntoTheWindowScaledFromItsOwnSize() throws {
        // The 360x240 GIF's crop is smaller than the 600x400 card: its frames come at their own size and are scaled
        // as they are drawn into the window's frame (no card texture). Every grab shows one whole frame, in place.
        try withTemporaryFolder { folder in
            _ = try AnimatedPictureTests().make("steps", "steps.gif", in: folder)
            _ = try folder.write("kiosk.json", #"""
                {"cards": [{"title": "Still", "image": "\#(Checkout.demoImage("canyon"))"}, {"title": "Steps", "image": "steps.gif"}]}
                """#)
            let x = try XvfbSession()
            let app = try x.launchVitrine(["run", "--config", folder.file("kiosk.json"), "--windowed", "600x400"])
            let (x0, y0) = try x.windowOrigin(of: app)
            _ = try x.xdotool(["mousemove", "\(x0 + 300)", "\(y0 + 200)", "key", "Right"])
            var seen: Set<Int> = [], wrong = 0
            _ = try XvfbSession.eventually(15) {
                let grab = try x.grabWindow(of: app)
                if let frame = Self.stepsFrame(in: grab, width: grab.size.width, height: grab.size.height) {
                    seen.insert(frame)
                } else if !seen.isEmpty {
                    wrong += 1
                    try? grab.writePNG(to: folder.file("wrong-\(wrong).png"))
                }
                return seen.isSuperset(of: [1, 2, 3])
            }
            #expect(seen.isSuperset(of: [1, 2, 3]), "frames seen: \(seen.sorted()); \(app.errors)")
            #expect(wrong == 0, "\(wrong) grabs showed no whole frame after the first did")
            #expect(!app.errors.contains("warning"), "\(app.errors)")
        }
    }
}
