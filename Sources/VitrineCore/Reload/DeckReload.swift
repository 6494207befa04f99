/// The rule that keeps the kiosk on the same card when its deck is replaced by a reloaded one.
public enum DeckReload {
    /// The page in `newCards` that stands for page `current` of `oldCards`.
    ///
    /// The card is looked for first by its `id` (when it has one), then by its title and image together. When
    /// several cards match, the one nearest `current` wins (the earlier one on a tie), so duplicates do not make
    /// the kiosk jump. When nothing matches (the card was removed or edited), `current` is clamped into the new
    /// deck. An empty new deck gives 0.
    public static func matchedPage(current: Int, in oldCards: [CardConfig], newCards: [CardConfig]) -> Int {
        guard !newCards.isEmpty else { return 0 }
        let clamped = min(max(current, 0), newCards.count - 1)
        guard oldCards.indices.contains(current) else { return clamped }
        let card = oldCards[current]
        if let id = card.id, let page = nearest(to: current, in: newCards, where: { $0.id == id }) {
            return page
        }
        if let page = nearest(to: current, in: newCards, where: { $0.title == card.title && PathKey.same($0.image, card.image) }) {
            return page
        }
        return clamped
    }

    /// Whether `new` is the card `old` was, as ``matchedPage(current:in:newCards:)`` matches them: the same id, or
    /// the same title and image.
    public static func isSameCard(_ old: CardConfig, _ new: CardConfig) -> Bool {
        if let id = old.id, new.id == id { return true }
        return new.title == old.title && PathKey.same(new.image, old.image)
    }

    /// The index of the card matching `predicate` nearest to `index`, the earlier one on a tie.
    private static func nearest(to index: Int, in cards: [CardConfig], where predicate: (CardConfig) -> Bool) -> Int? {
        var best: Int?
        for (i, card) in cards.enumerated() where predicate(card) {
            if best.map({ abs(i - index) < abs($0 - index) }) ?? true { best = i }
        }
        return best
    }
}
