import Testing
import VitrineCore
import VitrineTestSupport

extension SDLTests {
    /// Frames compared pixel for pixel (tolerance 0) with golden PNGs recorded by this code and looked at.
    @Suite struct GoldenFrames {
        func check(_ name: String, _ config: KioskConfig, size: PixelSize, page: Int = 0, offset: Double = 0) throws {
            let frame = try Fixture.render(config, size: size, page: page, offset: offset)
            let failure = Fixture.snapshots.verify(frame, named: name)
            #expect(failure == nil, Comment(rawValue: failure ?? ""))
        }

        @Test(arguments: [0, 2, 5])
        func pageAtRest(page: Int) throws {
            try check("page\(page)-1200x800", Fixture.deck(), size: PixelSize(width: 1200, height: 800), page: page)
        }

        @Test func halfwayBetweenTwoCards() throws {
            try check("page1-offset0.5-1200x800", Fixture.deck(), size: PixelSize(width: 1200, height: 800), page: 1, offset: 0.5)
        }

        @Test func wrappingBackFromTheFirstCard() throws {
            try check("page0-offset-0.3-1200x800", Fixture.deck(), size: PixelSize(width: 1200, height: 800), page: 0, offset: -0.3)
        }

        @Test func longTitleIsShortened() throws {
            try check("page3-long-title-900x600", Fixture.deck(), size: PixelSize(width: 900, height: 600), page: 3)
        }

        @Test func portraitWindowIsLetterboxed() throws {
            try check("page1-portrait-600x900", Fixture.deck(), size: PixelSize(width: 600, height: 900), page: 1)
        }

        @Test func wideWindowIsPillarboxed() throws {
            try check("page2-16x9-1280x720", Fixture.deck(), size: PixelSize(width: 1280, height: 720), page: 2)
        }

        @Test func coverFillsAWideWindow() throws {
            try check("page4-cover-1280x720", Fixture.deck(fit: .cover), size: PixelSize(width: 1280, height: 720), page: 4)
        }

        @Test(arguments: [Rotation.clockwise90, .upsideDown, .clockwise270])
        func rotatedPanelShowsTheUprightLayoutTurned(rotation: Rotation) throws {
            // A landscape panel mounted turned: the deck is laid out for the upright portrait screen, then turned.
            var config = Fixture.deck()
            config.display.rotation = rotation
            try check("page1-rotated\(rotation.rawValue)-900x600", config, size: PixelSize(width: 900, height: 600), page: 1)
        }

        @Test func coverFillsAPortraitWindow() throws {
            try check("page0-cover-600x900", Fixture.deck(fit: .cover), size: PixelSize(width: 600, height: 900), page: 0)
        }
    }
}
