import Dispatch
import Glibc
import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// The first card goes straight into the frame as the card at rest (``DeckRenderer/adopt(_:pageCount:)``), with
    /// no texture: the first frame draws everything but the card over it, and a swipe reads the card back.
    @Suite struct HeldFirstCard {
        /// A headless deck of `size` that adopted its first card, composed ahead for that size.
        static func adopting(_ config: KioskConfig, size: PixelSize) throws -> HeadlessRenderer {
            _ = Fixture.library
            let fonts = FontLibrary(paths: Fixture.fontPaths)
            let options = KioskApp.Options(config: config, windowSize: size, fullscreen: false)
            let expected = KioskApp.expectedFirstCard(options: options)
            let first = FirstCard(card: config.cards[0], index: 0, expected: expected, fonts: fonts)
            let headless = try HeadlessRenderer(config: config, size: size, fonts: fonts)
            // Made already, as on a restart from the card cache: the frame is not cleared while the app waits.
            #expect(XvfbSession.eventually(20) { first.isFinished }, "the first card was not made within 20 s")
            #expect(headless.deck.adopt(first, pageCount: config.cards.count))
            return headless
        }

        @Test(arguments: [PixelSize(width: 900, height: 600), PixelSize(width: 1000, height: 500), PixelSize(width: 600, height: 700)])
        func theFirstFrameOverTheHeldCardIsTheFrameRenderDraws(size: PixelSize) throws {
            // 3:2, and letterboxed both ways: the margins are filled where a whole clear would wipe the card.
            let config = Fixture.deck()
            let headless = try Self.adopting(config, size: size)
            #expect(headless.deck.isHeldByFrame(0) && !headless.deck.isComposed(0), "in the frame, no texture")
            let rest = PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0, wraps: config.wrap)
            let first = try RGBAImage(headless.render(rest))
            #expect(ImageDifference.between(expected: try Fixture.render(config, size: size), actual: first) == nil)
            #expect(headless.deck.isHeldByFrame(0) && !headless.deck.isComposed(0), "still at rest in the frame")
        }

        @Test func aDragFromTheFirstFrameReadsTheCardBackWithoutItsDots() throws {
            let config = Fixture.deck()
            let size = PixelSize(width: 900, height: 600)
            let headless = try Self.adopting(config, size: size)
            headless.render(PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0, wraps: config.wrap))
            // 40 % of the way to card 1: had the dots been read back with the card, they would move with it.
            let drag = try RGBAImage(headless.render(PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0.4, wraps: config.wrap)))
            #expect(headless.deck.isComposed(0) && !headless.deck.isHeldByFrame(0), "read back into a texture")
            #expect(ImageDifference.between(expected: try Fixture.render(config, size: size, offset: 0.4), actual: drag) == nil)
        }

        @Test func theNeighboursAreComposedWhileTheFirstCardRests() throws {
            // As the app does: the first frame over the held card, then the background preparer. Its neighbours are
            // asked for at once, with no other frame drawn, so the first frame of a swipe shows the next card.
            let config = Fixture.deck()
            let size = PixelSize(width: 900, height: 600)
            let headless = try Self.adopting(config, size: size)
            headless.render(PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0, wraps: config.wrap))
            let preparer = CardPreparer(fonts: headless.deck.fonts)
            defer { preparer.stop() }
            let ready = DispatchSemaphore(value: 0)
            preparer.onReady = { ready.signal() }
            #expect(!headless.deck.keptCardsReady, "the neighbours are not made yet")
            headless.deck.preparer = preparer
            #expect(preparer.finish(ready), "the preparer did not make what was asked for within 20 s")
            headless.render(PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0, wraps: config.wrap))
            #expect(headless.deck.keptCardsReady, "taken at the next frame, the card itself still in the frame")
            #expect(headless.deck.isHeldByFrame(0))
            let drag = try RGBAImage(headless.render(PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0.4, wraps: config.wrap)))
            #expect(ImageDifference.between(expected: try Fixture.render(config, size: size, offset: 0.4), actual: drag) == nil)
            #expect(headless.deck.isComposed(0) && headless.deck.isComposed(1))
        }

        @Test func aFirstFrameThatIsNotTheCardAtRestReadsItBackFirst() throws {
            // The first frame already mid-way (a drag before the first present): the card comes back from the frame,
            // and the frame is drawn as usual.
            let config = Fixture.deck()
            let size = PixelSize(width: 900, height: 600)
            let headless = try Self.adopting(config, size: size)
            let drag = try RGBAImage(headless.render(PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0.25, wraps: config.wrap)))
            #expect(headless.deck.isComposed(0))
            #expect(ImageDifference.between(expected: try Fixture.render(config, size: size, offset: 0.25), actual: drag) == nil)
        }

        @Test func aTurnedScreenKeepsTheFirstCardAsATexture() throws {
            var config = Fixture.deck()
            config.display.rotation = .clockwise90
            let size = PixelSize(width: 600, height: 900)
            let headless = try Self.adopting(config, size: size)
            #expect(headless.deck.isComposed(0) && !headless.deck.isHeldByFrame(0))
            let first = try RGBAImage(headless.render(PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0, wraps: config.wrap)))
            #expect(ImageDifference.between(expected: try Fixture.render(config, size: size), actual: first) == nil)
        }
    }
}
