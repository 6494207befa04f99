import Foundation
import Testing
import VitrineCore
import VitrineSystem
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// The deck `vitrine bench` measures: a config that loads and distinct photo-sized JPEGs it names round-robin.
    @Suite struct SyntheticDeckTests {
        /// Writes a deck of `cards` cards into a fresh temporary folder and gives its config's path to `body`.
        func withDeck(cards: Int, _ body: (String) throws -> Void) throws {
            _ = Fixture.library
            try withTemporaryFolder { folder in try body(try SyntheticDeck.write(cards: cards, into: folder.path)) }
        }

        @Test func configLoadsWithEveryCardAndNoWarnings() throws {
            try withDeck(cards: 8) { path in
                let (config, warnings) = try KioskConfig.load(path: path)
                #expect(warnings.isEmpty)
                #expect(config.cards.count == 8)
                #expect(config.cards[7].title == "Icy Bay 7")
                #expect(config.cards[SyntheticDeck.distinctImages].image == config.cards[0].image, "images are reused round-robin")
                #expect(Set(config.cards.map(\.image)).count == SyntheticDeck.distinctImages)
            }
        }

        @Test func imagesArePhotoSizedJPEGsThatDiffer() throws {
            try withDeck(cards: 2) { path in
                let config = try KioskConfig.load(path: path).config
                let first = try Surface.load(path: config.cards[0].image), second = try Surface.load(path: config.cards[1].image)
                #expect(first.size == SyntheticDeck.imageSize && second.size == SyntheticDeck.imageSize)
                #expect(try Surface.probe(path: config.cards[0].image).format == .jpeg)
                #expect(try first.rgbaBytes() != second.rgbaBytes())
            }
        }

        @Test func benchmarkGivesEveryFigureWithPositiveNumbers() throws {
            _ = Fixture.library
            let temporary = try TemporaryFolder(prefix: "vitrine-bench-test"), folder = temporary.path
            defer { temporary.remove() }
            var problems: [String] = []
            let figures = try Benchmark(size: PixelSize(width: 90, height: 60), cards: 2, frames: 3, fontPaths: Fixture.fontPaths,
                                         decodeRepeats: 0).run(in: folder, report: { problems.append($0) })
            #expect(problems.isEmpty)
            #expect(figures.map(\.name) == ["config_load", "first_frame", "first_frame_cached", "transition_frame", "fade_frame", "swipe_from_rest_frame", "swipe_from_idle_frame", "memcpy_frame", "frame_over_memcpy",
                                           "fade_over_memcpy", "peak_rss"] + Benchmark.textSamples.map { "title_" + $0.name })
            for figure in figures {
                #expect(figure.median > 0 && figure.p90 >= figure.median, "\(figure.line)")
            }
        }
    }
}
