import Foundation
import Testing
import VitrineTestSupport

/// A video card plays in a real window under Xvfb: a 1920x1080 30 fps H.264 clip's frames are shown at their
/// moments (each new; how many the loop skips on a busy machine, Scripts/video_bench.py prints), decoded on a thread
/// of its own that ends when the card leaves.
@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: videoTestFFmpeg), "needs ffmpeg (CI installs it)"))
struct VideoPlaybackTests {
    /// The `video stats:` figures in `log`, the last line's: frames shown and skipped.
    static func videoFigures(_ log: String) -> (shown: Int, skipped: Int)? {
        guard let line = log.split(separator: "\n").last(where: { $0.contains("info: video stats: ") }),
              let match = line.firstMatch(of: #/(\d+) frames shown, (\d+) skipped/#),
              let shown = Int(match.output.1), let skipped = Int(match.output.2) else { return nil }
        return (shown, skipped)
    }

    /// The threads of process `pid` named `name` (`/proc/PID/task/*/comm`).
    static func threads(named name: String, in pid: Int32) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.filter { task in
            (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == name
        }.count
    }

    /// Whether `a` and `b` differ anywhere in their top third.
    static func topDiffers(_ a: RGBAImage, _ b: RGBAImage) -> Bool {
        a.size == b.size && a.bytes[..<(a.size.width * a.size.height / 3 * 4)] != b.bytes[..<(b.size.width * b.size.height / 3 * 4)]
    }

    /// Runs ffmpeg with `arguments`.
    static func ffmpeg(_ arguments: [String]) throws {
        #expect(try FFmpegTool.run(arguments) == 0, "ffmpeg \(arguments)")
    }

    @Test func aFullHDClipPlaysFramesInTheWindowIsReopenedOnDeployAndStopsWhenItLeaves() throws {
        try withTemporaryFolder { folder in
            // 3 s at 30 fps: 90 frames, each its own picture (testsrc2 draws the time).
            try Self.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=30:duration=3", "-pix_fmt", "yuv420p", "-c:v", "libx264",
                             "-preset", "ultrafast", folder.file("clip.mp4")])
            _ = try folder.write("kiosk.json", #"""
                {"cards": [{"title": "Still", "image": "\#(Checkout.demoImage("canyon"))"},
                           {"title": "Clip", "video": "clip.mp4"}]}
                """#)
            // VA-API asked of a device path that is no DRM render node: the frames decode in software, said once.
            let device = try folder.write("not-a-device", "plain bytes\n")
            let x = try XvfbSession()
            let app = try x.launchVitrine(["run", "--config", folder.file("kiosk.json"), "--windowed", "1200x800", "--stats"],
                                          environment: ["VITRINE_VAAPI_DEVICE": device])
            let pid = app.process.processIdentifier
            let (x0, y0) = try x.windowOrigin(of: app)
            #expect(Self.threads(named: "vitrine.video", in: pid) == 0, "no decode thread before a video card comes")
            // The clip's card comes: its frames are decoded while the slide brings it in, and shown from its landing.
            _ = try x.xdotool(["mousemove", "\(x0 + 600)", "\(y0 + 400)", "key", "Right"])
            // The first pass through the clip: 90 frames shown. A frame is dropped unseen only when the loop wakes after
            // the next one is due, which a machine this busy may make it do: Scripts/video_bench.py prints how many.
            var figures: (shown: Int, skipped: Int)?
            let played = XvfbSession.eventually(20) {
                kill(pid, SIGUSR1)
                _ = XvfbSession.eventually(1) { Self.videoFigures(app.errors).map { $0.shown != figures?.shown } ?? false }
                figures = Self.videoFigures(app.errors)
                return (figures?.shown ?? 0) >= 90
            }
            #expect(played, "the video did not play 90 frames: \(app.errors)")
            // The window itself moves: two grabs of it differ above the gradient (testsrc2 draws the time).
            let first = try x.grabWindow(of: app)
            #expect(try XvfbSession.eventually(5) { try Self.topDiffers(first, x.grabWindow(of: app)) }, "the window shows a still picture")
            // FFmpeg's own decode threads take the name of the thread that made them.
            #expect(Self.threads(named: "vitrine.video", in: pid) >= 1, "a decode thread while it plays")
            #expect(!app.errors.contains("warning"), "\(app.errors)")

            // A deploy replaces the clip while it plays: it is opened again (a second decode thread, "2 videos").
            try Self.ffmpeg(["-f", "lavfi", "-i", "testsrc=size=640x360:rate=30:duration=2", "-pix_fmt", "yuv420p", "-c:v", "libx264",
                             "-preset", "ultrafast", folder.file("next.mp4")])
            #expect(rename(folder.file("next.mp4"), folder.file("clip.mp4")) == 0)
            let reopened = XvfbSession.eventually(15) {
                kill(pid, SIGUSR1)
                return XvfbSession.eventually(1) { app.errors.contains("video stats: 2 videos") }
            }
            #expect(reopened, "the replaced clip was not opened again: \(app.errors)")

            // The still card comes back: the video stops, its decode threads are gone.
            _ = try x.xdotool(["key", "Left"])
            #expect(XvfbSession.eventually(10) { Self.threads(named: "vitrine.video", in: pid) == 0 }, "the decode thread outlived its card")
            app.process.terminate()
            #expect(app.wait(seconds: 5) == 0, "\(app.errors)")
            // Two videos opened (the clip, then the one the deploy put there), one line about software decoding.
            let fallbacks = app.errors.split(separator: "\n").filter { $0.contains("video: decoding in software: ") }
            #expect(fallbacks.count == 1 && fallbacks[0].contains("info: video: decoding in software: \(device) is not a DRM render node" + (videoTestHasV4L2Node ? "" : "; no V4L2 memory-to-memory device (/dev/video*)")),
                    "\(fallbacks)")
        }
    }
}
