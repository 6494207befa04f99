import Foundation
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

/// An animated picture's decode thread in process: its frames come at the times ``AnimationClock`` says, it ends
/// (so the kiosk sleeps) once a finite animation has played out, and cut or bit-flipped files give their last good
/// frame without crashing or hanging.
@Suite(.enabled(if: animationPillowPresent && VideoDecoder.librariesPresent, "needs python3-pil and FFmpeg (CI installs them)"))
struct AnimatedPictureFaultTests {
    let maker = AnimatedPictureTests()
    static let card = PixelSize(width: 300, height: 200)

    /// The frames' times, up to `limit` of them, from a source of `path` whose clock reads `since`.
    func times(_ path: String, since: Double = 0, limit: Int = 12) throws -> [Double] {
        let info = try #require(try AnimatedPicture.probe(path: path))
        let source = try AnimatedPicture.source(path: path, info: info, card: Self.card, since: since)
        var times: [Double] = []
        while times.count < limit, let frame = try source.nextFrame() {
            guard case .argb(let pixels) = frame.pixels else { Issue.record("not ARGB"); break }
            #expect(frame.size == Self.card && pixels.count == 300 * 200)
            times.append((frame.time * 1000).rounded() / 1000)
        }
        return times
    }

    @Test func framesComeAtTheirDelaysPassAfterPassAndFromTheMomentAPumpStarts() throws {
        try withTemporaryFolder { folder in
            _ = try maker.make("steps", "steps.gif", in: folder)
            _ = try maker.make("steps-apng", "steps.png", in: folder)
            _ = try maker.make("twice", "twice.gif", in: folder)
            for name in ["steps.gif", "steps.png"] {
                #expect(try times(folder.file(name), limit: 6) == [0, 0.2, 0.7, 1, 2, 2.2], "\(name)")
                #expect(try times(folder.file(name), since: 2.5, limit: 3) == [2.2, 2.7, 3], "\(name)")
            }
            #expect(try times(folder.file("twice.gif")) == [0, 0.2, 0.7, 1, 2, 2.2, 2.7, 3], "two passes, then nothing")
            #expect(try times(folder.file("twice.gif"), since: 50) == [3], "played out: its last frame")
        }
    }

    @Test func oncePlayedOutThePumpEndsAndAsksForNoMoreFrames() throws {
        try withTemporaryFolder { folder in
            _ = try maker.make("once", "once.gif", in: folder)
            let path = folder.file("once.gif")
            let info = try #require(try AnimatedPicture.probe(path: path))
            #expect(info.loopCount == 1 && info.frameCount == 4)
            let pump = FramePump(label: "vitrine.anim", open: { () throws(VideoProblem) -> any FrameSource in
                try AnimatedPicture.source(path: path, info: info, card: Self.card)
            }, onFrame: {})
            defer { pump.stop() }
            var shown: [Double] = []
            let deadline = Date().addingTimeInterval(20)
            while !pump.isDone, Date() < deadline {
                if let (frame, _) = pump.take(dueBy: 1_000) { shown.append(frame.time) }
            }
            #expect(pump.isDone, "the pump ends after the last pass")
            #expect(shown.last == 1.0 && pump.nextTime == nil && pump.problem == nil && !pump.isDamaged)
            #expect(pump.decodedCount == 4, "each frame decoded once: \(pump.decodedCount)")
        }
    }

    @Test func cutAndBitFlippedFilesGiveTheirLastGoodFrameAndCheckNamesThem() throws {
        try withTemporaryFolder { folder in
            _ = try maker.make("steps", "steps.gif", in: folder)
            _ = try maker.make("steps-apng", "steps.png", in: folder)
            var names: [String] = []
            for source in ["steps.gif", "steps.png"] {
                let whole = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder.file(source))))
                var corpus: [(String, [UInt8])] = [40, 60, 80, 95].map { ("cut\($0)-\(source)", Array(whole.prefix(whole.count * $0 / 100))) }
                for flip in 1...8 {
                    var bytes = whole
                    for at in stride(from: 13 + flip * 7, to: bytes.count, by: max(1, bytes.count / (flip * 6))) { bytes[at] ^= UInt8(0x5A ^ flip) }
                    corpus.append(("flip\(flip)-\(source)", bytes))
                }
                for (name, bytes) in corpus {
                    try Data(bytes).write(to: URL(fileURLWithPath: folder.file(name)))
                    names.append(name)
                    // The decode thread's source: frames up to the damage, then the end (its last frame stays) or,
                    // with not one frame, why; never a crash or a hang.
                    guard let info = try AnimatedPicture.probe(path: folder.file(name)) else { continue }
                    do throws(VideoProblem) {
                        let source = try AnimatedPicture.source(path: folder.file(name), info: info, card: Self.card)
                        var count = 0
                        while count < 40, (try source.nextFrame()) != nil { count += 1 }
                        if name.hasPrefix("cut") { #expect(count < 40 && source.isDamaged, "\(name): \(count) frames") }
                    } catch {
                        #expect(!error.description.isEmpty)
                    }
                }
            }
            let cards = names.map { #"{"title": "\#($0)", "image": "\#($0)"}"# }.joined(separator: ", ")
            _ = try folder.write("bad.json", #"{"cards": [\#(cards)]}"#)
            let check = try VitrineProcess.run(["check", "--config", folder.file("bad.json")], timeout: .seconds(60))
            #expect(!check.timedOut && (check.code == 0 || check.code == 65), "\(check.out) \(check.err)")
            #expect(check.out.contains("animation: \(folder.file("bad.json")): cards[2].image: \(folder.file("cut80-steps.gif")): GIF, 360x240, 4 frames")
                    && check.out.contains("(damaged or cut off: its last good frame shows)"), "\(check.out)")
            let render = try VitrineProcess.run(["render", "--config", folder.file("bad.json"), "--size", "360x240", "--page", "2", "--time", "1.5",
                                                 "--output", folder.file("cut.png")], timeout: .seconds(30))
            #expect(render.code == 0 && !render.timedOut, "\(render.err)")
        }
    }
}
