extension KioskRuntime {
    /// Notes the moment the card on screen landed: the pager at rest on a card other than the last one landed.
    /// Runs at the end of every input and wake (with ``followCardOnScreen()``), so on manual time the landing is the
    /// wake of the fixed step that logged `pageChanged`.
    mutating func followLanding() {
        let pager = session.pager
        guard pager.settle == nil, pager.fade == nil else { return }
        let card = currentCard
        guard card != landing.card else { return }
        // The fixed step that logged `pageChanged`, not this wake: the same moment however the loop was woken.
        let at = landing.pageChangedAt ?? (landing.started ? now : startTime)
        landing = LandingState(card: card, at: at, started: true)
    }

    /// Notes when the pager logged `pageChanged` in `events` (a fixed step's, at `t`).
    mutating func noteLanding(_ events: [PagerEvent], at t: Double) {
        for case .pageChanged in events { landing.pageChangedAt = t }
    }

    /// How long card `card` (an index into the config's cards) has been on screen since it landed, at the
    /// runtime's time; nil while a transition brings it in or when it is not the card that landed last (it shows
    /// its poster or first frame). ``VideoClock`` turns it into the video's moment.
    public func timeSinceLanding(ofCard card: Int) -> Double? {
        landing.card == card ? max(0, now - landing.at) : nil
    }
}

/// The card that landed last and when, for video cards' clocks.
struct LandingState: Sendable {
    /// The card, as an index into the config's cards; nil on the standby screen.
    var card: Int?
    /// The runtime's time it landed.
    var at: Double = 0
    /// Whether a card landed since the start (the first lands at the runtime's start).
    var started = false
    /// When the pager last logged `pageChanged`, since the last landing; nil when it has not.
    var pageChangedAt: Double?
}
