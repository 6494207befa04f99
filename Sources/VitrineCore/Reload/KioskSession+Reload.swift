extension KioskSession {
    /// Takes a reloaded deck of `pageCount` cards in one step and returns what the old pager reports on the way.
    ///
    /// A running animation is first brought to its end at once (a transition heading for a card lands there, with
    /// its `transitionFinished` and `pageChanged`), so the card the user was going to is the one kept. A finger
    /// that is down loses its drag: the card snaps to its page and the rest of that gesture is ignored. `page`
    /// receives the settled page of the old deck and returns the page to show in the new one (see
    /// ``DeckReload/matchedPage(current:in:newCards:)``).
    public mutating func replaceDeck(pageCount: Int, wraps: Bool, at time: Double, page: (_ oldPage: Int) -> Int) -> [PagerEvent] {
        var events = pager.step(to: time)
        events += pager.landSettleNow()
        let (transition, duration, motion) = (pager.transition, pager.transitionDuration, pager.motion)
        pager = Pager(pageCount: pageCount, wraps: wraps, currentPage: page(pager.currentPage))
        pager.transition = transition
        pager.transitionDuration = duration
        pager.motion = motion
        return events
    }
}

extension Pager {
    /// Ends a running animation at its target now, as if it had arrived; returns the transition's closing events.
    mutating func landSettleNow() -> [PagerEvent] {
        var events: [PagerEvent] = []
        landFade(events: &events)
        dropHeldTransition(events: &events)
        guard let settle else { return events }
        finish(at: settle.target, events: &events)
        return events
    }
}
