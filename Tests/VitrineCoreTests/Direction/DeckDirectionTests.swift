import Testing
@testable import VitrineCore

/// `direction`, top level and per card: how it is read, checked, and how `auto` decides a deck's direction.
@Suite struct DeckDirectionTests {
    func decode(_ json: String) throws -> KioskConfig {
        try KioskConfig.decode(Array(json.utf8), file: "k.json").config
    }

    func errors(_ json: String) -> [String] { RuntimeFixture.configErrors(json) }

    func deck(_ titles: [String]) -> KioskConfig {
        KioskConfig(cards: titles.enumerated().map { CardConfig(title: $1, image: "/d/\($0).jpg") }, file: "k.json")
    }

    @Test func aHebrewDeckIsRightToLeftAnEnglishOneLeftToRight() {
        #expect(deck(["אש", "מים", "אוויר"]).deckDirection == .rightToLeft)
        #expect(deck(["Fire", "Water", "Air"]).deckDirection == .leftToRight)
        // Arabic too, and a title that starts with digits or punctuation reads from its first letter.
        #expect(deck(["المسجد الأقصى", "123 القدس", "«يافا»"]).deckDirection == .rightToLeft)
    }

    @Test func aMixedDeckGoesWithMostTitlesAndATieIsLeftToRight() {
        #expect(deck(["אש", "מים", "Air"]).deckDirection == .rightToLeft)
        #expect(deck(["Fire", "מים", "Air"]).deckDirection == .leftToRight)
        #expect(deck(["אש", "Air"]).deckDirection == .leftToRight)
        // Titles with no letter (or none at all: photo-frame cards) do not vote.
        #expect(deck(["אש", "", "2024", "…"]).deckDirection == .rightToLeft)
        #expect(deck([]).deckDirection == .leftToRight)
    }

    @Test func aCardsOwnDirectionIsItsVoteAndTheDeckKeyWinsOverAuto() throws {
        var config = deck(["Fire", "Water", "אש"])
        config.cards[0].direction = .rightToLeft
        config.cards[1].direction = .rightToLeft
        #expect(config.deckDirection == .rightToLeft)
        #expect(try decode(#"{"direction":"ltr","cards":[{"title":"אש","image":"a.jpg"}]}"#).deckDirection == .leftToRight)
        #expect(try decode(#"{"direction":"rtl","cards":[{"title":"Fire","image":"a.jpg"}]}"#).deckDirection == .rightToLeft)
        #expect(try decode(#"{"cards":[{"title":"אש","image":"a.jpg"}]}"#).deckDirection == .rightToLeft)
    }

    @Test func directionIsReadAtTheTopAndOnACard() throws {
        let config = try decode(#"{"direction":"rtl","cards":[{"title":"A","image":"a.jpg","direction":"ltr"},{"title":"B","image":"b.jpg"}]}"#)
        #expect(config.accessibility.direction == .rightToLeft)
        #expect(config.cards.map(\.direction) == [.leftToRight, .auto])
        #expect(try decode(#"{"cards":[]}"#).accessibility.direction == .auto)
    }

    @Test func aWrongDirectionIsOneLineNamingItsPath() {
        #expect(errors(#"{"direction":"right","cards":[]}"#) == [#"k.json: direction: expected "auto", "ltr" or "rtl", found "right""#])
        #expect(errors(#"{"direction":1,"cards":[]}"#) == [#"k.json: direction: expected "auto", "ltr" or "rtl", found a number"#])
        #expect(errors(#"{"cards":[{"title":"A","image":"a.jpg","direction":"RTL"}]}"#)
                == [#"k.json: cards[0].direction: expected "auto", "ltr" or "rtl", found "RTL""#])
    }

    @Test func aCardsDirectionKeepsACardSmallAndCountsInEquality() {
        var card = CardConfig(title: "A", image: "a.jpg")
        let plain = card
        card.direction = .rightToLeft
        #expect(card != plain && card.direction == .rightToLeft)
        card.direction = .auto
        #expect(card == plain && card.extras == nil)
    }
}
