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

    /// How long card `card` (an index into the config's cards) has been on screen since it landed, less the time
    /// the hold was on (its ``CardClock``), at the runtime's time; nil while a transition brings it in or when it is not the card that landed last (it shows
    /// its poster or first frame). ``VideoClock`` turns it into the video's moment.
    public func timeSinceLanding(ofCard card: Int) -> Double? {
        landing.card == card ? landedCardClock.moment(at: now) : nil
    }
}

extension KioskRuntime {
    /// The page the pager rests on and how long ago its card landed; nil while a transition runs, asleep, or on the
    /// standby screen. A replay's screenshot draws a video card there at that moment (``ReplayStep/landed``).
    public var landedClock: LandedClock? {
        let pager = session.pager
        guard !sleep.asleep, pager.settle == nil, pager.fade == nil, let card = landing.card, card == currentCard,
              let page = page(ofCard: card) else { return nil }
        return LandedClock(page: page, since: landedCardClock.moment(at: now))
    }
}

/// The video card that plays on screen, or that a transition brings in (its frames are decoded ahead while its
/// poster shows, so its first frame is ready when it lands).
public struct PlayingVideo: Sendable, Equatable {
    /// The card, as an index into the config's cards.
    public var card: Int
    /// The page that shows it: its index in the frame's cards (``KioskFrame/pageCards(of:)``).
    public var page: Int
    /// The video file.
    public var path: String
    /// Its clock since it landed (held while the hold is on): the video's moment is its moment. Nil while a
    /// transition brings it in.
    public var clock: CardClock?
    /// For an animated picture, its frames' delays and loops (``CardVideo/animation``); nil for a video.
    public var animation: AnimationInfo?

    /// Whether `other` is the same card's same video (landed or not).
    public func isSameVideo(as other: PlayingVideo?) -> Bool {
        other.map { $0.card == card && $0.page == page && $0.path == path } ?? false
    }
}

extension KioskRuntime {
    /// The video card that plays now or comes next, if any: the card the pager is on or heads for is a video card,
    /// and the kiosk is awake. The driver decodes its frames ahead and, once it has landed, shows each at its
    /// moment on the card's clock (``VideoClock``); it stops when this changes (a transition heads for another
    /// card, the kiosk went to sleep, a reload dropped the card).
    public var playingVideo: PlayingVideo? {
        guard !sleep.asleep, let card = headingCard, config.cards.indices.contains(card),
              let video = config.cards[card].video, !video.awaitsAnimation, let page = page(ofCard: card) else { return nil }
        let pager = session.pager
        let landed = landing.card == card && pager.settle == nil && pager.fade == nil
        return PlayingVideo(card: card, page: page, path: video.path, clock: landed ? landedCardClock : nil, animation: video.animation)
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
