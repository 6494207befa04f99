import Dispatch
import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// A reload that changes the deck's size (a file added to a folder deck) keeps the card on screen drawn while
    /// the background queue composes it again for the new page count: it never blinks to the background.
    @Suite struct CardsKeptAcrossAResize {
        @Test func theCardOnScreenIsDrawnWhileItIsComposedAgain() throws {
            _ = Fixture.library
            let fonts = FontLibrary(paths: Fixture.fontPaths)
            let old = Fixture.deck()
            var new = old
            new.cards.insert(CardConfig(title: "Added", image: old.cards[5].image), at: 0)
            let size = PixelSize(width: 900, height: 600)
            let headless = try HeadlessRenderer(config: old, size: size, fonts: fonts)
            let preparer = CardPreparer(fonts: fonts)
            let ready = DispatchSemaphore(value: 0)
            preparer.onReady = { ready.signal() }
            headless.deck.preparer = preparer
            defer { preparer.stop() }
            _ = try RGBAImage(headless.render(PagerSnapshot(pageCount: 6, currentPage: 1, position: 1, wraps: true)))
            #expect(preparer.finish(ready), "the preparer did not make what was asked for within 20 s")
            _ = try RGBAImage(headless.render(PagerSnapshot(pageCount: 6, currentPage: 1, position: 1, wraps: true)))

            // The card on screen (old 1) is card 2 of the new deck of seven.
            headless.deck.replaceCards(new.cards)
            let pager = PagerSnapshot(pageCount: 7, currentPage: 2, position: 2, wraps: true)
            let during = try RGBAImage(headless.render(pager))
            #expect(!headless.deck.isComposed(2), "composed again in the background, for seven pages")
            #expect(preparer.finish(ready), "the preparer did not make what was asked for within 20 s")
            let after = try RGBAImage(headless.render(pager))
            #expect(headless.deck.isComposed(2))
            // A short title fits either way: the card drawn meanwhile is the very card composed for the new deck.
            #expect(ImageDifference.between(expected: after, actual: during) == nil)
            #expect(ImageDifference.between(expected: try Fixture.render(new, size: size, page: 2), actual: after) == nil)
        }
    }
}
