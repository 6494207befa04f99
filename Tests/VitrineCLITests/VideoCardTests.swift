import Foundation
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

/// Where the tests find `ffmpeg`.
let videoTestFFmpeg = FFmpegTool.path

/// Whether this machine has a V4L2 video node (`/dev/video*`), where a memory-to-memory decoder would be tried.
let videoTestHasV4L2Node = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []).contains { $0.hasPrefix("video") }

/// Video cards end to end: `render --time` shows the frame FFmpeg says is at that moment, and `check` names each
/// video or why it cannot be played. The videos are made here with the real `ffmpeg`.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: videoTestFFmpeg), "needs ffmpeg (CI installs it)"))
struct VideoCardTests {
    static let ffmpeg = videoTestFFmpeg
    /// The video: 360x240 (the card's own 3:2, so the aspect fill is 1:1), 10 fps, 5 s, a distinct picture a frame.
    static let size = PixelSize(width: 360, height: 240)

    /// Runs ffmpeg with `arguments`; fails the test when it fails.
    func runFFmpeg(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.ffmpeg)
        process.arguments = ["-v", "error", "-nostdin", "-y"] + arguments
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "ffmpeg \(arguments)")
    }

    /// A folder with `clip.mp4` and a config of one video card naming it.
    func withVideoDeck<T>(_ body: (TemporaryFolder) throws -> T) throws -> T {
        try withTemporaryFolder { folder in
            try runFFmpeg(["-f", "lavfi", "-i", "testsrc2=size=360x240:rate=10:duration=5", "-pix_fmt", "yuv420p", "-c:v", "libx264",
                           folder.file("clip.mp4")])
            _ = try folder.write("kiosk.json", #"{"cards": [{"title": "Clip", "video": "clip.mp4"}, {"title": "B", "video": "clip.mp4"}]}"#)
            return try body(folder)
        }
    }

    /// `render --page 0 --time T` into `name`; its bytes.
    func render(_ folder: TemporaryFolder, time: String?, name: String) throws -> Data {
        let output = folder.file(name)
        let result = try VitrineProcess.run(["render", "--config", folder.file("kiosk.json"), "--size", "360x240", "--page", "0"]
                                            + (time.map { ["--time", $0] } ?? []) + ["--output", output], timeout: .seconds(20))
        #expect(result.code == 0, "stderr: \(result.err)")
        #expect(result.err.isEmpty, "stderr: \(result.err)")
        return try #require(FileManager.default.contents(atPath: output))
    }

    /// The mean difference per channel, 0-255, over the top 45 % of the card: above the gradient (which starts at
    /// the vertical center) and the title and dots under it.
    func meanDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        #expect(a.size == b.size)
        return a.meanDifference(from: b)
    }

    @Test func renderAtATimeShowsTheFrameFFmpegExtractsThereAndTheSameBytesTwice() throws {
        try withVideoDeck { folder in
            var rendered: [RGBAImage] = []
            for time in ["0.5", "1.5", "4.2"] {
                let png = try render(folder, time: time, name: "card-\(time).png")
                #expect(try render(folder, time: time, name: "again-\(time).png") == png, "a second run gives the same bytes")
                try runFFmpeg(["-ss", time, "-i", folder.file("clip.mp4"), "-frames:v", "1", folder.file("ffmpeg-\(time).png")])
                let ours = try RGBAImage(contentsOfPNG: folder.file("card-\(time).png"))
                let theirs = try RGBAImage(contentsOfPNG: folder.file("ffmpeg-\(time).png"))
                let difference = meanDifference(ours, theirs)
                #expect(difference < 8, "at \(time) s the mean difference is \(difference) of 255")
                rendered.append(ours)
            }
            // Each moment is its own frame: testsrc2 draws the time, so a stuck first frame would fail here.
            #expect(meanDifference(rendered[0], rendered[1]) > 1)
            #expect(meanDifference(rendered[1], rendered[2]) > 1)
        }
    }

    @Test func beforeItLandsTheCardShowsTheFirstFrameAndTimeLoopsByTheLength() throws {
        try withVideoDeck { folder in
            let poster = try RGBAImage(contentsOfPNG: { _ = try render(folder, time: nil, name: "poster.png"); return folder.file("poster.png") }())
            try runFFmpeg(["-i", folder.file("clip.mp4"), "-frames:v", "1", folder.file("first.png")])
            #expect(meanDifference(poster, try RGBAImage(contentsOfPNG: folder.file("first.png"))) < 8)
            // 6.5 s into a 5 s video is its 1.5 s frame.
            #expect(try render(folder, time: "6.5", name: "looped.png") == render(folder, time: "1.5", name: "plain.png"))
        }
    }

    @Test func checkSaysWhatEachVideoIsOrWhyItCannotPlay() throws {
        try withVideoDeck { folder in
            let good = try VitrineProcess.run(["check", "--config", folder.file("kiosk.json")], timeout: .seconds(20))
            #expect(good.code == 0, "\(good.out) \(good.err)")
            #expect(good.out.contains("cards[0].video: \(folder.file("clip.mp4")): mov,mp4,m4a,3gp,3g2,mj2, h264, 360x240, 10 fps, 5 s"), "\(good.out)")
            #expect(good.out.contains("1 video"), "\(good.out)")

            // Cut off a third of the way (its index first, as a streamed file has it), cut off before its index
            // (written last), text posing as a video, and a picture too large.
            try runFFmpeg(["-i", folder.file("clip.mp4"), "-c", "copy", "-movflags", "+faststart", folder.file("streamed.mp4")])
            let whole = try #require(FileManager.default.contents(atPath: folder.file("streamed.mp4")))
            let unindexed = try #require(FileManager.default.contents(atPath: folder.file("clip.mp4")))
            try unindexed.prefix(unindexed.count / 2).write(to: URL(fileURLWithPath: folder.file("noindex.mp4")))
            try whole.prefix(whole.count / 3).write(to: URL(fileURLWithPath: folder.file("cut.mp4")))
            _ = try folder.write("text.mp4", "not a video at all\n")
            try runFFmpeg(["-f", "lavfi", "-i", "color=size=4096x2160:rate=1:duration=1", "-c:v", "mpeg4", "-q:v", "31", folder.file("huge.mp4")])
            _ = try folder.write("bad.json", #"""
                {"cards": [{"title": "A", "video": "cut.mp4"}, {"title": "B", "video": "text.mp4"}, {"title": "C", "video": "huge.mp4"},
                           {"title": "D", "video": "noindex.mp4"}]}
                """#)
            let bad = try VitrineProcess.run(["check", "--config", folder.file("bad.json")], timeout: .seconds(20))
            #expect(bad.code == 65, "\(bad.out) \(bad.err)")
            #expect(bad.out.contains("cards[1].video: \(folder.file("text.mp4")): not a video FFmpeg can read"), "\(bad.out)")
            #expect(bad.out.contains("cards[2].video: \(folder.file("huge.mp4")): 4096x2160 is over the limit of 3840x2160"), "\(bad.out)")
            #expect(bad.out.contains("cards[3].video: \(folder.file("noindex.mp4")): not a video FFmpeg can read"), "\(bad.out)")
            // A cut-off file still plays what it has: its frames up to the cut, the last one held.
            #expect(bad.out.contains("cards[0].video: \(folder.file("cut.mp4")): mov,mp4"), "\(bad.out)")
            let cut = try VitrineProcess.run(["render", "--config", folder.file("bad.json"), "--size", "360x240", "--time", "4.5",
                                              "--output", folder.file("cut.png")], timeout: .seconds(20))
            #expect(cut.code == 0, "\(cut.err)")
            #expect(FileManager.default.fileExists(atPath: folder.file("cut.png")))
        }
    }

    /// `check` says which decoder a window would play each video with: VA-API, or software and why. This machine's
    /// cases are the fallbacks: no device, a device path that is no DRM render node, one with no VA-API driver, and
    /// hardware decoding turned off.
    @Test func checkSaysWhichDecoderAWindowWouldUse() throws {
        try withVideoDeck { folder in
            func check(_ config: String, device: String) throws -> String {
                let result = try VitrineProcess.run(["check", "--config", folder.file(config)],
                                                    environment: VitrineProcess.noDisplay.merging(["VITRINE_VAAPI_DEVICE": device]) { $1 },
                                                    timeout: .seconds(20))
                #expect(result.code == 0, "\(result.out) \(result.err)")
                return result.out
            }
            let note = "cards[0].video: \(folder.file("clip.mp4")): mov,mp4,m4a,3gp,3g2,mj2, h264, 360x240, 10 fps, 5 s; in a window: "
            // With VA-API out of reach, a V4L2 memory-to-memory decoder is tried: this machine has no /dev/video*
            // (a machine with one says what its decoder made of the clip instead; only the VA-API reason is checked).
            let m2m = videoTestHasV4L2Node ? "" : "; no V4L2 memory-to-memory device (/dev/video*))"
            let missing = try check("kiosk.json", device: folder.file("renderD128"))
            #expect(missing.contains(note + "software (no VA-API device (\(folder.file("renderD128")): No such file or directory)" + m2m), "\(missing)")
            let plain = try folder.write("plain-file", "not a device\n")
            let file = try check("kiosk.json", device: plain)
            #expect(file.contains(note + "software (\(plain) is not a DRM render node" + m2m), "\(file)")
            let null = try check("kiosk.json", device: "/dev/null")
            #expect(null.contains(note + "software (no VA-API driver could start on /dev/null" + m2m), "\(null)")
            _ = try folder.write("off.json", #"{"display": {"hardwareDecoding": false}, "cards": [{"title": "Clip", "video": "clip.mp4"}]}"#)
            let off = try check("off.json", device: "/dev/null")
            #expect(off.contains(note + "software (display.hardwareDecoding is off)"), "\(off)")
        }
    }

    @Test func durationVideoIsTheVideosLength() throws {
        try withVideoDeck { folder in
            _ = try folder.write("timed.json", #"""
                {"cards": [{"title": "A", "video": "clip.mp4", "duration": "video"}, {"title": "B", "video": "gone.mp4", "duration": "video"},
                           {"title": "C", "video": "clip.mp4"}]}
                """#)
            let loaded = try KioskConfig.load(path: folder.file("timed.json"))
            #expect(loaded.config.cards.map(\.schedule.duration) == [5, nil, nil])
            #expect(loaded.warnings.map { "\($0.path): \($0.message)" }.contains {
                $0.hasPrefix("cards[1].duration: \"video\": \(folder.file("gone.mp4")): not a video FFmpeg can read")
                    && $0.hasSuffix("; the card lasts the autoplay interval")
            }, "\(loaded.warnings)")
        }
    }
}
