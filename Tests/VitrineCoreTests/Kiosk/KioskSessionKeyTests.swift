import Testing
@testable import VitrineCore

@Suite struct KioskSessionKeyTests {
    @Test func nextAnimatesToTheNextCardAndThePageChangesOnArrival() {
        var h = KioskSessionHarness(currentPage: 1)
        #expect(h.send(.key(.next)) == [.transitionStarted(from: 1, to: 2)])
        #expect(h.currentPage == 1)
        #expect(h.settle() == [.transitionFinished(from: 1, to: 2, completed: true), .pageChanged(page: 2)])
        #expect(h.currentPage == 2)
        #expect(h.position == 2)
    }

    @Test func previousFirstAndLast() {
        var h = KioskSessionHarness(currentPage: 2)
        #expect(h.send(.key(.previous)) == [.transitionStarted(from: 2, to: 1)])
        h.settle()
        #expect(h.currentPage == 1)
        #expect(h.send(.key(.last)) == [.transitionStarted(from: 1, to: 4)])
        h.settle()
        #expect(h.currentPage == 4)
        #expect(h.send(.key(.first)) == [.transitionStarted(from: 4, to: 0)])
        h.settle()
        #expect(h.currentPage == 0)
    }

    @Test func previousOnTheFirstCardWrapsOnlyWhenTheDeckWraps() {
        var flat = KioskSessionHarness(wraps: false)
        #expect(flat.send(.key(.previous)) == [])
        #expect(flat.session.isIdle)
        var ring = KioskSessionHarness(wraps: true)
        #expect(ring.send(.key(.previous)) == [.transitionStarted(from: 0, to: 4)])
        ring.settle()
        #expect(ring.currentPage == 4)
    }

    @Test(arguments: [1, 3, 5])
    func numberKeyGoesToThatCardCountedFromOne(n: Int) {
        var h = KioskSessionHarness(pageCount: 5, currentPage: n == 1 ? 4 : 0)
        let from = h.currentPage
        #expect(h.send(.key(.number(n))) == [.transitionStarted(from: from, to: n - 1)])
        h.settle()
        #expect(h.currentPage == n - 1)
    }

    @Test(arguments: [0, 6, 9, -1])
    func numberKeyOutsideTheDeckIsIgnored(n: Int) {
        var h = KioskSessionHarness(pageCount: 5, currentPage: 2)
        #expect(h.send(.key(.number(n))) == [])
        #expect(h.session.isIdle)
        h.settle()
        #expect(h.events == [])
        #expect(h.currentPage == 2)
        #expect(h.position == 2)
    }

    @Test func numberKeyForTheCurrentCardDoesNothing() {
        var h = KioskSessionHarness(pageCount: 5, currentPage: 2)
        #expect(h.send(.key(.number(3))) == [])
        #expect(h.session.isIdle)
    }

    @Test func setPageAnimatesToAPageCountedFromZero() {
        var h = KioskSessionHarness(pageCount: 5)
        #expect(h.send(.setPage(3)) == [.transitionStarted(from: 0, to: 3)])
        h.settle()
        #expect(h.currentPage == 3)
    }

    @Test(arguments: [5, 6, -1, Int.max, Int.min])
    func setPageOutOfRangeIsIgnored(page: Int) {
        var h = KioskSessionHarness(pageCount: 5, currentPage: 1)
        #expect(h.send(.setPage(page)) == [])
        #expect(h.session.isIdle)
        #expect(h.currentPage == 1)
    }
}
