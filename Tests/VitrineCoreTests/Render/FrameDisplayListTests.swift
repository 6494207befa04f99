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
        #expect(list.commands.first == .clear(background))
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

    @Test func emptyDeckIsJustTheBackground() {
        let list = DisplayList.frame(stage: stage, pager: PagerSnapshot(pageCount: 0, currentPage: 0, position: 0, wraps: true), background: background)
        #expect(list.commands == [.clear(background)])
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
