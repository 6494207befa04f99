import VitrineCore
import VitrineSystem

/// `vitrine bench`: measures config loading, the first frame, a mid-transition frame against a plain `memcpy` of
/// a frame, and peak memory, headless with the software renderer, on a ``SyntheticDeck``.
public struct Benchmark {
    /// The frame size when none is asked for: a 3:2 panel of 1920x1280.
    public static let defaultSize = PixelSize(width: 1920, height: 1280)
    /// The number of cards when none is asked for.
    public static let defaultCards = 10
    /// The number of measured mid-transition frames (and copies) when none is asked for.
    public static let defaultFrames = 200
    /// How many times the config is loaded and validated.
    public static let configRepeats = 20
    /// How many times a fresh renderer draws its first frame: each decodes a full-size JPEG, so few.
    public static let firstFrameRepeats = 10
    /// Frames drawn before the mid-transition frames are timed: the first composes both cards.
    public static let warmUpFrames = 10
    /// Milliseconds per second, for the figures.
    static let millisecondsPerSecond = 1000.0

    /// The frame size in pixels.
    public var size: PixelSize
    /// The number of cards in the deck.
    public var cards: Int
    /// The number of mid-transition frames timed.
    public var frames: Int
    /// The bundled font files.
    public var fontPaths: [FontWeight: String]
    /// How many times each photo is decoded each way (``decodeFigures(in:repeats:)``).
    public var decodeRepeats: Int

    /// Decodes of each photo when none are asked for: the 24-megapixel one takes a while with SDL_image.
    public static let defaultDecodeRepeats = 9

    /// A benchmark of `cards` cards at `size`, timing `frames` frames, drawing text with `fontPaths`.
    public init(size: PixelSize = defaultSize, cards: Int = defaultCards, frames: Int = defaultFrames, fontPaths: [FontWeight: String],
                decodeRepeats: Int = defaultDecodeRepeats) {
        self.size = size; self.cards = cards; self.frames = frames; self.fontPaths = fontPaths; self.decodeRepeats = decodeRepeats
    }

    /// Writes the deck into `folder` (which must exist), measures, and returns the figures in order:
    /// `config_load`, `first_frame`, `first_frame_cached`, `transition_frame`, `fade_frame`, `swipe_from_rest_frame`,
    /// `swipe_from_idle_frame`, `memcpy_frame`, `frame_over_memcpy`, `fade_over_memcpy`, `peak_rss`, then the
    /// decode figures (``decodeFigures(in:repeats:)``) and the title text figures (``textFigures(repeats:)``),
    /// measured after the peak so they do not raise it.
    ///
    /// Problems drawing a card (an image that cannot be read) go to `report`; an SDL failure or a config that does
    /// not load stops the benchmark. Needs an initialised ``SDLLibrary`` (video is not needed).
    public func run(in folder: String, report: @escaping (String) -> Void = { _ in }) throws(SDLError) -> [BenchmarkFigure] {
        let path = try SyntheticDeck.write(cards: cards, into: folder)
        var config: KioskConfig?
        let loads = try (0..<Benchmark.configRepeats).map { _ throws(SDLError) in
            try Benchmark.time { () throws(SDLError) in config = try Benchmark.load(path) }
        }
        guard let config else { return [] }

        let first = try (0..<Benchmark.firstFrameRepeats).map { _ throws(SDLError) in
            try Benchmark.time { () throws(SDLError) in
                let headless = try HeadlessRenderer(config: config, size: size, fonts: FontLibrary(paths: fontPaths), report: report)
                headless.render(PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0, wraps: config.wrap))
            }
        }

        let cached = try firstFramesFromCache(config, folder: folder + "/cache", report: report)

        let headless = try HeadlessRenderer(config: config, size: size, fonts: FontLibrary(paths: fontPaths), report: report)
        let midway = PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0.5, wraps: config.wrap)
        let midFade = PagerSnapshot.partWay(pageCount: config.cards.count, currentPage: 0, wraps: config.wrap,
                                            transition: .fade, fraction: 0.5)
        for _ in 0..<Benchmark.warmUpFrames {
            headless.render(midway)
            headless.render(midFade)
        }
        let copy = FrameCopy(byteCount: size.width * size.height * 4)
        var frameTimes: [Double] = [], fadeTimes: [Double] = [], copyTimes: [Double] = []
        var ratios: [Double] = [], fadeRatios: [Double] = []
        for _ in 0..<frames {
            // Interleaved, so all three see the same moments of a noisy machine; the ratios are taken pair by pair.
            let frame = Benchmark.time { headless.render(midway) }
            let faded = Benchmark.time { headless.render(midFade) }
            let copied = Benchmark.time { copy.run() }
            frameTimes.append(frame)
            fadeTimes.append(faded)
            copyTimes.append(copied)
            if copied > 0 {
                ratios.append(frame / copied)
                fadeRatios.append(faded / copied)
            }
        }
        copy.finish()
        let restTimes = try swipesFromRest(headless, config: config)
        let idleTimes = try swipesFromRest(headless, config: config, lettingGo: true)
        let ms = Benchmark.millisecondsPerSecond
        let deck = [
            BenchmarkFigure(name: "config_load", samples: loads, scale: ms, unit: "ms"),
            BenchmarkFigure(name: "first_frame", samples: first, scale: ms, unit: "ms"),
            BenchmarkFigure(name: "first_frame_cached", samples: cached, scale: ms, unit: "ms"),
            BenchmarkFigure(name: "transition_frame", samples: frameTimes, scale: ms, unit: "ms"),
            BenchmarkFigure(name: "fade_frame", samples: fadeTimes, scale: ms, unit: "ms"),
            BenchmarkFigure(name: "swipe_from_rest_frame", samples: restTimes, scale: ms, unit: "ms"),
            BenchmarkFigure(name: "swipe_from_idle_frame", samples: idleTimes, scale: ms, unit: "ms"),
            BenchmarkFigure(name: "memcpy_frame", samples: copyTimes, scale: ms, unit: "ms"),
            BenchmarkFigure(name: "frame_over_memcpy", samples: ratios, unit: "x"),
            BenchmarkFigure(name: "fade_over_memcpy", samples: fadeRatios, unit: "x"),
            BenchmarkFigure(name: "peak_rss", value: ProcessMetrics.peakResidentMiB, unit: "MiB"),
        ].compactMap { $0 }
        return deck + (decodeRepeats > 0 ? try decodeFigures(in: folder, repeats: decodeRepeats) : []) + textFigures(repeats: Benchmark.textRepeats)
    }

    /// A swipe's first frame after the card at rest let its texture go (DeckRenderer+Resting.swift) and the heap was
    /// trimmed, as the app does once idle: the card is read back from the frame into fresh memory, then the frame is
    /// drawn; `frames` times. Timed apart from the other frames, which the trims would otherwise slow. `lettingGo`
    /// also lets the process's clean file pages go each time (``MappedFiles``), as the app does after 2 s of
    /// nothing due: the frame then maps back the code it runs.
    func swipesFromRest(_ headless: HeadlessRenderer, config: KioskConfig, lettingGo: Bool = false) throws(SDLError) -> [Double] {
        let rest = PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0, wraps: config.wrap)
        let firstMove = PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0.02, wraps: config.wrap)
        // Both neighbours composed, as the app has them before a card rests.
        headless.render(PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: -0.5, wraps: config.wrap))
        headless.render(PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0.5, wraps: config.wrap))
        var times: [Double] = []
        for _ in 0..<frames {
            headless.render(rest)
            guard headless.deck.restCard() else {
                throw SDLError(operation: "bench", message: "the card at rest kept its texture; swipe_from_rest_frame cannot be measured")
            }
            SDLLibrary.returnFreeMemory()
            if lettingGo { MappedFiles.letGo() }
            times.append(Benchmark.time { headless.render(firstMove) })
        }
        return times
    }

    /// A fresh renderer's first frame when its card comes from the ``CardCache`` (written once first), as on a
    /// restart: ``firstFrameRepeats`` times.
    func firstFramesFromCache(_ config: KioskConfig, folder: String, report: @escaping (String) -> Void) throws(SDLError) -> [Double] {
        let options = KioskApp.Options(config: config, windowSize: size, fullscreen: false)
        guard let composer = KioskApp.expectedFirstCard(options: options) else { return [] }
        let cache = CardCache(folder: folder)
        let fonts = FontLibrary(paths: fontPaths)
        let made = try composer.composeSurface(decoded: PreparedImage.decode(path: composer.card.image, options: composer.decodeOptions), fonts: fonts)
        cache.store(made.surface, for: composer)
        let pager = PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0, wraps: config.wrap)
        return try (0..<Benchmark.firstFrameRepeats).map { _ throws(SDLError) in
            try Benchmark.time { () throws(SDLError) in
                let fonts = FontLibrary(paths: fontPaths)
                let first = FirstCard(card: config.cards[0], index: 0, expected: composer, fonts: fonts, cache: cache)
                let headless = try HeadlessRenderer(config: config, size: size, fonts: fonts, report: report)
                headless.deck.adopt(first, pageCount: config.cards.count)
                headless.render(pager)
            }
        }
    }

    /// Loads and validates the config at `path`, turning its problems into an error.
    static func load(_ path: String) throws(SDLError) -> KioskConfig {
        do throws(ConfigError) {
            return try KioskConfig.load(path: path).config
        } catch {
            throw SDLError(operation: "KioskConfig.load(\(path))", message: error.diagnostics.map { "\($0)" }.joined(separator: "; "))
        }
    }

    /// The seconds `body` took, on the monotonic clock.
    static func time(_ body: () throws(SDLError) -> Void) throws(SDLError) -> Double {
        let start = MonotonicClock.seconds
        try body()
        return MonotonicClock.seconds - start
    }

    /// The seconds `body` took, on the monotonic clock.
    static func time(_ body: () -> Void) -> Double {
        let start = MonotonicClock.seconds
        body()
        return MonotonicClock.seconds - start
    }
}

/// Two frame-sized buffers, both written once so their pages are mapped, and a copy of one into the other: the
/// least any frame of that size can cost.
private final class FrameCopy {
    /// Somewhere the copies' checksum is stored, so the optimiser cannot drop copies nobody reads.
    nonisolated(unsafe) static var sink: UInt64 = 0

    let byteCount: Int
    let source: UnsafeMutableRawPointer
    let destination: UnsafeMutableRawPointer
    private var checksum: UInt64 = 0
    private var round: UInt8 = 0

    init(byteCount: Int) {
        self.byteCount = max(1, byteCount)
        source = .allocate(byteCount: self.byteCount, alignment: 64)
        destination = .allocate(byteCount: self.byteCount, alignment: 64)
        source.initializeMemory(as: UInt8.self, repeating: 0x5A, count: self.byteCount)
        destination.initializeMemory(as: UInt8.self, repeating: 0, count: self.byteCount)
    }

    /// Copies the source into the destination once (a `memcpy`), changing a byte first so no copy is the same.
    func run() {
        round &+= 1
        source.storeBytes(of: round, toByteOffset: Int(round) % byteCount, as: UInt8.self)
        destination.copyMemory(from: source, byteCount: byteCount)
        checksum &+= UInt64(destination.load(fromByteOffset: byteCount - 1 - Int(round) % byteCount, as: UInt8.self))
    }

    /// Publishes the checksum.
    func finish() { FrameCopy.sink &+= checksum }

    deinit {
        source.deallocate()
        destination.deallocate()
    }
}
