import Testing
@testable import VitrineCore

@Suite struct FrameDisplayListTests {
    let stage = StageLayout(windowPixels: PixelSize(width: 1200, height: 800), fit: .contain)
    let background = Color(red: 16, green: 16, blue: 20)

    func cards(_ list: DisplayList) -> [(Int, PixelRect)] {
        list.commands.compactMap { if case .card(let i, let r) = $0 { (i, r) } else { nil } }
    }

    @Test func atRestOneCardCoversThePage() {
        let list = DisplayList.frame(stage: stage, pager: PagerSnapshot(pageCount: 6, currentPage: 2, position: 2, wraps: true), background: background)
        // The opaque card covers the 3:2 window: no clear is needed under it.
        #expect(!list.commands.contains(.clear(background)))
        #expect(cards(list).map(\.0) == [2])
        #expect(cards(list)[0].1 == stage.cardRect)
        #expect(list.commands.filter { if case .dot = $0 { true } else { false } }.count == 6)
    }

    @Test func halfwayShowsBothNeighboursEdgeToEdge() {
        let list = DisplayList.frame(stage: stage, pager: PagerSnapshot(pageCount: 6, currentPage: 2, position: 2.5, wraps: true), background: background)
        let drawn = cards(list)
        #expect(drawn.map(\.0) == [2, 3])
        #expect(drawn[0].1.x == -600 && drawn[1].1.x == 600)
        #expect(drawn[0].1.x + Int(stage.pageWidth) == drawn[1].1.x)
    }

    @Test func wrapShowsTheLastCardBeforeTheFirst() {
        let list = DisplayList.frame(stage: stage, pager: PagerSnapshot(pageCount: 6, currentPage: 0, position: -0.25, wraps: true), background: background)
        #expect(cards(list).map(\.0) == [5, 0])
    }

    @Test func withoutWrapNothingIsDrawnPastTheEnds() {
        let list = DisplayList.frame(stage: stage, pager: PagerSnapshot(pageCount: 6, currentPage: 0, position: -0.25, wraps: false), background: background)
        #expect(cards(list).map(\.0) == [0])
    }

    @Test func emptyDeckIsAStandbyScreenWithOneCenteredLine() {
        let list = DisplayList.frame(stage: stage, pager: PagerSnapshot(pageCount: 0, currentPage: 0, position: 0, wraps: true), background: background)
        // The subtitle's size on the 1200-wide card: 17 pt at twice the reference width.
        #expect(list.commands == [.clear(background),
                                  .centeredText("No cards to show", weight: .regular, pixelSize: 34, center: Point(x: 600, y: 400), color: StandbyStyle.textColor)])
    }

    @Test func standbyLineIsCenteredInALetterboxedWindowAndSizedForItsCard() {
        let portrait = StageLayout(windowPixels: PixelSize(width: 600, height: 900), fit: .contain)
        let list = DisplayList.frame(stage: portrait, pager: PagerSnapshot(pageCount: 0, currentPage: 0, position: 0.4, wraps: false), background: background)
        #expect(list.commands.count == 2)
        guard case .centeredText(_, _, 17, Point(x: 300, y: 450), _) = list.commands[1] else { Issue.record("\(list.commands)"); return }
    }

    @Test func currentDotFollowsTheBoundPageNotThePosition() {
        // Mid-drag past half way: the dot still marks the bound page, as UIPageControl does until the page changes.
        let list = DisplayList.frame(stage: stage, pager: PagerSnapshot(pageCount: 3, currentPage: 0, position: 0.8, wraps: true), background: background)
        let opaque = list.commands.compactMap { if case .dot(let c, _, let color) = $0, color.alpha == 255 { c } else { nil } }
        #expect(opaque.count == 1)
        let control = stage.pageControl(pageCount: 3, currentPage: 0)
        #expect(opaque[0] == control.dots[0].center)
    }
}

/// `style.dots: false` hides the page control.
@Suite struct FrameDotsTests {
    @Test func dotsFalseDrawsNoDots() {
        let stage = StageLayout(windowPixels: PixelSize(width: 1200, height: 800), fit: .contain)
        let pager = PagerSnapshot(pageCount: 6, currentPage: 2, position: 2, wraps: true)
        func dots(_ list: DisplayList) -> Int { list.commands.filter { if case .dot = $0 { true } else { false } }.count }
        #expect(dots(DisplayList.frame(stage: stage, pager: pager, background: .black)) == 6)
        let bare = DisplayList.frame(stage: stage, pager: pager, background: .black, decor: FrameDecor(dots: false))
        #expect(dots(bare) == 0)
        #expect(bare.commands == [.card(index: 2, destination: stage.cardRect)])
    }
}
