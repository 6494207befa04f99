import Foundation
import Testing
import VitrineCore
import VitrineSystem

/// Where Debian's `img2webp` (package `webp`) is: it makes the animated WebPs these tests play.
let img2webpPath = "/usr/bin/img2webp"

/// Animated WebPs made at test time with `img2webp` from frames drawn here as PAM files.
enum WebPAnimationMaker {
    /// An RGBA colour.
    typealias Colour = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)
    static let red: Colour = (255, 0, 0, 255), green: Colour = (0, 255, 0, 255), blue: Colour = (0, 0, 255, 255)
    static let clear: Colour = (0, 0, 0, 0), white: Colour = (255, 255, 255, 255), magenta: Colour = (255, 0, 255, 255)

    /// Writes a `width` x `height` PAM (RGB_ALPHA) at `path` whose pixel at (x, y) is `colour(x, y)`.
    static func pam(_ path: String, _ width: Int, _ height: Int, _ colour: (Int, Int) -> Colour) throws {
        var bytes = Array("P7\nWIDTH \(width)\nHEIGHT \(height)\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8)
        bytes.reserveCapacity(bytes.count + width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = colour(x, y)
                bytes += [c.r, c.g, c.b, c.a]
            }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// Runs `img2webp` with `arguments`; throws its error output when it fails.
    static func img2webp(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: img2webpPath)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw WebPTestError.toolFailed("img2webp \(arguments.joined(separator: " ")): \(String(decoding: said, as: UTF8.self))")
        }
    }

    /// A 96x64 animation in `folder` of solid red, green and blue frames showing 100, 250 and 40 ms, played `loop`
    /// times (0: forever), with a 16-pixel magenta band down its left edge (cropped away on a square card).
    static func colours(in folder: String, loop: Int, name: String = "colours") throws -> String {
        for (index, colour) in [red, green, blue].enumerated() {
            try pam("\(folder)/\(name)\(index).pam", 96, 64) { x, _ in x < 16 ? magenta : colour }
        }
        let path = "\(folder)/\(name).webp"
        try img2webp(["-loop", "\(loop)", "-d", "100", "\(folder)/\(name)0.pam", "-d", "250", "\(folder)/\(name)1.pam",
                      "-d", "40", "\(folder)/\(name)2.pam", "-o", path])
        return path
    }

    /// A 96x64 animation with transparency: its left half green and its right half clear (100 ms), then a 16x16
    /// red square at (64, 16) on it (250 ms: img2webp gives this frame as a 16x16 frame at that offset, blended,
    /// disposed to the background), then the first picture again (40 ms). Loops twice.
    static func alpha(in folder: String) throws -> String {
        let base: (Int, Int) -> Colour = { x, _ in x < 48 ? green : clear }
        try pam("\(folder)/alpha0.pam", 96, 64, base)
        try pam("\(folder)/alpha1.pam", 96, 64) { x, y in (64..<80).contains(x) && (16..<32).contains(y) ? red : base(x, y) }
        let path = "\(folder)/alpha.webp"
        try img2webp(["-loop", "2", "-d", "100", "\(folder)/alpha0.pam", "-d", "250", "\(folder)/alpha1.pam",
                      "-d", "40", "\(folder)/alpha0.pam", "-o", path])
        return path
    }
}

enum WebPTestError: Error { case toolFailed(String) }

/// The ARGB8888 pixel of `colour` (straight alpha).
func argb(_ c: WebPAnimationMaker.Colour) -> UInt32 {
    UInt32(c.a) << 24 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b)
}

/// Every frame `source` gives, up to `limit`, and whether it ended (gave nil) by then.
func frames(of source: any FrameSource, limit: Int) throws -> (frames: [MovingFrame], ended: Bool) {
    var given: [MovingFrame] = []
    while given.count < limit {
        guard let frame = try source.nextFrame() else { return (given, true) }
        given.append(frame)
    }
    return (given, false)
}

/// The pixel at (x, y) of an ARGB frame.
func pixel(_ frame: MovingFrame, _ x: Int, _ y: Int) -> UInt32? {
    guard case .argb(let pixels) = frame.pixels else { return nil }
    return pixels[y * frame.size.width + x]
}

@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: img2webpPath), "needs img2webp (package webp; CI installs it)"))
struct WebPAnimationTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder(prefix: "vitrine-webp") }

    @Test func probeReadsTheCanvasDelaysAndLoopCountWithoutDecoding() throws {
        defer { folder.remove() }
        let forever = try #require(try WebPAnimation.probe(path: WebPAnimationMaker.colours(in: folder.path, loop: 0)))
        #expect(forever == AnimationInfo(format: "WebP", size: PixelSize(width: 96, height: 64), fileDelays: [0.1, 0.25, 0.04], loopCount: 0))
        let twice = try #require(try WebPAnimation.probe(path: WebPAnimationMaker.alpha(in: folder.path)))
        #expect(twice.loopCount == 2 && twice.delays == [0.1, 0.25, 0.04])
        // A still WebP (one picture, no animation header) is not an animation.
        try WebPAnimationMaker.pam("\(folder.path)/still.pam", 8, 8) { _, _ in WebPAnimationMaker.red }
        let still = "\(folder.path)/still.webp"
        let cwebp = Process()
        cwebp.executableURL = URL(fileURLWithPath: "/usr/bin/cwebp")
        cwebp.arguments = ["-quiet", "\(folder.path)/still.pam", "-o", still]
        try cwebp.run(); cwebp.waitUntilExit()
        #expect(try WebPAnimation.probe(path: still) == nil)
    }

    @Test func framesAreTimedOnTheCardsClockAndLoopForever() throws {
        defer { folder.remove() }
        let path = try WebPAnimationMaker.colours(in: folder.path, loop: 0)
        let info = try #require(try WebPAnimation.probe(path: path))
        let source = try WebPAnimation.source(path: path, card: PixelSize(width: 96, height: 64), since: 0)
        let (given, ended) = try frames(of: source, limit: 7)
        #expect(!ended)
        // Each frame shows from the moment the shared clock starts it: pass start plus its offset.
        for frame in given {
            let clock = AnimationClock.frame(sinceLanding: frame.time + 1e-9, of: info)
            #expect(abs(clock.since - frame.time) < 1e-9, "frame at \(frame.time): the clock starts one at \(clock.since)")
        }
        let times = given.map { ($0.time * 1000).rounded() / 1000 }
        #expect(times == [0, 0.1, 0.35, 0.39, 0.49, 0.74, 0.78])
        let colours = given.map { pixel($0, 48, 32) }
        let r = argb(WebPAnimationMaker.red), g = argb(WebPAnimationMaker.green), b = argb(WebPAnimationMaker.blue)
        #expect(colours == [r, g, b, r, g, b, r])
        #expect(!source.isDamaged)
    }

    @Test func aLoopCountPlaysOutThenTheLastFrameStays() throws {
        defer { folder.remove() }
        let path = try WebPAnimationMaker.colours(in: folder.path, loop: 2)
        let (given, ended) = try frames(of: try WebPAnimation.source(path: path, card: PixelSize(width: 48, height: 32), since: 0), limit: 20)
        #expect(ended && given.count == 6)
        #expect(given.last.flatMap { pixel($0, 24, 16) } == argb(WebPAnimationMaker.blue))
        // Opened after it played out: the last frame alone, from when the last pass showed it.
        let late = try WebPAnimation.source(path: path, card: PixelSize(width: 48, height: 32), since: 30)
        let (after, over) = try frames(of: late, limit: 5)
        #expect(over && after.count == 1)
        #expect(abs((after.first?.time ?? 0) - 0.74) < 1e-9)
        #expect(after.first.flatMap { pixel($0, 24, 16) } == argb(WebPAnimationMaker.blue))
    }

    @Test func aSourceOpenedLateStartsAtTheFrameDueThen() throws {
        defer { folder.remove() }
        let path = try WebPAnimationMaker.colours(in: folder.path, loop: 0)
        let source = try WebPAnimation.source(path: path, card: PixelSize(width: 96, height: 64), since: 0.5)
        let (given, _) = try frames(of: source, limit: 2)
        // 0.5 s: the second pass (from 0.39 s), 0.11 s into it, the green frame (from 0.1 s in).
        #expect(given.map { ($0.time * 1000).rounded() / 1000 } == [0.49, 0.74])
        #expect(given.map { pixel($0, 48, 32) } == [argb(WebPAnimationMaker.green), argb(WebPAnimationMaker.blue)])
    }

    @Test func framesAreTheCardsAspectFillCropScaledToItsSize() throws {
        defer { folder.remove() }
        let path = try WebPAnimationMaker.colours(in: folder.path, loop: 0)
        // A 3:2 card shows the whole canvas, its magenta band on the left; a square one its middle 64x64 only.
        let wide = try #require(try WebPAnimation.source(path: path, card: PixelSize(width: 48, height: 32), since: 0).nextFrame())
        #expect(wide.size == PixelSize(width: 48, height: 32))
        #expect(pixel(wide, 2, 16) == argb(WebPAnimationMaker.magenta) && pixel(wide, 30, 16) == argb(WebPAnimationMaker.red))
        let square = try #require(try WebPAnimation.source(path: path, card: PixelSize(width: 32, height: 32), since: 0).nextFrame())
        #expect(square.size == PixelSize(width: 32, height: 32))
        #expect(pixel(square, 0, 16) == argb(WebPAnimationMaker.red) && pixel(square, 31, 16) == argb(WebPAnimationMaker.red))
    }

    @Test func aCropSmallerThanTheCardComesAtItsOwnSizeUnscaled() throws {
        defer { folder.remove() }
        let path = try WebPAnimationMaker.colours(in: folder.path, loop: 0)
        // The 96x64 canvas on a 192x128 card: the frame is the canvas as it is (the renderer scales it as it draws
        // it), the same pixels a 96x64 card gets; on a 300x100 card its middle 96x32, unscaled.
        let big = try #require(try WebPAnimation.source(path: path, card: PixelSize(width: 192, height: 128), since: 0).nextFrame())
        let same = try #require(try WebPAnimation.source(path: path, card: PixelSize(width: 96, height: 64), since: 0).nextFrame())
        guard case .argb(let bigPixels) = big.pixels, case .argb(let samePixels) = same.pixels else { Issue.record("not ARGB"); return }
        #expect(big.size == PixelSize(width: 96, height: 64) && bigPixels == samePixels)
        let band = try #require(try WebPAnimation.source(path: path, card: PixelSize(width: 300, height: 100), since: 0).nextFrame())
        #expect(band.size == PixelSize(width: 96, height: 32))
    }

    @Test func framesWithAlphaAndASmallerFrameAtAnOffsetComposeOnTheCanvas() throws {
        defer { folder.remove() }
        let path = try WebPAnimationMaker.alpha(in: folder.path)
        let source = try WebPAnimation.source(path: path, card: PixelSize(width: 96, height: 64), since: 0)
        let (given, _) = try frames(of: source, limit: 3)
        let red = argb(WebPAnimationMaker.red), green = argb(WebPAnimationMaker.green)
        // The first frame: green, and clear (straight alpha 0) on the right.
        #expect(given.map { pixel($0, 10, 10) } == [green, green, green])
        #expect(given.map { pixel($0, 90, 60).map { $0 >> 24 } } == [0, 0, 0])
        // The 16x16 frame at (64, 16) blends its red square over the first; disposed, the square is gone again.
        #expect(given.map { pixel($0, 70, 20) } == [0, red, 0])
        #expect(given.map { pixel($0, 60, 20) } == [0, 0, 0])
    }

    @Test func frameAtAMomentIsTheSameBytesEveryCallAndWhatTheSourceShows() throws {
        defer { folder.remove() }
        for path in [try WebPAnimationMaker.alpha(in: folder.path), try WebPAnimationMaker.colours(in: folder.path, loop: 0)] {
            for moment in [0.0, 0.2, 0.37, 1.3] {
                let first = try WebPAnimation.frame(path: path, at: moment, covering: PixelSize(width: 96, height: 64))
                let again = try WebPAnimation.frame(path: path, at: moment, covering: PixelSize(width: 96, height: 64))
                #expect(first.size == PixelSize(width: 96, height: 64))
                let repeated = first.pixels == again.pixels
                #expect(repeated, "\(path) at \(moment) s: another call gave other bytes")
                let shown = try #require(try WebPAnimation.source(path: path, card: first.size, since: moment).nextFrame())
                guard case .argb(let pixels) = shown.pixels else { Issue.record("not ARGB"); continue }
                let same = pixels == first.pixels
                #expect(same, "\(path) at \(moment) s: the source shows other pixels than frame(at:)")
            }
        }
        // The least size keeping the canvas's aspect that covers what is asked, never larger than the canvas.
        let path = "\(folder.path)/colours.webp"
        #expect(try WebPAnimation.frame(path: path, at: 0, covering: PixelSize(width: 48, height: 20)).size == PixelSize(width: 48, height: 32))
        #expect(try WebPAnimation.frame(path: path, at: 0, covering: PixelSize(width: 20, height: 60)).size == PixelSize(width: 90, height: 60))
        #expect(try WebPAnimation.frame(path: path, at: 0, covering: PixelSize(width: 400, height: 400)).size == PixelSize(width: 96, height: 64))
        let green = try WebPAnimation.frame(path: path, at: 0.2, covering: PixelSize(width: 48, height: 32))
        #expect(green.pixels[16 * 48 + 30] == argb(WebPAnimationMaker.green))
    }

    @Test func interruptMakesAPendingFrameGiveUp() throws {
        defer { folder.remove() }
        let source = try WebPAnimation.source(path: WebPAnimationMaker.colours(in: folder.path, loop: 0), card: PixelSize(width: 48, height: 32), since: 0)
        #expect(try source.nextFrame() != nil)
        source.interrupt()
        #expect(try source.nextFrame() == nil)
    }
}
