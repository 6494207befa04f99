import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// Ken Burns frames, drawn headless as `render --time` and replay screenshots draw them: the picture moves under
    /// a still title, the moment alone decides the pixels, and reduced motion turns it off.
    @Suite struct KenBurnsFrames {
        static let size = PixelSize(width: 900, height: 600)
        /// A smaller window for the replays of many screenshots.
        static let small = PixelSize(width: 450, height: 300)

        /// The test deck with Ken Burns on every card, card 0 panning toward the upper right.
        static func deck(motion: Motion = .full) -> KioskConfig {
            var config = Fixture.deck()
            config.accessibility.kenBurns = true
            config.motion = motion
            config.cards[0].motionSettings.focus = Point(x: 0.8, y: 0.3)
            return config
        }

        func render(_ config: KioskConfig, page: Int = 0, offset: Double = 0, time: Double?) throws -> RGBAImage {
            _ = Fixture.library
            var problems: [String] = []
            let surface = try HeadlessRenderer.frame(config: config, size: Self.size, page: page, offset: offset, time: time,
                                                     fonts: FontLibrary(paths: Fixture.fontPaths), report: { problems.append($0) })
            #expect(problems.isEmpty, "rendering reported: \(problems)")
            return try RGBAImage(surface)
        }

        @Test func thePictureMovesUnderAStillTitleAndMatchesItsGoldens() throws {
            let landing = try render(Self.deck(), time: 0)
            let still = try render(Fixture.deck(), time: nil)
            #expect(landing == still, "at its landing a Ken Burns card is the card as it always was")
            let middle = try render(Self.deck(), time: 7.5)
            let end = try render(Self.deck(), time: KenBurns.defaultDuration)
            #expect(middle != landing && end != middle)
            #expect(try render(Self.deck(), time: 60) == end, "it settles at the end")
            #expect(try render(Self.deck(), time: 7.5) == middle, "the same moment gives the same bytes")
            for (name, frame) in [("mid", middle), ("end", end)] {
                let failure = Fixture.snapshots.verify(frame, named: "kenburns-\(name)-900x600")
                #expect(failure == nil, Comment(rawValue: failure ?? ""))
            }
            // The title's solid white pixels stay where they were (the picture moves under them).
            var white = 0
            for y in 420..<600 {
                for x in 0..<900 where landing[x, y] == [255, 255, 255, 255] {
                    white += 1
                    #expect(end[x, y] == [255, 255, 255, 255], "title pixel \(x),\(y) moved")
                }
            }
            #expect(white > 200, "\(white) white title pixels")
        }

        @Test func duringATransitionTheIncomingCardIsStillAndTheOutgoingKeepsItsFraming() throws {
            let moving = try render(Self.deck(), offset: 0.5, time: 10)
            let atLanding = try render(Self.deck(), offset: 0.5, time: nil)
            // Left half: the outgoing card at its framing; right half: the incoming card at its landing framing.
            var leftDiffers = false, rightSame = true
            for y in 0..<600 {
                let row = y * 900 * 4
                if moving.bytes[(row + 0)..<(row + 440 * 4)] != atLanding.bytes[(row + 0)..<(row + 440 * 4)] { leftDiffers = true }
                if moving.bytes[(row + 460 * 4)..<(row + 900 * 4)] != atLanding.bytes[(row + 460 * 4)..<(row + 900 * 4)] { rightSame = false }
            }
            #expect(leftDiffers && rightSame)
        }

        @Test func reducedMotionHasNoKenBurns() throws {
            let reduced = Self.deck(motion: .reduced)
            #expect(try render(reduced, time: 7.5) == render(reduced, time: 0))
        }

        /// Lands card 1 at 1 s (a key), then screenshots at `shots`; before that, `before` lines.
        func replay(before: [String], shots: [Double], size: PixelSize = size) throws -> [Double: RGBAImage] {
            _ = Fixture.library
            var lines = before + [#"{"at":1,"key":"right"}"#]
            lines += shots.map { #"{"at":\#($0),"screenshot":"\#($0)"}"# }
            var frames: [Double: RGBAImage] = [:]
            let runner = try ReplayRunner(config: Self.deck(), size: size, fonts: FontLibrary(paths: Fixture.fontPaths),
                                          events: nil, report: { _ in })
            try runner.run(ReplayScript.parse(lines.joined(separator: "\n"), file: "script")) { (surface, name, _) throws(SDLError) in
                frames[Double(name)!] = try RGBAImage(surface)
            }
            return frames
        }

        @Test func replayShowsTheSameMomentWhateverTheTimingBeforeAndMovesSmoothly() throws {
            let moment = 4.0
            let plain = try replay(before: [], shots: [moment], size: Self.small)
            let busy = try replay(before: [#"{"at":0.13,"screenshot":"0.13"}"#, #"{"at":0.5,"wait":true}"#,
                                           #"{"at":0.77,"touch":"down","x":0.5,"y":0.5}"#, #"{"at":0.79,"touch":"up","x":0.5,"y":0.5}"#],
                                  shots: [1.7, 2.333, moment], size: Self.small)
            let same = plain[moment] == busy[moment]  // One Bool: a failing comparison of images must not diff their bytes.
            #expect(same, "the screenshot at \(moment) s depends on what came before it")
            // Frame to frame the picture moves by at most a pixel (the software renderer places it in whole pixels):
            // no step differs more from the one before than the picture does from itself moved one pixel down and
            // right; over a second it moves much more.
            let frame = 1.0 / 60
            let starts = [2.0, 3.0, 4.0, 5.0]
            let shots = try replay(before: [], shots: starts.flatMap { [$0, $0 + frame] }, size: Self.small)
            let first = try #require(shots[2]), last = try #require(shots[5])
            let onePixel = Self.meanDifference(first, Self.shifted(first))
            for start in starts {
                let step = Self.meanDifference(try #require(shots[start]), try #require(shots[start + frame]))
                #expect(step <= onePixel, "the step at \(start) s is \(step), a pixel's shift \(onePixel)")
            }
            #expect(Self.meanDifference(first, last) > onePixel, "the picture moves")
        }

        /// `image` moved one pixel down and right (its first row and column kept).
        static func shifted(_ image: RGBAImage) -> RGBAImage {
            var moved = image
            let w = image.size.width
            for y in 1..<image.size.height {
                for x in 1..<w {
                    for k in 0..<4 { moved.bytes[(y * w + x) * 4 + k] = image.bytes[((y - 1) * w + x - 1) * 4 + k] }
                }
            }
            return moved
        }

        /// The mean absolute difference of two images' colour channels, 0...255.
        static func meanDifference(_ a: RGBAImage, _ b: RGBAImage) -> Double {
            var total = 0
            for i in a.bytes.indices where i % 4 != 3 { total += abs(Int(a.bytes[i]) - Int(b.bytes[i])) }
            return Double(total) / Double(a.size.width * a.size.height * 3)
        }
    }
}
