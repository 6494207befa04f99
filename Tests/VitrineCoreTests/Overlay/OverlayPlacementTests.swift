import Testing
@testable import VitrineCore

/// Where the overlay's box sits at the bottom of a card: above the page control, the pause button included.
@Suite struct OverlayPlacementTests {
    struct Monospace: TextMeasuring {
        func width(of text: String, weight: FontWeight, pixelSize: Int) -> Int { text.count * 10 }
        func lineHeight(weight: FontWeight, pixelSize: Int) -> Int { 20 }
    }

    /// The overlay box's rectangle and the pause button's glyph frame in a 1200x800 frame of 3 cards.
    func place(dots: Bool, pauseButton: Bool) throws -> (box: PixelRect, control: PageControlLayout) {
        let stage = StageLayout(windowPixels: PixelSize(width: 1200, height: 800), fit: .contain)
        let overlay = OverlayText(clock: "12:00", date: "Tue 1 Dec", position: .bottomTrailing, color: .white)
        let pager = PagerSnapshot.partWay(pageCount: 3, currentPage: 0, wraps: false, transition: .slide, fraction: 0)
        let decor = FrameDecor(dots: dots, overlay: overlay, pauseButton: pauseButton ? .pause : nil)
        let list = DisplayList.frame(stage: stage, pager: pager, background: .black, decor: decor, measurer: Monospace())
        let box = try #require(list.commands.compactMap { command -> PixelRect? in
            if case .fill(let rect, _) = command { rect } else { nil }
        }.last)
        return (box, stage.pageControl(pageCount: 3, currentPage: 0, pauseButton: pauseButton, dotsShown: dots))
    }

    @Test func theBoxSitsAboveThePauseButtonWhenTheDotsAreHidden() throws {
        let alone = try place(dots: false, pauseButton: true)
        let button = try #require(alone.control.pauseButton).glyphFrame
        #expect(Double(alone.box.y + alone.box.height) <= button.y, "the box \(alone.box) covers the button \(button)")
        // The same height as above the dots, and at the card's bottom with neither.
        let withDots = try place(dots: true, pauseButton: true)
        #expect(withDots.box == alone.box)
        let neither = try place(dots: false, pauseButton: false)
        #expect(neither.box.y > alone.box.y)
    }
}
