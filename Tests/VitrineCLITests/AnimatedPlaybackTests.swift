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
}
