import Dispatch
import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// Cards composed on the background queue give the frames the deck draws when it composes them itself.
    @Suite struct CardsComposedInTheBackground {
        static let cases: [(FitMode, PixelSize)] = [
            (.contain, PixelSize(width: 900, height: 600)),  // The picture is scaled straight into the card.
            (.contain, PixelSize(width: 960, height: 540)),
            (.cover, PixelSize(width: 960, height: 540)),    // The card is cropped: scaled apart, then copied.
            (.cover, PixelSize(width: 600, height: 900)),
        ]

        /// Draws page 2 of `config` with cards composed by a preparer: first while they are being made, then once
        /// all three (the page and its neighbours) are ready. Returns both frames, whether they were all composed,
        /// and what was reported.
        static func framesWithPreparer(_ config: KioskConfig, size: PixelSize) throws -> (waiting: RGBAImage, ready: RGBAImage, composed: Bool, problems: [String]) {
            let fonts = FontLibrary(paths: Fixture.fontPaths)
            var problems: [String] = []
            let headless = try HeadlessRenderer(config: config, size: size, fonts: fonts, report: { problems.append($0) })
            let preparer = CardPreparer(fonts: fonts)
            let ready = DispatchSemaphore(value: 0)
            preparer.onReady = { ready.signal() }
            headless.deck.preparer = preparer
            defer { preparer.stop() }
            let pager = PagerSnapshot(pageCount: config.cards.count, currentPage: 2, position: 2, wraps: config.wrap)
            let waiting = try RGBAImage(headless.render(pager))  // Asks for cards 1, 2 and 3.
            #expect(preparer.finish(ready), "the preparer did not make what was asked for within 20 s")
            let frame = try RGBAImage(headless.render(pager))
            headless.render(pager)  // Nothing new is reported.
            return (waiting, frame, [1, 2, 3].allSatisfy { headless.deck.isComposed($0) }, problems)
        }

        @Test(arguments: cases)
        func sameFrameAsComposedInLine(fit: FitMode, size: PixelSize) throws {
            _ = Fixture.library
            let config = Fixture.deck(fit: fit)
            let reference = try Fixture.render(config, size: size, page: 2)
            let made = try Self.framesWithPreparer(config, size: size)
            #expect(made.waiting != reference, "the card's place shows the background until it is ready")
            #expect(made.composed)
            #expect(ImageDifference.between(expected: reference, actual: made.ready) == nil)
            #expect(made.problems.isEmpty)
        }

        @Test func aBadImageIsThePlaceholderReportedOnce() throws {
            _ = Fixture.library
            var config = Fixture.deck()
            config.cards[2].image = "\(Fixture.root)/Tests/no-such-image.jpg"
            let size = PixelSize(width: 900, height: 600)
            var referenceProblems: [String] = []
            let reference = try HeadlessRenderer.frame(config: config, size: size, page: 2, offset: 0,
                                                       fonts: FontLibrary(paths: Fixture.fontPaths), report: { referenceProblems.append($0) })
            let made = try Self.framesWithPreparer(config, size: size)
            let (frame, problems) = (made.ready, made.problems)
            #expect(ImageDifference.between(expected: try RGBAImage(reference), actual: frame) == nil)
            #expect(problems == referenceProblems)
            #expect(problems.count == 1 && problems[0].contains("image unavailable: \(config.cards[2].image)"), "\(problems)")
        }
    }
}
