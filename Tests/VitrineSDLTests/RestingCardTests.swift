import Dispatch
import Glibc
import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// At rest the card on screen gives its texture up to the frame that shows it (DeckRenderer+Resting.swift), and
    /// the next frame reads it back: a swipe that follows draws exactly what it would have drawn with the texture.
    @Suite struct RestingCard {
        /// A headless deck with a background preparer, at rest on `page` with its neighbours composed.
        static func restingDeck(_ config: KioskConfig, size: PixelSize, page: Int) throws -> (HeadlessRenderer, CardPreparer) {
            _ = Fixture.library
            let fonts = FontLibrary(paths: Fixture.fontPaths)
            let headless = try HeadlessRenderer(config: config, size: size, fonts: fonts)
            let preparer = CardPreparer(fonts: fonts)
            let ready = DispatchSemaphore(value: 0)
            preparer.onReady = { ready.signal() }
            headless.deck.preparer = preparer
            let rest = PagerSnapshot(pageCount: config.cards.count, currentPage: page, position: Double(page), wraps: config.wrap)
            headless.render(rest)
            #expect(preparer.finish(ready), "the preparer did not make what was asked for within 20 s")
            headless.render(rest)
            return (headless, preparer)
        }

        @Test func aSwipeFromRestDrawsTheSamePixelsAsWithTheTexture() throws {
            let config = Fixture.deck()
            let size = PixelSize(width: 900, height: 600)
            let (headless, preparer) = try Self.restingDeck(config, size: size, page: 1)
            defer { preparer.stop() }
            #expect(headless.deck.restCard(), "one card alone at rest, its neighbours composed")
            #expect(!headless.deck.isComposed(1) && headless.deck.isComposed(0) && headless.deck.isComposed(2))

            // A drag 30 % of the way to card 2: card 1 moves, and the page dots stay where they are. Had the dots
            // been read back with the card, they would move with it.
            let drag = PagerSnapshot(pageCount: config.cards.count, currentPage: 1, position: 1.3, wraps: config.wrap)
            let dragged = try RGBAImage(headless.render(drag))
            #expect(headless.deck.isComposed(1), "read back from the frame")
            let expected = try Fixture.render(config, size: size, page: 1, offset: 0.3)
            #expect(ImageDifference.between(expected: expected, actual: dragged) == nil)
            // And back at rest, the card as composed.
            let rest = PagerSnapshot(pageCount: config.cards.count, currentPage: 1, position: 1, wraps: config.wrap)
            let back = try RGBAImage(headless.render(rest))
            #expect(ImageDifference.between(expected: try Fixture.render(config, size: size, page: 1), actual: back) == nil)
        }

        @Test func aLetterboxedCardRestsAndComesBackExactly() throws {
            // A window wider than 3:2: the card sits between two bars of background, which are not the card's.
            let config = Fixture.deck()
            let size = PixelSize(width: 1000, height: 500)
            let (headless, preparer) = try Self.restingDeck(config, size: size, page: 0)
            defer { preparer.stop() }
            #expect(headless.deck.restCard())
            let drag = PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0.6, wraps: config.wrap)
            let dragged = try RGBAImage(headless.render(drag))
            #expect(ImageDifference.between(expected: try Fixture.render(config, size: size, page: 0, offset: 0.6), actual: dragged) == nil)
        }

        @Test func onlyACardAloneAtRestGivesItsTextureUp() throws {
            let config = Fixture.deck()
            let size = PixelSize(width: 900, height: 600)
            let (headless, preparer) = try Self.restingDeck(config, size: size, page: 1)
            defer { preparer.stop() }
            // Moving: two cards on screen.
            headless.render(PagerSnapshot(pageCount: config.cards.count, currentPage: 1, position: 1.5, wraps: config.wrap))
            #expect(!headless.deck.restCard())
            #expect(headless.deck.isComposed(1))
            // Something due soon (the next step of a progress bar): not worth a read-back.
            headless.render(PagerSnapshot(pageCount: config.cards.count, currentPage: 1, position: 1, wraps: config.wrap))
            #expect(!headless.deck.restCard(quietFor: 0.06))
            // Twice in a row: the second has nothing left to give.
            #expect(headless.deck.restCard(quietFor: 10))
            #expect(!headless.deck.restCard())
            // The window's frame made anew at the same size (SDL does at each size change): nothing to rest in, until
            // the next frame.
            // A redraw of the same rest frame (an expose) draws over the card in the frame: nothing is read back.
            let rest = PagerSnapshot(pageCount: config.cards.count, currentPage: 1, position: 1, wraps: config.wrap)
            let redrawn = try RGBAImage(headless.render(rest))
            #expect(headless.deck.isHeldByFrame(1) && !headless.deck.isComposed(1))
            #expect(ImageDifference.between(expected: try Fixture.render(config, size: size, page: 1), actual: redrawn) == nil)
            headless.deck.windowFrameMadeAnew()
            #expect(!headless.deck.restCard())
            #expect(!headless.deck.isHeldByFrame(1), "gone with the old frame: composed again")
            var composedAgain = false
            for _ in 0..<2000 where !composedAgain {
                headless.render(rest)
                composedAgain = headless.deck.isComposed(1)
                if !composedAgain { usleep(10_000) }
            }
            #expect(composedAgain)
            #expect(headless.deck.restCard())
            // A frame after a new geometry: the frame was made anew, so the card is composed again, not read back.
            headless.deck.setStage(StageLayout(windowPixels: PixelSize(width: 600, height: 400), pointScale: 1, fit: .contain))
            #expect(!headless.deck.restCard())
        }

        @Test func aTurnedScreenKeepsItsTexture() throws {
            var config = Fixture.deck()
            config.display.rotation = .clockwise90
            let (headless, preparer) = try Self.restingDeck(config, size: PixelSize(width: 600, height: 900), page: 1)
            defer { preparer.stop() }
            #expect(!headless.deck.restCard())
            #expect(headless.deck.isComposed(1))
        }
    }
}
