import Testing
@testable import VitrineCore

/// The rule that keeps the kiosk on the same card when its deck is reloaded.
@Suite struct DeckReloadTests {
    static let a = CardConfig(title: "Ember Mesa", image: "a.jpg")
    static let b = CardConfig(title: "Alpine Lake", image: "b.jpg")
    static let c = CardConfig(title: "Misty Hills", image: "c.jpg")
    static let x = CardConfig(title: "New One", image: "x.jpg")
    static let y = CardConfig(title: "New Two", image: "y.jpg")

    func page(_ current: Int, _ old: [CardConfig], _ new: [CardConfig]) -> Int {
        DeckReload.matchedPage(current: current, in: old, newCards: new)
    }

    @Test func anUnchangedDeckKeepsThePage() {
        #expect(page(1, [Self.a, Self.b, Self.c], [Self.a, Self.b, Self.c]) == 1)
    }

    @Test func cardsInsertedBeforeAreFollowedByTitleAndImage() {
        #expect(page(1, [Self.a, Self.b, Self.c], [Self.x, Self.y, Self.a, Self.b, Self.c]) == 3)
    }

    @Test func cardsRemovedBeforeAreFollowed() {
        #expect(page(2, [Self.a, Self.b, Self.c], [Self.c]) == 0)
    }

    @Test func cardsInsertedBeforeAreFollowedByIDEvenWhenEverythingElseChanged() {
        var old = Self.b; old.id = "lake"
        var edited = CardConfig(title: "Renamed Lake", subtitle: "new", image: "other.jpg"); edited.id = "lake"
        #expect(page(1, [Self.a, old, Self.c], [Self.x, Self.y, Self.a, edited, Self.c]) == 3)
    }

    @Test func theIDWinsOverTitleAndImage() {
        var old = Self.b; old.id = "lake"
        var moved = Self.x; moved.id = "lake"
        var lookalike = Self.b; lookalike.id = "someone-else"
        #expect(page(0, [old], [lookalike, Self.a, moved]) == 2)
    }

    @Test func aLostIDFallsBackToTitleAndImage() {
        var old = Self.b; old.id = "lake"
        #expect(page(0, [old, Self.a], [Self.x, Self.b]) == 1)
    }

    @Test func anEditedCardKeepsItsIndex() {
        let edited = CardConfig(title: "Alpine Lake, Retitled", image: "b.jpg")
        #expect(page(1, [Self.a, Self.b, Self.c], [Self.a, edited, Self.c]) == 1)
    }

    @Test func aRemovedCardClampsIntoTheNewDeck() {
        #expect(page(2, [Self.a, Self.b, Self.c], [Self.x, Self.y]) == 1)
        #expect(page(1, [Self.a, Self.b, Self.c], [Self.x, Self.y, Self.a]) == 1)
    }

    @Test func anEmptyDeckGivesPageZero() {
        #expect(page(2, [Self.a, Self.b, Self.c], []) == 0)
        #expect(page(0, [], [Self.a]) == 0)
    }

    @Test func duplicatesResolveToTheNearestCopy() {
        #expect(page(3, [Self.a, Self.b, Self.c, Self.a], [Self.a, Self.b, Self.c, Self.x, Self.a]) == 4)
        #expect(page(0, [Self.a, Self.b], [Self.x, Self.a, Self.x, Self.a]) == 1)
    }
}
