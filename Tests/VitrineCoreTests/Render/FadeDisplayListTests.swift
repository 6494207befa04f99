import Testing
@testable import VitrineCore

/// The frame of a fade: the cards in place, the fading one at its opacity, the dots on the bound page.
@Suite struct FadeDisplayListTests {
    static let stage = StageLayout(windowPixels: PixelSize(width: 900, height: 600), fit: .contain)

    func cards(_ list: DisplayList) -> [DrawCommand] { list.commands.filter { $0.cardIndex != nil } }

    @Test func aFadeDrawsTheCardThenTheNextOneOverItInPlace() {
        let snapshot = PagerSnapshot.partWay(pageCount: 4, currentPage: 3, wraps: true, transition: .fade, fraction: 0.5)
        let list = DisplayList.frame(stage: Self.stage, pager: snapshot, background: .black)
        let rect = Self.stage.cardRect
        #expect(cards(list) == [.card(index: 3, destination: rect), .fadedCard(index: 0, destination: rect, opacity: 128)])
        let slid = PagerSnapshot(pageCount: 4, currentPage: 3, position: 3, wraps: true)
        let dots = { (l: DisplayList) in l.commands.filter { if case .dot = $0 { true } else { false } } }
        #expect(dots(list) == dots(DisplayList.frame(stage: Self.stage, pager: slid, background: .black)))
    }

    @Test func layersThatShowNothingOrHaveNoCardAreLeftOut() {
        var snapshot = PagerSnapshot(pageCount: 3, currentPage: 0, position: 0, wraps: false)
        snapshot.blend = [CardLayer(slot: 0, opacity: 1), CardLayer(slot: 1, opacity: 0.001), CardLayer(slot: -1, opacity: 0.5)]
        #expect(cards(DisplayList.frame(stage: Self.stage, pager: snapshot, background: .black)) == [.card(index: 0, destination: Self.stage.cardRect)])
    }

    @Test func partWayFollowsEachTransition() {
        func snapshot(_ t: PageTransition, _ f: Double) -> PagerSnapshot {
            PagerSnapshot.partWay(pageCount: 5, currentPage: 2, wraps: true, transition: t, fraction: f)
        }
        #expect(snapshot(.slide, 0.4).position == 2.4 && snapshot(.slide, 0.4).blend == nil)
        #expect(snapshot(.fade, -0.4).position == 2)
        #expect(snapshot(.fade, -0.4).blend == [CardLayer(slot: 2, opacity: 1), CardLayer(slot: 1, opacity: 0.4)])
        #expect(snapshot(.fade, 0).blend == nil)
        #expect(snapshot(.none, 0.99).position == 2 && snapshot(.none, 0.99).blend == nil)
        #expect(snapshot(.none, -1).position == 1)
        for t in PageTransition.allCases { #expect(snapshot(t, 0.4).currentPage == 2) }
    }

    @Test func partWayTowardNoCardIsTheCardAtRest() {
        // A deck of one card (which does not page, even where the deck wraps) and the ends of a deck that does not
        // wrap: `run` moves nowhere, so `render --offset` draws the card where it is.
        for t in PageTransition.allCases {
            for (count, page, wraps, f) in [(1, 0, true, 0.39), (1, 0, false, -0.5), (3, 2, false, 0.5), (3, 0, false, -1.0)] {
                let snapshot = PagerSnapshot.partWay(pageCount: count, currentPage: page, wraps: wraps, transition: t, fraction: f)
                #expect(snapshot.position == Double(page) && snapshot.blend == nil, "\(t) \(count) cards, page \(page), \(f)")
            }
            // Toward a card that is there, as before: the frame moves or blends.
            let toward = PagerSnapshot.partWay(pageCount: 3, currentPage: 2, wraps: false, transition: t, fraction: -1)
            #expect(toward.position == 1 || toward.blend != nil, "\(t)")
        }
    }
}
