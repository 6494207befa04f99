import Testing
@testable import VitrineCore

/// Swapping the deck under a running session.
@Suite struct KioskSessionReloadTests {
    @Test func atRestTheSessionMovesToTheMatchedPageWithoutEvents() {
        var h = KioskSessionHarness(pageCount: 3, currentPage: 1)
        let events = h.session.replaceDeck(pageCount: 5, wraps: true, at: h.time) { old in
            #expect(old == 1)
            return 3
        }
        #expect(events.isEmpty)
        #expect(h.session.pager.pageCount == 5)
        #expect(h.session.pager.wraps)
        #expect(h.currentPage == 3)
        #expect(h.session.isIdle)
        #expect(h.position == 3)
    }

    @Test func aRunningTransitionLandsOnItsTargetFirst() {
        var h = KioskSessionHarness(pageCount: 3, currentPage: 0)
        h.send(.key(.next))
        h.step()
        var seen: Int?
        let events = h.session.replaceDeck(pageCount: 4, wraps: false, at: h.time) { old in
            seen = old
            return old + 1
        }
        #expect(seen == 1)
        #expect(events == [.transitionFinished(from: 0, to: 1, completed: true), .pageChanged(page: 1)])
        #expect(h.currentPage == 2)
        #expect(h.session.isIdle)
    }

    @Test func aHeldDragIsDroppedAndTheRestOfItsGestureIgnored() {
        var h = KioskSessionHarness(pageCount: 3, currentPage: 1)
        h.send(.pointerDown(id: 0, at: Point(x: 600, y: 200)))
        h.send(.pointerMove(id: 0, to: Point(x: 400, y: 200)))
        #expect(!h.session.isIdle)
        let events = h.session.replaceDeck(pageCount: 3, wraps: false, at: h.time) { $0 }
        #expect(events.isEmpty)
        #expect(h.session.isIdle)
        #expect(h.position == 1)
        #expect(h.send(.pointerMove(id: 0, to: Point(x: 100, y: 200))).isEmpty)
        #expect(h.send(.pointerUp(id: 0, at: Point(x: 100, y: 200))).isEmpty)
        #expect(h.currentPage == 1 && h.session.isIdle)
    }

    @Test func anEmptyDeckIsAccepted() {
        var h = KioskSessionHarness(pageCount: 3, currentPage: 2)
        _ = h.session.replaceDeck(pageCount: 0, wraps: true, at: h.time) { _ in 0 }
        #expect(h.session.pager.pageCount == 0)
        #expect(h.send(.key(.next)).isEmpty)
    }
}
