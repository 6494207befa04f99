import Foundation
import Testing
@testable import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// A video card playing alone at rest is drawn straight into the frame, with no texture the size of a card
    /// (DeckRenderer+VideoDraw.swift), and shows the pixels it showed drawn through its card's texture.
    @Suite(.enabled(if: FFmpegTool.isInstalled, "needs ffmpeg (CI installs it)"))
    struct VideoWindowFrame {
        @Test func aVideoAtRestGoesIntoTheFrameWithThePixelsItsTextureGave() throws {
            _ = Fixture.library
            try withTemporaryFolder { folder in
                // One picture in every frame, losslessly, so a frame drawn one way can be compared with the next drawn the other.
                let clip = try VideoShade.clip(in: folder)
                var config = Fixture.deck()
                config.cards[0].video = CardVideo(path: clip)
                var problems: [String] = []
                let headless = try HeadlessRenderer(config: config, size: PixelSize(width: 360, height: 240),
                                                    fonts: FontLibrary(paths: Fixture.fontPaths), report: { problems.append($0) })
                let deck = headless.deck
                defer { deck.stopVideo() }
                let rest = PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0, wraps: config.wrap)
                let drag = PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0.25, wraps: config.wrap)
                let playing = PlayingVideo(card: 0, page: 0, path: clip, clock: CardClock(origin: 0))
                var clock = 0.0
                func nextFrame() -> Bool {
                    XvfbSession.eventually(20) {
                        clock += 0.1
                        return deck.followVideo(playing, at: clock, wake: {})
                    }
                }

                // Last drawn moving (a drag): the frame goes into the card's texture, which the deck draws.
                _ = headless.render(drag)
                #expect(nextFrame(), "no video frame within 20 s")
                let throughTexture = try RGBAImage(headless.render(rest))
                #expect(deck.isComposed(0) && !deck.isHeldByFrame(0))

                // Alone at rest: the next frame goes into the frame itself, and its texture is let go.
                #expect(nextFrame(), "no video frame within 20 s")
                #expect(deck.isHeldByFrame(0) && !deck.isComposed(0), "the card keeps a texture while it plays at rest")
                let straight = try RGBAImage(headless.render(rest))
                #expect(ImageDifference.between(expected: throughTexture, actual: straight) == nil, "drawn straight into the frame, the card differs")

                // A drag reads the card back from the frame, as any card at rest.
                let dragged = try RGBAImage(headless.render(drag))
                #expect(deck.isComposed(0))
                #expect(ImageDifference.between(expected: straight, actual: dragged) != nil, "the drag moved nothing")
                #expect(problems.isEmpty, "\(problems)")
            }
        }
    }
}
