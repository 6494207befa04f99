import Foundation
import Testing
@testable import VitrineCore
@testable import VitrineSDL
import VitrineSystem
import VitrineTestSupport

extension SDLTests {
    /// The cards beside a video card wait to be composed until its first second has played, so they do not add to
    /// what the kiosk holds at the landing; a card that comes on screen before then is drawn all the same
    /// (VideoPlayback.holdsNeighboursBack).
    @Suite(.enabled(if: FFmpegTool.isInstalled, "needs ffmpeg (CI installs it)"))
    struct VideoNeighbours {
        /// A 2 s clip of 360x240 at 10 fps.
        static func clip(in folder: TemporaryFolder) throws -> String {
            let clip = folder.file("clip.mp4")
            #expect(try FFmpegTool.run(["-f", "lavfi", "-i", "testsrc2=size=360x240:rate=10:duration=2", "-pix_fmt", "yuv420p",
                                        "-c:v", "libx264", clip]) == 0)
            return clip
        }

        /// A headless deck whose second card is `clip`, with a card preparer as the app has, and that card playing
        /// (not a frame shown yet) unless `start` is false: its hold on the neighbours pushed far off, whatever the
        /// machine's load.
        static func playing(_ clip: String, start: Bool = true) throws -> (HeadlessRenderer, CardPreparer, PlayingVideo, KioskConfig) {
            var config = Fixture.deck()
            config.cards[1].video = CardVideo(path: clip)
            let headless = try HeadlessRenderer(config: config, size: PixelSize(width: 360, height: 240), fonts: FontLibrary(paths: Fixture.fontPaths))
            let preparer = CardPreparer(fonts: FontLibrary(paths: Fixture.fontPaths))
            headless.deck.preparer = preparer
            let playing = PlayingVideo(card: 1, page: 1, path: clip, clock: CardClock(origin: 0))
            if start { startPlaying(playing, deck: headless.deck) }
            return (headless, preparer, playing, config)
        }

        static func startPlaying(_ playing: PlayingVideo, deck: DeckRenderer) {
            _ = deck.followVideo(playing, at: 0, wake: {})
            deck.playback?.started += 1000
        }

        @Test func theVideoCardKeepsItsPosterWhenItIsHeadedFor() throws {
            _ = Fixture.library
            try withTemporaryFolder { folder in
                let (headless, preparer, playing, config) = try Self.playing(try Self.clip(in: folder), start: false)
                let deck = headless.deck
                defer { deck.stopVideo(); preparer.stop() }
                let first = PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0, wraps: config.wrap)
                #expect(XvfbSession.eventually(20) {
                    headless.render(first)
                    return deck.isComposed(1)
                }, "the video card's poster was never composed beside the first card")
                // A press heads for the video card: it starts before the first frame of the slide, still at page 0.
                Self.startPlaying(playing, deck: deck)
                headless.render(first)
                #expect(deck.isComposed(1), "the poster of the card the slide brings in was let go")
            }
        }

        @Test func theCardsBesideAVideoAreComposedOnceItsFirstSecondHasPlayed() throws {
            _ = Fixture.library
            try withTemporaryFolder { folder in
                let (headless, preparer, playing, config) = try Self.playing(try Self.clip(in: folder))
                let deck = headless.deck
                defer { deck.stopVideo(); preparer.stop() }
                let rest = PagerSnapshot(pageCount: config.cards.count, currentPage: 1, position: 1, wraps: config.wrap)
                // The card on screen is composed; nothing else is asked for.
                #expect(XvfbSession.eventually(20) {
                    headless.render(rest)
                    return (deck.isComposed(1) || deck.isHeldByFrame(1)) && preparer.isIdle
                }, "the video card was never composed")
                headless.render(rest)
                #expect(preparer.isIdle && !deck.isComposed(0) && !deck.isComposed(2), "a neighbour was composed before the video played a second")

                // A second of the video plays: the neighbours are composed.
                var clock = 0.0
                #expect(XvfbSession.eventually(20) {
                    clock += 0.1
                    _ = deck.followVideo(playing, at: clock, wake: {})
                    return (deck.playback?.shownTime ?? 0) >= VideoPlayback.neighboursAfter
                }, "the video never played a second")
                #expect(XvfbSession.eventually(20) {
                    headless.render(rest)
                    return deck.isComposed(0) && deck.isComposed(2)
                }, "the neighbours were never composed")
            }
        }

        @Test func aSwipeBeforeTheFirstSecondShowsTheNeighbourAtOnce() throws {
            _ = Fixture.library
            try withTemporaryFolder { folder in
                let (headless, preparer, _, config) = try Self.playing(try Self.clip(in: folder))
                let deck = headless.deck
                defer { deck.stopVideo(); preparer.stop() }
                let rest = PagerSnapshot(pageCount: config.cards.count, currentPage: 1, position: 1, wraps: config.wrap)
                #expect(XvfbSession.eventually(20) {
                    headless.render(rest)
                    return (deck.isComposed(1) || deck.isHeldByFrame(1)) && preparer.isIdle
                }, "the video card was never composed")
                #expect(!deck.isComposed(2))
                // Half way to the next card: its half of the frame shows its picture (a preview at worst), not the
                // background.
                let swipe = PagerSnapshot(pageCount: config.cards.count, currentPage: 1, position: 1.5, wraps: config.wrap)
                let frame = try RGBAImage(headless.render(swipe))
                let background = config.display.background
                let empty = stride(from: 10, to: 100, by: 10).filter { y in
                    frame[340, y][0..<3] == [background.red, background.green, background.blue][...]
                }
                #expect(empty.isEmpty, "the next card's part of the frame is empty at rows \(empty)")
                #expect(XvfbSession.eventually(20) {
                    headless.render(swipe)
                    return deck.isComposed(2)
                }, "the card swiped to was never composed")
            }
        }
    }
}

extension SDLTests {
    /// A video's first frame at the landing goes straight into the window's frame, with no texture the size of a
    /// card made for it (DeckRenderer.expectLanding), though the frame drawn last was the slide's; the card's texts
    /// over its frames were made as the slide started.
    @Suite(.enabled(if: FFmpegTool.isInstalled, "needs ffmpeg (CI installs it)"))
    struct VideoLanding {
        @Test func theHeapIsTrimmedAtTheFirstFrameAndEveryTenOfTheFirstNinety() throws {
            _ = Fixture.library
            try withTemporaryFolder { folder in
                var config = Fixture.deck()
                config.cards[1].video = CardVideo(path: try VideoNeighbours.clip(in: folder))
                let headless = try HeadlessRenderer(config: config, size: PixelSize(width: 360, height: 240), fonts: FontLibrary(paths: Fixture.fontPaths))
                let deck = headless.deck
                defer { deck.stopVideo() }
                _ = deck.followVideo(PlayingVideo(card: 1, page: 1, path: config.cards[1].video!.path, clock: nil), at: 0, wake: {})
                let playback = try #require(deck.playback)
                var due: [Int] = []
                for shown in 0...120 {
                    playback.shown = shown
                    if deck.videoStartTrimDue() { due.append(shown) }
                    if deck.videoStartTrimDue() { due.append(-shown) }  // Once, not again at the same frame.
                }
                #expect(due == [1, 10, 20, 30, 40, 50, 60, 70, 80])
            }
        }

        @Test func theFirstFrameAtTheLandingGoesIntoTheWindowsFrame() throws {
            _ = Fixture.library
            try withTemporaryFolder { folder in
                var config = Fixture.deck()
                config.cards[1].video = CardVideo(path: try VideoNeighbours.clip(in: folder))
                let headless = try HeadlessRenderer(config: config, size: PixelSize(width: 360, height: 240), fonts: FontLibrary(paths: Fixture.fontPaths))
                let deck = headless.deck
                defer { deck.stopVideo() }
                let path = config.cards[1].video!.path
                // Headed for while the slide runs: decoding, its poster shown.
                _ = deck.followVideo(PlayingVideo(card: 1, page: 1, path: path, clock: nil), at: 0, wake: {})
                headless.render(PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0.5, wraps: config.wrap))
                #expect(deck.playback?.overlaySize != nil, "the card's texts over its frames are left for the landing")
                // Landed: the loop shows the deck the frame it draws next, then takes the first video frame.
                let landed = PagerSnapshot(pageCount: config.cards.count, currentPage: 1, position: 1, wraps: config.wrap)
                var frame = KioskFrame(pager: landed, stage: deck.stage, rotation: deck.rotation, background: deck.background, progress: nil,
                                       deckGeneration: 0, shownCards: nil, exifOrientation: deck.exifOrientation)
                frame.look = deck.look
                deck.expectLanding(frame)
                let playing = PlayingVideo(card: 1, page: 1, path: path, clock: CardClock(origin: 0))
                var clock = 0.0
                #expect(XvfbSession.eventually(20) {
                    clock += 0.05
                    return deck.followVideo(playing, at: clock, wake: {})
                }, "no video frame within 20 s")
                #expect(deck.isHeldByFrame(1) && !deck.isComposed(1), "the first frame went through a texture of the card's size")
            }
        }
    }
}
