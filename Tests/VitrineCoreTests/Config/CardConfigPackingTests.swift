import Testing
@testable import VitrineCore

/// A loaded deck keeps its cards' texts in one shared string (``CardConfig/packing(_:)``); each card still reads
/// and changes its own texts as before.
@Suite struct CardConfigPackingTests {
    static func deck() -> [CardConfig] {
        var cards = [
            CardConfig(id: "a", title: "Lac Émeraude", subtitle: "Card 1", image: "/srv/deck/images/lac-émeraude.jpg"),
            CardConfig(title: "The Extraordinarily Long Winding Trail Above Silvermist Lake", image: "b.jpg"),
            CardConfig(id: "", title: "🏔️ Peaks", subtitle: "", image: "/srv/deck/images/c.png"),
            CardConfig(title: "x", image: "y"),
        ]
        cards[1].schedule.duration = 12
        return cards
    }

    @Test func packedCardsReadAsTheyWereWritten() {
        let cards = Self.deck()
        let packed = CardConfig.packing(cards)
        #expect(packed == cards)
        for (a, b) in zip(packed, cards) {
            #expect(a.id == b.id && a.title == b.title && a.subtitle == b.subtitle && a.image == b.image && a.schedule == b.schedule)
        }
        #expect(packed[0].id == "a" && packed[1].id == nil && packed[2].id == "", "no id and an empty id stay apart")
        #expect(packed[2].title == "🏔️ Peaks" && packed[0].image == "/srv/deck/images/lac-émeraude.jpg")
        #expect(packed[1].schedule.duration == 12)
    }

    @Test func changingOnePackedCardLeavesTheOthers() {
        var packed = CardConfig.packing(Self.deck())
        packed[1].title = "Shorter"
        packed[0].subtitle = "A much longer subtitle than the one it had before"
        packed[3].id = "new"
        #expect(packed[1].title == "Shorter" && packed[1].image == "b.jpg")
        #expect(packed[0].subtitle == "A much longer subtitle than the one it had before" && packed[0].title == "Lac Émeraude")
        #expect(packed[3].id == "new" && packed[3].title == "x" && packed[3].image == "y")
        #expect(packed[2] == Self.deck()[2], "untouched")
        #expect(packed[1] != Self.deck()[1])
    }

    @Test func equalityIsByTextAndPathBytes() {
        // Equal as text (é composed or not) is equal for titles; a path is compared as bytes.
        let composed = CardConfig(title: "Caf\u{E9}", image: "/a/caf\u{E9}.jpg")
        let decomposed = CardConfig(title: "Cafe\u{301}", image: "/a/caf\u{E9}.jpg")
        let otherFile = CardConfig(title: "Caf\u{E9}", image: "/a/cafe\u{301}.jpg")
        let packed = CardConfig.packing([composed, decomposed, otherFile])
        #expect(packed[0] == packed[1])
        #expect(packed[0] != packed[2])
        #expect(packed[0] == composed && packed[2] == otherFile)
    }

    @Test func aDeckOfTenThousandSharesOneString() {
        let cards = (0..<10_000).map { CardConfig(title: "Silver Salmon Creek \($0)", subtitle: "National Park", image: "/tmp/deck/images/card-\($0).jpg") }
        let packed = CardConfig.packing(cards)
        #expect(packed == cards)
        #expect(packed[9_999].title == "Silver Salmon Creek 9999" && packed[9_999].image == "/tmp/deck/images/card-9999.jpg")
        #expect(MemoryLayout<CardConfig>.stride <= 40)
    }

    @Test func theFolderTheImagesShareIsKeptOnceAndReadBack() {
        #expect(CardConfig.commonFolder(["/srv/deck/images/a.jpg", "/srv/deck/images/b.jpg"]) == "/srv/deck/images/")
        #expect(CardConfig.commonFolder(["/srv/deck/images/a.jpg", "/srv/deck/imagery/b.jpg"]) == "/srv/deck/")
        #expect(CardConfig.commonFolder(["/a/bc.jpg", "/a/b"]) == "/a/", "a folder, not a common beginning of names")
        #expect(CardConfig.commonFolder(["a.jpg", "/a/a.jpg"]) == "")
        #expect(CardConfig.commonFolder(["/Bilder/Gärten/x.jpg", "/Bilder/Gärten/y.jpg"]) == "/Bilder/Gärten/")
        let cards = [
            CardConfig(title: "A", image: "/srv/Gärten/a.jpg"),
            CardConfig(id: "b", title: "B", subtitle: "b", image: "/srv/Gärten/sub/b.jpg"),
            CardConfig(title: "C", image: "/srv/Gärten/"),  // The folder itself: kept whole.
        ]
        let packed = CardConfig.packing(cards)
        #expect(packed == cards)
        #expect(packed.map(\.image) == ["/srv/Gärten/a.jpg", "/srv/Gärten/sub/b.jpg", "/srv/Gärten/"])
        #expect(packed[1].id == "b" && packed[1].subtitle == "b" && packed[2].id == nil)
        var changed = packed
        changed[0].image = "/elsewhere/a.jpg"
        #expect(changed[0].image == "/elsewhere/a.jpg" && changed[1].image == "/srv/Gärten/sub/b.jpg")
    }
}
