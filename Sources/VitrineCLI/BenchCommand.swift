import VitrineCore
import VitrineSystem
import VitrineSDL

/// `vitrine bench`: measures a synthetic deck headless and prints one line per figure.
struct BenchCommand {
    static let help = """
        usage: vitrine bench [--size WxH] [--cards N] [--frames N] [--decodes N]

        Writes a synthetic deck (a few distinct 1800x1200 JPEGs, reused round-robin, and its config) into a
        temporary folder, measures it headless with the software renderer, removes the folder, and prints one
        line per figure on standard output: name, median, 90th percentile, unit.

          config_load        loading and validating the config (\(Benchmark.configRepeats) times)
          first_frame        a fresh renderer's first frame: renderer, fonts, composing the card, drawing (\(Benchmark.firstFrameRepeats) times)
          first_frame_cached the same when the card comes from the composed-card cache, as on a restart
          transition_frame   a frame halfway between two cards: two composed cards and the dots
          fade_frame         a frame halfway through a fade: one card copied, the other blended over it, the dots
          swipe_from_rest_frame
                             a swipe's first frame after the card at rest gave its texture up to the screen and
                             the heap was trimmed: the card read back into fresh memory, then the frame drawn
          swipe_from_idle_frame
                             the same after the process also let its clean code pages go, as an idle kiosk does:
                             the frame maps back the code it runs
          memcpy_frame       copying a frame-sized buffer, timed in turn with transition_frame and fade_frame
          frame_over_memcpy  transition_frame / memcpy_frame, pair by pair
          fade_over_memcpy   fade_frame / memcpy_frame, pair by pair
          peak_rss           the process's peak resident memory (one value)
          decode_1800x1200   decoding a JPEG of that size and scaling it into a card of the frame's size
          decode_6000x4000   the same for a 24-megapixel photo
          decode_..._sdl_image  the same JPEGs decoded whole by SDL_image, converted to ARGB8888 and scaled, as before
                             (decode_1800x1200_sdl_image, decode_6000x4000_sdl_image)
          title_latin        one title's text measured and rendered at the card's title size, faces already open
                             (50 times); likewise title_hebrew, title_arabic, title_mixed ("Price سلام 123"),
                             title_devanagari and title_emoji

        options:
          --size WxH    the frame's size in pixels (default \(Benchmark.defaultSize.width)x\(Benchmark.defaultSize.height))
          --cards N     cards in the deck, 1 to \(maximumCards) (default \(Benchmark.defaultCards))
          --frames N    transition frames timed, 1 to \(maximumFrames) (default \(Benchmark.defaultFrames))
          --decodes N   times each JPEG is decoded each way, 1 to \(maximumFrames) (default \(Benchmark.defaultDecodeRepeats))
        """

    /// The most cards a deck may have: far more than any kiosk shows, small enough to write in a moment.
    static let maximumCards = 100_000
    /// The most frames that may be timed.
    static let maximumFrames = 1_000_000

    var size = Benchmark.defaultSize
    var cards = Benchmark.defaultCards
    var frames = Benchmark.defaultFrames
    var decodes = Benchmark.defaultDecodeRepeats

    /// Reads the options; nil when help was printed.
    static func parse(_ arguments: [String]) throws(UsageError) -> BenchCommand? {
        var reader = ArgumentReader(arguments, command: "bench")
        if reader.wantsHelp { print(help); return nil }
        var command = BenchCommand()
        while let flag = reader.next() {
            switch flag {
            case "--size": command.size = try ArgumentReader.size(reader.value(for: flag), flag: flag)
            case "--cards": command.cards = try count(reader.value(for: flag), flag: flag, upTo: maximumCards)
            case "--frames": command.frames = try count(reader.value(for: flag), flag: flag, upTo: maximumFrames)
            case "--decodes": command.decodes = try count(reader.value(for: flag), flag: flag, upTo: maximumFrames)
            default: throw UsageError(description: "unknown option '\(Limits.shortened(flag))' for 'bench'")
            }
        }
        return command
    }

    /// A whole number from 1 to `maximum`.
    private static func count(_ text: String, flag: String, upTo maximum: Int) throws(UsageError) -> Int {
        let n = try ArgumentReader.integer(text, flag: flag)
        guard (1...maximum).contains(n) else { throw UsageError(description: "\(flag) takes a whole number from 1 to \(maximum); got '\(Limits.shortened(text))'") }
        return n
    }

    /// Writes the deck, measures, prints the figures and removes the deck; returns the exit code.
    func execute() -> Int32 {
        let temporary: TemporaryFolder
        do throws(SystemError) {
            temporary = try TemporaryFolder(prefix: "vitrine-bench")
        } catch {
            Log.error("cannot create the temporary folder in \(TemporaryFolder.systemFolder): \(error.reason)")
            return ExitCode.cantCreate
        }
        defer { temporary.remove() }
        let folder = temporary.path
        do throws(SDLError) {
            let library = try SDLLibrary(video: false)
            return try withExtendedLifetime(library) { () throws(SDLError) -> Int32 in
                let benchmark = Benchmark(size: size, cards: cards, frames: frames, fontPaths: try BundledFonts.locate(),
                                          decodeRepeats: decodes)
                let figures = try benchmark.run(in: folder, report: { Log.warning($0) })
                print("# vitrine bench: \(size.width)x\(size.height), \(cards) cards (\(min(cards, SyntheticDeck.distinctImages)) distinct "
                      + "\(SyntheticDeck.imageSize.width)x\(SyntheticDeck.imageSize.height) JPEGs), \(frames) frames; name median p90 unit")
                for figure in figures { print(figure.line) }
                return ExitCode.ok
            }
        } catch {
            Log.error("\(error)")
            return ExitCode.software
        }
    }
}
