import Testing
@testable import VitrineCore

/// File names are bytes: canonically equivalent spellings are different files everywhere.
@Suite struct PathKeyTests {
    static let nfc = "/deck/caf\u{E9}.png"  // é precomposed
    static let nfd = "/deck/cafe\u{301}.png"  // e and a combining acute accent

    @Test func canonicallyEquivalentPathsAreDifferentKeys() {
        #expect(Self.nfc == Self.nfd, "Swift's String equality, which is for text, says they are equal")
        #expect(PathKey(Self.nfc) != PathKey(Self.nfd))
        #expect(Set([PathKey(Self.nfc), PathKey(Self.nfd)]).count == 2)
        #expect(PathKey(Self.nfc) == PathKey(bytes: Array(Self.nfc.utf8)))
        #expect(!PathKey.same(Self.nfc, Self.nfd))
    }

    @Test func cardsWithEquivalentImagePathsDiffer() {
        let a = CardConfig(title: "Café", image: Self.nfc)
        let b = CardConfig(title: "Café", image: Self.nfd)
        #expect(a != b)
        #expect(a == CardConfig(title: "Cafe\u{301}", image: Self.nfc), "titles are text: equivalent titles are equal")
    }

    @Test func aReloadMatchesTheCardByItsImageBytes() {
        let old = [CardConfig(title: "A", image: "/x.png"), CardConfig(title: "Café", image: Self.nfc)]
        // The NFD card comes first in the new deck, the NFC one last: the kiosk stays on the NFC one.
        let new = [CardConfig(title: "Café", image: Self.nfd), CardConfig(title: "B", image: "/y.png"), CardConfig(title: "Café", image: Self.nfc)]
        #expect(DeckReload.matchedPage(current: 1, in: old, newCards: new) == 2)
    }
}

/// A key's hash and equality see where its bytes end, as `String`'s do.
@Suite struct PathKeyLengthTests {
    /// Hashes `keys` together, as an array or a struct of two keys does.
    static func hash(_ keys: [PathKey]) -> Int {
        var hasher = Hasher()
        for key in keys { key.hash(into: &hasher) }
        return hasher.finalize()
    }

    @Test func keysHashedTogetherKeepTheirBoundaries() {
        // The same bytes split at another place: a pair of keys differs, and so must its hash (as with String).
        #expect([PathKey("/a/b"), PathKey("c")] != [PathKey("/a/"), PathKey("bc")])
        #expect(Self.hash([PathKey("/a/b"), PathKey("c")]) != Self.hash([PathKey("/a/"), PathKey("bc")]))
        #expect(Self.hash([PathKey(""), PathKey("x")]) != Self.hash([PathKey("x"), PathKey("")]))
        #expect(Set([[PathKey("ab"), PathKey("c")], [PathKey("a"), PathKey("bc")]]).count == 2)
    }

    @Test func keysOfOtherLengthsDiffer() {
        #expect(PathKey("/deck/a.png") != PathKey("/deck/a.png/"))
        #expect(PathKey("/deck/a.png/") != PathKey("/deck/a.png"))
        #expect(!PathKey.same("", "/"))
        #expect(PathKey.same("/deck/a.png", "/deck/a.png"))
        #expect(Self.hash([PathKey("/deck/a.png")]) == Self.hash([PathKey(bytes: Array("/deck/a.png".utf8))]))
    }
}
