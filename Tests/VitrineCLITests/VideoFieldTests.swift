import Foundation
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

/// Videos as users bring them, made here with the real `ffmpeg`: a phone's clip stored on its side with a display
/// matrix, a mirrored one, non-square pixels, a clip whose frames start late, a name with a colon, and special
/// files where a video is expected. Each is shown as players show it, or refused at once with one line.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: videoTestFFmpeg), "needs ffmpeg (CI installs it)"))
struct VideoFieldTests {
    /// Runs ffmpeg with `arguments`; fails the test when it fails.
    static func ffmpeg(_ arguments: [String]) throws { try VideoPlaybackTests.ffmpeg(arguments) }

    /// A 1 s clip of `size` at 10 fps (testsrc2: a different picture each way round) at `path`.
    static func clip(_ path: String, size: String, extra: [String] = []) throws {
        try ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=\(size):rate=10:duration=1", "-pix_fmt", "yuv420p"] + extra + ["-c:v", "libx264", path])
    }

    /// `render --page 0 --time T` of a config of one video card at 360x240, as an image.
    static func render(_ folder: TemporaryFolder, video: String, time: String = "0.5") throws -> RGBAImage {
        let config = try folder.write("\(video).json", #"{"cards": [{"title": "Clip", "video": "\#(video)"}]}"#)
        let output = folder.file("\(video)-ours.png")
        let result = try VitrineProcess.run(["render", "--config", config, "--size", "360x240", "--page", "0", "--time", time, "--output", output],
                                            timeout: .seconds(20))
        #expect(result.code == 0 && result.err.isEmpty, "\(result.err)")
        return try RGBAImage(contentsOfPNG: output)
    }

    /// The frame ffmpeg shows at `time` (turned as its display matrix says unless `raw`), through `filters`, at 360x240.
    static func theirs(_ folder: TemporaryFolder, video: String, time: String = "0.5", raw: Bool = false, filters: String = "") throws -> RGBAImage {
        let output = folder.file("\(video)-theirs\(raw ? "-raw" : "")\(filters.isEmpty ? "" : "-f").png")
        // Seeking after the input: decoded from the start, as an MPEG-TS needs (its one key frame is its first).
        try ffmpeg((raw ? ["-noautorotate"] : []) + ["-i", folder.file(video), "-ss", time, "-frames:v", "1",
                                                     "-vf", filters + "scale=360:240", output])
        return try RGBAImage(contentsOfPNG: output)
    }

    /// The mean difference per channel, 0-255, over the top 45 % (above the card's gradient and title).
    static func difference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
        return a.meanDifference(from: b)
    }

    /// `check` of a config of one video card: its output.
    static func check(_ folder: TemporaryFolder, video: String) throws -> ProcessResult {
        let config = try folder.write("check-\((video as NSString).lastPathComponent).json", #"{"cards": [{"title": "Clip", "video": "\#(video)"}]}"#)
        return try VitrineProcess.run(["check", "--config", config], timeout: .seconds(20))
    }

    @Test(arguments: [90, 180, 270])
    func aPhoneClipStoredOnItsSideIsShownUprightAndCheckSaysItsShownSize(rotate: Int) throws {
        try withTemporaryFolder { folder in
            // Stored so that, turned, it fills the 3:2 card exactly (a half turn keeps it landscape).
            let stored = rotate == 180 ? "360x240" : "160x240"
            try Self.clip(folder.file("stored.mp4"), size: stored)
            try Self.ffmpeg(["-i", folder.file("stored.mp4"), "-c", "copy", "-metadata:s:v:0", "rotate=\(rotate)", folder.file("phone.mp4")])
            let ours = try Self.render(folder, video: "phone.mp4")
            let upright = Self.difference(ours, try Self.theirs(folder, video: "phone.mp4"))
            #expect(upright < 8, "turned \(rotate): \(upright) of 255 from ffmpeg's upright frame")
            #expect(Self.difference(ours, try Self.theirs(folder, video: "phone.mp4", raw: true)) > 30, "not shown as stored")
            let check = try Self.check(folder, video: "phone.mp4")
            let shown = rotate == 180 ? "360x240" : "240x160"
            // ffmpeg 5.1 writes `rotate=90` as a quarter turn counterclockwise: 270° clockwise to show it.
            #expect(check.code == 0 && check.out.contains("h264, \(shown), 10 fps, 1 s (stored as \(stored) turned \((360 - rotate) % 360)° clockwise)"),
                    "\(check.out)")
        }
    }

    @Test func aPhoneClipPlaysUprightInTheWindowsDecodeThread() throws {
        try withTemporaryFolder { folder in
            try Self.clip(folder.file("stored.mp4"), size: "160x240")
            try Self.ffmpeg(["-i", folder.file("stored.mp4"), "-c", "copy", "-metadata:s:v:0", "rotate=270", folder.file("phone.mp4")])
            let source = try VideoFrameSource(path: folder.file("phone.mp4"), card: PixelSize(width: 360, height: 240))
            let frame = try #require(try source.nextFrame())
            guard case .yuv420(let bytes, let pitch) = frame.pixels else { Issue.record("not YUV"); return }
            #expect(frame.size == PixelSize(width: 360, height: 240) && pitch == 360)
            // ffmpeg's first frame at the card's size (turned upright unless `raw`): its luma plane.
            func luma(raw: Bool) throws -> Double {
                let output = folder.file("luma\(raw).yuv")
                try Self.ffmpeg((raw ? ["-noautorotate"] : []) + ["-i", folder.file("phone.mp4"), "-frames:v", "1", "-vf", "scale=360:240",
                                                                  "-pix_fmt", "yuv420p", "-f", "rawvideo", output])
                let theirs = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output))).prefix(360 * 240)
                #expect(theirs.count == 360 * 240)
                return Double(zip(bytes.prefix(360 * 240), theirs).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(360 * 240)
            }
            let upright = try luma(raw: false)
            #expect(upright < 6, "the played frame is \(upright) of 255 from ffmpeg's upright one")
            #expect(try luma(raw: true) > 20, "not played as stored")
        }
    }

    @Test func aMirroredDisplayMatrixIsShownMirrored() throws {
        try withTemporaryFolder { folder in
            try Self.clip(folder.file("mirror.mp4"), size: "360x240")
            // The track header's matrix made a left-right mirror: a = -1 and x moved by the width (16.16).
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.file("mirror.mp4"))))
            let tkhd = try #require((0..<(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual("tkhd".utf8) })
            let matrix = tkhd + 4 + 40
            func put(_ value: UInt32, at offset: Int) { for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * i)) } }
            put(0xFFFF_0000, at: matrix)
            put(360 << 16, at: matrix + 24)
            try Data(bytes).write(to: URL(fileURLWithPath: folder.file("mirror.mp4")))
            let ours = try Self.render(folder, video: "mirror.mp4")
            let mirrored = Self.difference(ours, try Self.theirs(folder, video: "mirror.mp4", raw: true, filters: "hflip,"))
            #expect(mirrored < 8, "\(mirrored) of 255 from the stored frame mirrored")
            let check = try Self.check(folder, video: "mirror.mp4")
            #expect(check.out.contains("h264, 360x240, 10 fps, 1 s (stored as 360x240 mirrored)"), "\(check.out)")
        }
    }

    @Test func nonSquarePixelsAreShownAtTheirDisplayAspect() throws {
        try withTemporaryFolder { folder in
            // 240x240 stored with pixels 3:2 wide: shown 360x240, the card's own shape.
            try Self.clip(folder.file("wide.mp4"), size: "240x240", extra: ["-vf", "setsar=3/2"])
            let ours = try Self.render(folder, video: "wide.mp4")
            let shown = Self.difference(ours, try Self.theirs(folder, video: "wide.mp4"))
            #expect(shown < 8, "\(shown) of 255 from the frame at its display aspect")
            let check = try Self.check(folder, video: "wide.mp4")
            #expect(check.out.contains("h264, 360x240, 10 fps, 1 s (stored as 240x240 with 3:2 pixels)"), "\(check.out)")
        }
    }

    @Test func aClipWhoseFramesStartLateLastsItsFramesAndANameWithAColonOpens() throws {
        try withTemporaryFolder { folder in
            // An edit list puts its first frame at 10 s: the container says 11 s, its frames last 1 s.
            try Self.clip(folder.file("late:start.mp4"), size: "320x180", extra: ["-output_ts_offset", "10"])
            let check = try Self.check(folder, video: "late:start.mp4")
            #expect(check.code == 0 && check.out.contains("h264, 320x180, 10 fps, 1 s; in a window: "), "\(check.out)")
            let config = try folder.write("timed.json", #"{"cards": [{"title": "A", "video": "late:start.mp4", "duration": "video"}]}"#)
            #expect(try KioskConfig.load(path: config).config.cards.map(\.schedule.duration) == [1])
        }
    }

    /// The frame times a window's decode thread gives for `path` until one is past `seconds` (or 5 s pass).
    static func playedTimes(_ path: String, past seconds: Double) -> [Double] {
        let pump = FramePump(label: "vitrine.video", open: { () throws(VideoProblem) -> any FrameSource in
            try VideoFrameSource(path: path, card: PixelSize(width: 360, height: 240))
        }, onFrame: {})
        var times: [Double] = []
        _ = XvfbSession.eventually(5) {
            while let (frame, _) = pump.take(dueBy: .infinity) { times.append(frame.time) }
            return (times.last ?? 0) > seconds || pump.isDone
        }
        #expect(pump.stop(waitingUpTo: 2))
        return times
    }

    @Test func anMPEGTSClipAndALiveWebMWithNoLengthPlayLoopAndSayTheirLength() throws {
        try withTemporaryFolder { folder in
            // Written to a pipe: the WebM's header says no duration; the TS's first frame is at 1.4 s, its only key frame.
            for (name, format, codec) in [("live.ts", "mpegts", "libx264"), ("live.webm", "webm", "libvpx-vp9")] {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: videoTestFFmpeg)
                process.arguments = ["-v", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc2=size=360x240:rate=10:duration=1",
                                     "-pix_fmt", "yuv420p", "-c:v", codec, "-f", format, "-"]
                let output = Pipe()
                process.standardOutput = output
                try process.run()
                let bytes = output.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                try bytes.write(to: URL(fileURLWithPath: folder.file(name)))
                let check = try Self.check(folder, video: name)
                #expect(check.code == 0 && check.out.contains("360x240, 10 fps, 1 s; in a window: "), "\(name): \(check.out)")
                let ours = try Self.render(folder, video: name, time: "0.5")
                let difference = Self.difference(ours, try Self.theirs(folder, video: name, time: "0.5"))
                #expect(difference < 8, "\(name) at 0.5 s: \(difference) of 255 from ffmpeg's frame")
                // Played in a window it loops: frames of a second pass come.
                let times = Self.playedTimes(folder.file(name), past: 1.2)
                #expect((times.last ?? 0) > 1.2, "\(name) did not loop: \(times)")
                let config = try folder.write("timed.json", #"{"cards": [{"title": "A", "video": "\#(name)", "duration": "video"}]}"#)
                #expect(try KioskConfig.load(path: config).config.cards.map(\.schedule.duration) == [1], "\(name)")
            }
        }
    }

    @Test func aVideoOpenedAgainLateInItsLengthStartsFromTheKeyFrameBeforeItsClock() throws {
        try withTemporaryFolder { folder in
            // 10 s, a key frame a second; the first seconds' data zeroed: reading them marks the file damaged.
            try Self.ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=10:duration=10", "-pix_fmt", "yuv420p", "-g", "10",
                             "-c:v", "libx264", folder.file("long.mp4")])
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.file("long.mp4"))))
            let mdat = try #require((0..<(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual("mdat".utf8) })
            for i in (mdat + 2000)..<(mdat + 2000 + (bytes.count - mdat) / 4) { bytes[i] = 0 }
            try Data(bytes).write(to: URL(fileURLWithPath: folder.file("long.mp4")))
            // A deploy reopens it 8.05 s after its card landed: the first frame shown is the one at 8 s.
            let source = try VideoFrameSource(path: folder.file("long.mp4"), card: PixelSize(width: 360, height: 240), since: 8.05)
            let frame = try #require(try source.nextFrame())
            #expect(abs(frame.time - 8) < 0.01, "\(frame.time)")
            #expect(!source.isDamaged, "it decoded the seconds before its clock")
        }
    }

    /// A FIFO, devices, a directory and an empty file where a video is expected.
    static func specials(in folder: TemporaryFolder) throws -> [(path: String, reason: String)] {
        let fifo = folder.file("pipe.mp4")
        #expect(mkfifo(fifo, 0o644) == 0)
        try FileManager.default.createDirectory(atPath: folder.file("folder.mp4"), withIntermediateDirectories: false)
        _ = try folder.write("empty.mp4", "")
        return [(fifo, "not a regular file (a FIFO)"), ("/dev/zero", "not a regular file (a character device)"),
                ("/dev/urandom", "not a regular file (a character device)"), (folder.file("folder.mp4"), "not a regular file (a directory)"),
                (folder.file("empty.mp4"), "an empty file (0 bytes)")]
    }

    @Test func specialFilesAreRefusedAtOnceByCheckRenderAndTheDecodeThread() throws {
        try withTemporaryFolder { folder in
            for (path, reason) in try Self.specials(in: folder) {
                let check = try Self.check(folder, video: path)
                #expect(!check.timedOut && check.code == 65, "check \(path): \(check.out) \(check.err)")
                #expect(check.out.contains("cards[0].video: \(path): \(reason)\n"), "\(check.out)")
                let config = try folder.write("render.json", #"{"cards": [{"title": "Clip", "video": "\#(path)"}]}"#)
                let render = try VitrineProcess.run(["render", "--config", config, "--size", "360x240", "--output", folder.file("out.png")],
                                                    timeout: .seconds(10))
                #expect(!render.timedOut && render.code == 0, "render \(path): \(render.err)")
                #expect(render.messages("warning").contains { $0.hasPrefix("image unavailable: \(path): \(reason)") }, "\(render.err)")
                // As a window plays it: the decode thread says why, and ends when asked.
                let pump = FramePump(label: "vitrine.video", open: { () throws(VideoProblem) -> any FrameSource in
                    try VideoFrameSource(path: path, card: PixelSize(width: 360, height: 240))
                }, onFrame: {})
                #expect(XvfbSession.eventually(5) { pump.problem != nil }, "\(path): no reason from the decode thread")
                #expect(pump.problem?.description == reason)
                #expect(pump.stop(waitingUpTo: 2), "\(path): the decode thread did not end")
            }
        }
    }
}
