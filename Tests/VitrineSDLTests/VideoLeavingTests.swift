import Foundation
import Testing
@testable import VitrineCore
import VitrineSystem
import VitrineTestSupport
@testable import VitrineSDL

extension SDLTests {
    /// A video card that stops as a slide takes it away keeps its last frame while it shows, rather than making its
    /// poster on the loop for the slide's first frame, and has its poster again once it is off screen.
    @Suite(.enabled(if: FFmpegTool.isInstalled, "needs ffmpeg (CI installs it)"))
    struct VideoLeaving {
        @Test func aStoppedVideoCardKeepsItsLastFrameUntilItIsOffScreenThenShowsItsPoster() throws {
            _ = Fixture.library
            try withTemporaryFolder { folder in
                let clip = try VideoShade.clip(in: folder)
                var config = Fixture.deck()
                config.cards[0].video = CardVideo(path: clip)
                var problems: [String] = []
                let size = PixelSize(width: 360, height: 240)
                let fonts = FontLibrary(paths: Fixture.fontPaths)
                let headless = try HeadlessRenderer(config: config, size: size, fonts: fonts, report: { problems.append($0) })
                let deck = headless.deck
                defer { deck.stopVideo() }
                func at(_ page: Int, _ position: Double) -> PagerSnapshot {
                    PagerSnapshot(pageCount: config.cards.count, currentPage: page, position: position, wraps: config.wrap)
                }
                let playing = PlayingVideo(card: 0, page: 0, path: clip, clock: CardClock(origin: 0))
                var clock = 0.0
                _ = headless.render(at(0, 0))
                #expect(XvfbSession.eventually(20) {
                    clock += 0.1
                    return deck.followVideo(playing, at: clock, wake: {})
                }, "no video frame within 20 s")
                _ = headless.render(at(0, 0))
                #expect(deck.isHeldByFrame(0))

                // The slide away begins: the video stops, and the frame still holds its last frame, read back as
                // any card at rest for the slide.
                deck.stopVideo()
                #expect(deck.isHeldByFrame(0), "the stopped video's last frame was let go while it showed")
                _ = headless.render(at(0, 0.4))
                #expect(deck.isComposed(0))

                // Off screen, its last frame goes; back on screen, it is its poster, as a card that never played.
                _ = headless.render(at(1, 1))
                #expect(!deck.isComposed(0) && !deck.isHeldByFrame(0), "the last frame outlived the slide")
                let back = try RGBAImage(headless.render(at(0, 0.6)))
                let fresh = try HeadlessRenderer(config: config, size: size, fonts: fonts, report: { problems.append($0) })
                let poster = try RGBAImage(fresh.render(at(0, 0.6)))
                #expect(ImageDifference.between(expected: poster, actual: back) == nil, "the card came back without its poster")
                #expect(problems.isEmpty, "\(problems)")
            }
        }

        /// At the landing, the slide's last frame still moved: the first video frame waits one turn of the loop for
        /// the landing's frame (the card alone at rest, its poster), then goes straight into the window's frame,
        /// with no texture the size of a card made for it.
        @Test func aLandedVideosFirstFrameWaitsForTheCardAtRestAndGoesIntoTheFrame() throws {
            _ = Fixture.library
            try withTemporaryFolder { folder in
                let clip = try VideoShade.clip(in: folder)
                var config = Fixture.deck()
                config.cards[0].video = CardVideo(path: clip)
                var problems: [String] = []
                let size = PixelSize(width: 360, height: 240)
                let headless = try HeadlessRenderer(config: config, size: size, fonts: FontLibrary(paths: Fixture.fontPaths), report: { problems.append($0) })
                let deck = headless.deck
                defer { deck.stopVideo() }
                func at(_ position: Double) -> PagerSnapshot {
                    PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: position, wraps: config.wrap)
                }
                // The slide brings the card in: its first frame is decoded meanwhile.
                _ = headless.render(at(0.2))
                let coming = PlayingVideo(card: 0, page: 0, path: clip, clock: nil)
                let before = deck.followVideo(coming, at: 0, wake: {})
                #expect(!before)
                let landed = PlayingVideo(card: 0, page: 0, path: clip, clock: CardClock(origin: 1))
                #expect(XvfbSession.eventually(20) { deck.playback?.pump.nextTime != nil }, "no first frame decoded within 20 s")

                // Landed, the last frame drawn still moving: the frame waits, and no texture is made for it.
                let drawnAtLanding = deck.followVideo(landed, at: 1.01, wake: {})
                #expect(!drawnAtLanding, "the first frame was drawn before the card showed at rest")
                #expect(deck.playback?.card == nil && deck.playback?.frame == nil)
                _ = headless.render(at(0))
                let drawnAtRest = deck.followVideo(landed, at: 1.02, wake: {})
                #expect(drawnAtRest)
                #expect(deck.isHeldByFrame(0) && deck.playback?.card == nil && deck.playback?.frame == nil,
                        "the first frame went into textures of its own")
                #expect(problems.isEmpty, "\(problems)")
            }
        }
    }
}
