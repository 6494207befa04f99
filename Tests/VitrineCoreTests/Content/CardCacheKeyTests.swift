import Testing
@testable import VitrineCore

@Suite struct CardCacheKeyTests {
    let identity = ImageIdentity(device: 2049, inode: 131_077, size: 138_205, modifiedSeconds: 1_764_530_000, modifiedNanoseconds: 5)

    @Test func entriesOfOneImageShareAPrefixAndDifferByShape() {
        let a = CardCacheKey.fileName(for: identity, shape: ["Ember Mesa", "Card 1", "1200x800"])
        let b = CardCacheKey.fileName(for: identity, shape: ["Ember Mesa", "Card 1", "1920x1280"])
        #expect(a != b)
        #expect(a.hasPrefix(CardCacheKey.prefix(for: identity) + "-") && b.hasPrefix(CardCacheKey.prefix(for: identity) + "-"))
        #expect(a.hasSuffix(".argb") && a.count == "card-".count + 16 + 1 + 16 + ".argb".count)
        #expect(a == CardCacheKey.fileName(for: identity, shape: ["Ember Mesa", "Card 1", "1200x800"]))  // Stable.
    }

    @Test func anyChangeToTheFileGivesAnotherPrefix() {
        var touched = identity
        touched.modifiedNanoseconds += 1
        var replaced = identity
        replaced.inode += 1
        var grown = identity
        grown.size += 1
        let prefixes = Set([identity, touched, replaced, grown].map(CardCacheKey.prefix(for:)))
        #expect(prefixes.count == 4)
    }

    @Test func fieldsDoNotRunIntoEachOther() {
        #expect(CardCacheKey.fileName(for: identity, shape: ["ab", "c"]) != CardCacheKey.fileName(for: identity, shape: ["a", "bc"]))
    }
}
