import Testing
@testable import VitrineCore

@Suite struct KioskSessionSnapshotTests {
    @Test func atRestTheSnapshotIsTheCurrentPage() {
        let h = KioskSessionHarness(pageCount: 5, wraps: true, currentPage: 3)
        #expect(h.session.snapshot() == PagerSnapshot(pageCount: 5, currentPage: 3, position: 3, wraps: true))
    }

    @Test func wrapsFollowsTheDeck() {
        #expect(KioskSessionHarness(pageCount: 5, wraps: false).session.snapshot().wraps == false)
        #expect(KioskSessionHarness(pageCount: 2, wraps: true).session.snapshot().wraps == true)
    }

    @Test func aSingleCardNeverWraps() {
        let h = KioskSessionHarness(pageCount: 1, wraps: true)
        #expect(h.session.snapshot() == PagerSnapshot(pageCount: 1, currentPage: 0, position: 0, wraps: false))
    }

    @Test func midTransitionThePositionMovesButTheBoundPageDoesNot() {
        var h = KioskSessionHarness(pageCount: 5, currentPage: 1)
        h.send(.key(.next))
        for _ in 0..<12 { h.step() }  // 0.1 s of a 0.32 s animation.
        let snapshot = h.session.snapshot()
        #expect(snapshot.currentPage == 1)
        #expect(snapshot.position > 1 && snapshot.position < 2)
    }

    @Test func alphaInterpolatesBetweenTheLastTwoSteps() {
        var h = KioskSessionHarness(pageCount: 5, currentPage: 1)
        h.send(.key(.next))
        for _ in 0..<6 { h.step() }
        let before = h.session.snapshot().position
        h.step()
        let after = h.session.snapshot().position
        #expect(after > before)
        #expect(h.session.snapshot(alpha: 0).position == before)
        #expect(abs(h.session.snapshot(alpha: 0.5).position - (before + after) / 2) < 1e-12)
        #expect(h.session.snapshot(alpha: 1).position == after)
    }

    @Test func currentPageChangesOnlyWithPageChanged() throws {
        var h = KioskSessionHarness(pageCount: 5, wraps: true, currentPage: 0)
        h.send(.key(.next)); h.settle()
        h.send(.key(.previous)); h.settle()
        h.send(.key(.previous)); h.settle()  // Wraps to 4.
        h.drag(from: Point(x: 400, y: 150), cardTravel: -480); h.settle()
        h.drag(from: Point(x: 400, y: 150), cardTravel: -200); h.settle()  // Snaps back.
        let dot = try #require(h.dotCentersInPoints()[2])
        h.tap(at: dot); h.settle()
        #expect(h.currentPage == 2)
        #expect(h.pageChanges.filter(\.changed).count == 5)
        #expect(h.pageChanges.allSatisfy { $0.changed == $0.reported })
        #expect(h.events.filter { if case .pageChanged = $0 { true } else { false } }
                == [.pageChanged(page: 1), .pageChanged(page: 0), .pageChanged(page: 4), .pageChanged(page: 0),
                    .pageChanged(page: 2)])
    }
}
