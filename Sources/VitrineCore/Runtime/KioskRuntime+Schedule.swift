/// What the runtime keeps for schedules and shuffle: which cards the pager pages through, in which order, and when
/// to look at the wall clock again.
///
/// The pager pages through a list of the config's cards (``order``): the cards inside their window at the last
/// look, in the pass order (the deck's order, or the shuffled pass), plus, while it is leaving, the card on screen
/// whose window just closed. Page `i` shows card `order[i]`. The event log, `status` and `goto` speak in indices
/// into the config's cards, as before.
struct ScheduleState: Sendable {
    /// The cards the pager pages through, as indices into the config's cards, in page order.
    var order = CardList(inOrder: 0)
    /// Whether ``order`` is the whole deck in its own order (frames then carry no card list).
    var isWholeDeck = true
    /// ``order`` for the frames, when it is not the whole deck.
    var frameList: [Int]?
    /// The order the pages should have at the last look: the showing cards in pass order.
    var desired = CardList(inOrder: 0)
    /// The showing cards at the last look, in deck order; nil before the first.
    var showing: CardList?
    /// Whether the start was logged (the start card, and for a deck with windows a `showing` line, at the first wake),
    /// and whether a `showing` line was logged at all (then every change is, even after a reload without windows).
    var loggedStart = false
    var loggedShowing = false
    /// Whether any card has a window: only then is the clock looked at.
    var watchesClock = false
    /// The shuffled passes and the current one (a permutation of the deck); nil when the deck is not shuffled.
    var shuffle: ShuffleOrder?
    var pass: [Int]?
    /// The page of the `autoplay.home` card in ``order``, when it shows.
    var homePage: Int?
    /// When to look at the clock again (runtime time), and the wall-clock boundary that look is for, if any.
    var nextCheck: Double?
    var nextBoundary: LocalTime?
    /// Set when the wall clock or the deck changed: look at the next wake.
    var checkNow = true

    /// The page events of a pager over ``order`` with pages turned into card indices.
    func deckIndexed(_ event: PagerEvent) -> PagerEvent {
        guard !isWholeDeck else { return event }
        func card(_ page: Int) -> Int { order.indices.contains(page) ? order[page] : page }
        switch event {
        case .dragBegan(let page): return .dragBegan(page: card(page))
        case .transitionStarted(let from, let to): return .transitionStarted(from: card(from), to: card(to))
        case .transitionRetargeted(let from, let to): return .transitionRetargeted(from: card(from), to: card(to))
        case .transitionFinished(let from, let to, let completed):
            return .transitionFinished(from: card(from), to: card(to), completed: completed)
        case .pageChanged(let page): return .pageChanged(page: card(page))
        case .tap: return event
        }
    }
}

extension KioskRuntime {
    /// The card on screen (the pager's bound page), as an index into the config's cards; nil on the standby screen.
    public var currentCard: Int? {
        let page = session.pager.currentPage
        return schedule.order.indices.contains(page) && session.pager.pageCount > 0 ? schedule.order[page] : nil
    }

    /// The cards the pager pages through, as indices into the config's cards, in page order.
    public var pageOrder: [Int] { Array(schedule.order) }

    /// The page that shows card `index` of the config, or nil when it is not showing now.
    func page(ofCard index: Int) -> Int? {
        schedule.isWholeDeck ? (config.cards.indices.contains(index) ? index : nil) : schedule.order.firstIndex(of: index)
    }

    /// The card list for frames: nil for the whole deck in its order.
    var frameCards: [Int]? { schedule.isWholeDeck ? nil : schedule.frameList }

    /// Attract mode's interval for the card on screen, or the one the pager is heading for: its `duration`.
    var currentInterval: Double? {
        guard let card = headingCard, config.cards.indices.contains(card) else { return nil }
        return config.cards[card].schedule.duration
    }

    /// Sets up schedules and shuffle for the deck at the start: the pager starts on the first showing card (of the
    /// first shuffled pass, when shuffled).
    mutating func startSchedule() {
        schedule = ScheduleState()
        schedule.order = CardList(inOrder: config.cards.count)
        schedule.watchesClock = DeckSchedule.hasWindows(config.cards)
        if let seed = config.autoplay?.shuffle {
            var shuffle = ShuffleOrder(seed: seed)
            schedule.pass = shuffle.nextPass(count: config.cards.count)
            schedule.shuffle = shuffle
        }
        _ = lookAtSchedule()
        if schedule.desired != schedule.order {
            session.pager = Pager(pageCount: schedule.desired.count, wraps: config.wrap, currentPage: 0)
            session.pager.transition = config.transition
            session.pager.motion = config.motion
            session.pager.transitionDuration = config.style.transition
            setOrder(schedule.desired)
        }
        updateHomePage()
    }

    /// A reloaded deck replaced the pager with the whole new deck, on the matched card: starts over from there.
    mutating func scheduleDeckReplaced(old: KioskConfig) -> [KioskEffect] {
        let wasWhole = schedule.isWholeDeck
        schedule.order = CardList(inOrder: config.cards.count)
        schedule.isWholeDeck = true
        schedule.frameList = nil
        if !wasWhole { deckGeneration += 1 }
        schedule.watchesClock = DeckSchedule.hasWindows(config.cards)
        if config.autoplay?.shuffle != old.autoplay?.shuffle {
            schedule.shuffle = config.autoplay?.shuffle.map { ShuffleOrder(seed: $0) }
            schedule.pass = nil
        }
        if var shuffle = schedule.shuffle, schedule.pass?.count != config.cards.count {
            schedule.pass = shuffle.nextPass(count: config.cards.count, previousLast: currentCard)
            schedule.shuffle = shuffle
        } else if schedule.shuffle == nil {
            schedule.pass = nil
        }
        schedule.checkNow = true
        updateHomePage()
        return syncSchedule()
    }

    /// Looks at the clock when it is time to, and brings the pages to the showing cards while the pager rests;
    /// returns what to log. Runs at every wake.
    ///
    /// Windows opening and closing change the pages without moving the card on screen. When the card on screen
    /// leaves (its window closes) and others show, the kiosk moves on to the next showing card at once, with the
    /// normal transition; when no card shows, the standby screen shows. A change waits until the pager rests (no
    /// finger down, no transition running), so no gesture is cut short.
    mutating func syncSchedule() -> [KioskEffect] {
        var effects: [KioskEffect] = []
        if !schedule.loggedStart {
            schedule.loggedStart = true
            // The card the kiosk starts on (a shuffled deck's is not card 0); none on the standby screen.
            if let card = currentCard { effects.append(.log([TimedKioskEvent(t: startTime, .started(page: card))])) }
            if schedule.watchesClock, let showing = schedule.showing {
                schedule.loggedShowing = true
                effects.append(.log([TimedKioskEvent(t: startTime, .showing(cards: Array(showing)))]))
            }
        }
        if schedule.checkNow || schedule.nextCheck.map({ now >= $0 }) == true { effects += lookAtSchedule() }
        guard session.isIdle, schedule.order != schedule.desired else { return effects }
        let desired = schedule.desired
        let current = currentCard
        if let current, !desired.isEmpty, !desired.contains(current) {
            let rank = passRanks()
            if sleep.asleep {
                // Nobody sees the screen: the next showing card is bound at once, without a transition.
                let next = desired.first { rank[$0] > rank[current] } ?? desired[0]
                effects += rebuildPages(desired, page: desired.firstIndex(of: next) ?? 0)
                effects.append(.log([TimedKioskEvent(t: now, .pageShownBySchedule(page: next))]))
                return effects
            }
            // The card on screen leaves: keep it at its place in the pass while moving on to the next one.
            var list = Array(desired)
            list.insert(current, at: list.firstIndex { rank[$0] > rank[current] } ?? list.count)
            let kept = CardList(list)
            let page = kept.firstIndex(of: current)!
            if kept != schedule.order { effects += rebuildPages(kept, page: page) }
            let target = (page + 1) % kept.count
            effects += log(session.handle(.setPage(target), at: clock.simulatedTime(at: now)), t: now)
            return effects
        }
        let page = current.flatMap { desired.firstIndex(of: $0) } ?? 0
        effects += rebuildPages(desired, page: page)
        if current == nil, let first = desired.first {
            effects.append(.log([TimedKioskEvent(t: now, .pageShownBySchedule(page: first))]))
        }
        return effects
    }

    /// Autoplay is about to advance from the last page of a shuffled pass: draws the next pass and puts the card on
    /// screen at its end, so the advance lands on the new pass's first card.
    mutating func beginShufflePassIfAtEnd(_ input: KioskInput) -> [KioskEffect] {
        guard var shuffle = schedule.shuffle, let current = currentCard, session.isIdle else { return [] }
        let pager = session.pager
        guard pager.pageCount > 1, pager.currentPage == pager.pageCount - 1 else { return [] }
        guard input == .advance || (input == .setPage(0) && !pager.isWrapping) else { return [] }
        schedule.pass = shuffle.nextPass(count: config.cards.count, previousLast: current)
        schedule.shuffle = shuffle
        schedule.desired = desiredOrder(showing: schedule.showing ?? CardList(inOrder: 0))
        var kept = schedule.desired.filter { $0 != current }
        kept.append(current)
        return rebuildPages(CardList(kept), page: kept.count - 1)
    }

    /// Works out which cards show now and when to look again; logs `showing` when the set changed.
    ///
    /// Between boundaries nothing can change unless the wall clock jumps, and a jump comes as a
    /// ``RuntimeInput/wallClock(_:)`` (which sets `checkNow`): the once-a-minute wake only lets the driver see the
    /// clock, and costs no look at the cards.
    mutating func lookAtSchedule() -> [KioskEffect] {
        var local = wallClockIsSet ? localTime : nil
        if !schedule.checkNow, schedule.showing != nil {
            guard let time = local, let boundary = schedule.nextBoundary, time.seconds >= boundary.seconds - RuntimeTuning.scheduleBoundarySlack else {
                scheduleNextCheck()
                return []
            }
            local = max(time, boundary)  // Woken for the boundary: rounding must not leave it for later.
        }
        schedule.checkNow = false
        let showing = CardList(DeckSchedule.showing(config.cards, at: local))
        var effects: [KioskEffect] = []
        if let previous = schedule.showing, previous != showing, schedule.loggedStart, schedule.watchesClock || schedule.loggedShowing {
            schedule.loggedShowing = true
            effects.append(.log([TimedKioskEvent(t: now, .showing(cards: Array(showing)))]))
        }
        schedule.showing = showing
        schedule.desired = desiredOrder(showing: showing)
        guard schedule.watchesClock else {
            schedule.nextBoundary = nil
            schedule.nextCheck = nil
            return effects
        }
        schedule.nextBoundary = DeckSchedule.nextBoundary(config.cards, after: local)
        scheduleNextCheck()
        return effects
    }

    /// Sets the next look: at the next boundary, and at most a minute from now.
    private mutating func scheduleNextCheck() {
        guard schedule.watchesClock else {
            schedule.nextCheck = nil
            return
        }
        var next = now + RuntimeTuning.wallClockRecheck
        if let boundary = schedule.nextBoundary, let t = runtimeTime(at: boundary) { next = min(next, max(t, now)) }
        schedule.nextCheck = next
    }

    /// The wall clock was set or jumped: look at the schedule at the next wake.
    mutating func scheduleClockChanged() {
        schedule.checkNow = true
        schedule.nextBoundary = nil
    }

    /// The showing cards (deck order) in pass order.
    private func desiredOrder(showing: CardList) -> CardList {
        guard let pass = schedule.pass else { return showing }
        var shows = [Bool](repeating: false, count: config.cards.count)
        for index in showing where shows.indices.contains(index) { shows[index] = true }
        return CardList(pass.filter { shows.indices.contains($0) && shows[$0] })
    }

    /// Each card's place in the pass (its index when not shuffled).
    private func passRanks() -> [Int] {
        guard let pass = schedule.pass else { return Array(config.cards.indices) }
        var rank = [Int](repeating: 0, count: config.cards.count)
        for (position, card) in pass.enumerated() where rank.indices.contains(card) { rank[card] = position }
        return rank
    }

    /// Replaces the pager with one over `order`, on `page`; the pager rests, so nothing moves on screen.
    private mutating func rebuildPages(_ order: CardList, page: Int) -> [KioskEffect] {
        let events = session.replaceDeck(pageCount: order.count, wraps: config.wrap, at: clock.simulatedTime(at: now)) { _ in page }
        let effects = log(events, t: now)
        setOrder(order)
        updateHomePage()
        return effects
    }

    /// Takes `order` as the pages: a new deck for the renderer.
    private mutating func setOrder(_ order: CardList) {
        schedule.order = order
        schedule.isWholeDeck = order.count == config.cards.count && order.isInOrder
        schedule.frameList = schedule.isWholeDeck ? nil : Array(order)
        deckGeneration += 1
        pacing.needsFrame = true
    }

    /// Finds the page of `autoplay.home` in the pages (the first page when that card does not show).
    private mutating func updateHomePage() {
        guard let home = config.autoplay?.home else { schedule.homePage = nil; return }
        schedule.homePage = page(ofCard: home) ?? 0
    }
}
