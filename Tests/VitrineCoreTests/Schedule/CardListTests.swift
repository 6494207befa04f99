import Testing
@testable import VitrineCore

/// The runtime's lists of cards (``CardList``): read as the arrays they stand for, equal by their elements.
@Suite struct CardListTests {
    @Test func cardsInOrderAreACountAndReadAsTheirIndices() {
        let whole = CardList(inOrder: 10_000)
        #expect(whole.isInOrder && whole.count == 10_000 && whole[9_999] == 9_999 && whole.firstIndex(of: 42) == 42)
        #expect(CardList([0, 1, 2]).isInOrder, "a list that is 0..<n is kept as a count")
        #expect(CardList([]).isInOrder && CardList([]).isEmpty)
        #expect(CardList(inOrder: -3).isEmpty)
    }

    @Test func otherListsKeepTheirOrder() {
        let list = CardList([2, 0, 7])
        #expect(!list.isInOrder && Array(list) == [2, 0, 7] && list.firstIndex(of: 7) == 2 && !list.contains(1))
        #expect(!CardList([1, 2]).isInOrder, "not from 0")
        #expect(!CardList([0, 2]).isInOrder)
    }

    @Test func equalityIsByElementsWhateverTheyAreKeptAs() {
        #expect(CardList(inOrder: 3) == CardList([0, 1, 2]))
        #expect(CardList(inOrder: 3) != CardList(inOrder: 4))
        #expect(CardList([2, 0]) == CardList([2, 0]))
        #expect(CardList([2, 0]) != CardList([0, 2]))
        #expect(CardList(inOrder: 2) != CardList([1, 0]))
    }
}
