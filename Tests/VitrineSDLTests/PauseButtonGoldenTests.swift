import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// The pause button beside the dots while attract mode runs, in both states: goldens looked at.
    @Suite struct PauseButtonFrames {
        static let size = PixelSize(width: 900, height: 600)

        /// The test deck with attract mode on.
        static var deck: KioskConfig {
            var config = Fixture.deck()
            config.autoplay = AutoplayConfig(interval: 8)
            return config
        }

        func check(_ name: String, page: Int, glyph: PauseButtonGlyph) throws {
            _ = Fixture.library
            let surface = try HeadlessRenderer.frame(config: Self.deck, size: Self.size, page: page, offset: 0,
                                                     fonts: FontLibrary(paths: Fixture.fontPaths),
                                                     decor: FrameDecor(dots: true, pauseButton: glyph))
            let failure = Fixture.snapshots.verify(try RGBAImage(surface), named: name)
            #expect(failure == nil, Comment(rawValue: failure ?? ""))
        }

        @Test func pauseWhileAttractModeRuns() throws {
            // The long title: its ellipsis keeps clear of the dots and the button.
            try check("pause-button-pause-900x600", page: 3, glyph: .pause)
        }

        @Test func playWhileAVisitorHoldsIt() throws {
            try check("pause-button-play-900x600", page: 0, glyph: .play)
        }

        @Test func theButtonIsWhiteWhereItsGlyphIs() throws {
            _ = Fixture.library
            let stage = StageLayout(windowPixels: Self.size, fit: .contain)
            let button = try #require(stage.pageControl(pageCount: 6, currentPage: 0, pauseButton: true).pauseButton)
            for glyph in [PauseButtonGlyph.pause, .play] {
                let image = try RGBAImage(HeadlessRenderer.frame(config: Self.deck, size: Self.size, page: 0, offset: 0,
                                                                 fonts: FontLibrary(paths: Fixture.fontPaths),
                                                                 decor: FrameDecor(dots: true, pauseButton: glyph)))
                // The glyph's middle row, a third of the way in, is opaque white.
                let x = Int(button.glyphFrame.minX + button.glyphFrame.width / 3), y = Int(button.glyphFrame.midY)
                #expect(image[x, y].prefix(3).allSatisfy { $0 >= 250 }, "\(glyph): \(image[x, y])")
            }
        }
    }
}
