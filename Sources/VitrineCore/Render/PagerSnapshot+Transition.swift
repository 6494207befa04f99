extension PagerSnapshot {
    /// The frame `fraction` of the way through `transition` from card `currentPage` toward its neighbour, for
    /// `vitrine render --offset`: toward the next card for a positive fraction, the previous for a negative one.
    ///
    /// - slide: the card moved `fraction` of a page;
    /// - fade: the neighbour blended in place at `|fraction|` over the card;
    /// - none: the card itself while `|fraction| < 1`; at ±1 the neighbour, whole.
    /// In all three the dots still mark `currentPage` (the bound page changes once the transition is over), so
    /// ±1 draws the same picture whatever the transition: the last frame before the page changes. Toward no card (a
    /// deck of one, the end of one that does not wrap) it is the card at rest.
    public static func partWay(pageCount: Int, currentPage: Int, wraps: Bool, transition: PageTransition,
                               fraction: Double) -> PagerSnapshot {
        var f = fraction.isFinite ? min(max(fraction, -1), 1) : 0
        var snapshot = PagerSnapshot(pageCount: pageCount, currentPage: currentPage, position: Double(currentPage), wraps: wraps)
        // No neighbour that way (one card, or the end of a deck that does not wrap): there is no transition, and
        // the card stays where it is, as `run` pages nowhere.
        if f != 0, pageCount < 2 || snapshot.cardIndex(forSlot: currentPage + (f > 0 ? 1 : -1)) == nil { f = 0 }
        switch transition {
        case .slide:
            snapshot.position += f
        case .fade:
            if f != 0 {
                snapshot.blend = [CardLayer(slot: currentPage, opacity: 1),
                                  CardLayer(slot: currentPage + (f > 0 ? 1 : -1), opacity: abs(f))]
            }
        case .none:
            if abs(f) == 1 { snapshot.position += f }
        }
        return snapshot
    }
}
