import Testing
@testable import VitrineCore

@Suite struct StageLayoutTests {
    @Test func containLetterboxesAPortraitWindowTopAndBottom() {
        let stage = StageLayout(windowPixels: PixelSize(width: 600, height: 900), fit: .contain)
        #expect(stage.cardRect == PixelRect(x: 0, y: 250, width: 600, height: 400))
        #expect(!stage.cardCoversWindow)
    }

    @Test func containPillarboxesAWideWindow() {
        let stage = StageLayout(windowPixels: PixelSize(width: 1920, height: 1080), fit: .contain)
        #expect(stage.cardRect == PixelRect(x: 150, y: 0, width: 1620, height: 1080))
    }

    @Test func aThreeByTwoWindowIsAllCard() {
        let stage = StageLayout(windowPixels: PixelSize(width: 1200, height: 800), fit: .contain)
        #expect(stage.cardCoversWindow)
    }

    @Test func coverFillsTheWindow() {
        let stage = StageLayout(windowPixels: PixelSize(width: 1920, height: 1080), fit: .cover)
        #expect(stage.cardRect == PixelRect(x: 0, y: 0, width: 1920, height: 1080))
        #expect(stage.pageWidth == 1920)
    }

    @Test func cardStaysThreeByTwoWithinAPixelInAnyWindow() {
        for (w, h) in [(1, 1), (333, 777), (1366, 768), (800, 1280), (4000, 100)] {
            let card = StageLayout(windowPixels: PixelSize(width: w, height: h), fit: .contain).cardRect
            #expect(card.width <= w && card.height <= h)
            #expect(abs(Double(card.width) - Double(card.height) * 1.5) <= 1.5)
        }
    }
}
