extension KioskRuntime {
    /// The card the pager rests on or is heading for, as an index into the config's cards; nil on the standby
    /// screen.
    var headingCard: Int? {
        let pager = session.pager
        guard pager.pageCount > 0 else { return nil }
        let target = pager.settle?.target ?? pager.fade?.target
        let page = target.map { pager.wrappedPage($0) } ?? pager.currentPage
        return schedule.order.indices.contains(page) ? schedule.order[page] : nil
    }

    /// Restarts attract mode's interval when the card on screen (or the one the pager heads for) changed since the
    /// last look, whatever changed it: attract mode itself, a person, a control command, a schedule, a reload. So
    /// the card that comes always shows for its whole interval. Runs at the end of every input and wake.
    mutating func followCardOnScreen() {
        followLanding()
        followCardClock()
        followKenBurns()
        followPauseButton()
        let card = headingCard
        guard card != attract.card else { return }
        attract.card = card
        autoplay?.restartInterval(at: now)
    }

    /// A reload renumbered the deck: the card on screen is still `card` (now this index) when `same`, so its
    /// interval runs on; when not, ``followCardOnScreen()`` restarts it.
    mutating func renumberCardOnScreen(to card: Int?, same: Bool) {
        if same { attract.card = card }
        if same, landing.card != nil {
            if cardClock.card == landing.card { cardClock.card = card }
            if kenBurnsClock.card == landing.card { kenBurnsClock.card = card }
            landing.card = card
        }
    }
}

/// What the runtime remembers for attract mode beyond ``Autoplay``: the card whose interval runs.
struct AttractState: Sendable {
    /// The card on screen (or heading for) at the last look; nil on the standby screen.
    var card: Int?
}
