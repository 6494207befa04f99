/// The clock that moving content on the landed card reads (its video, its animation, its Ken Burns motion): the
/// time since the card landed less the time the hold was on (WCAG 2.2.2: Space, the pause button, `ctl pause`, a
/// group's pause). While held it stands still at its moment; released, it goes on from that moment.
public struct CardClock: Sendable, Equatable {
    /// The runtime's time of the card's moment 0: its landing, moved on by every hold ended since.
    public var origin: Double
    /// The moment the card stands at while the hold is on; nil while it runs.
    public var heldAt: Double?

    /// A clock whose moment 0 falls at runtime time `origin`, held at `heldAt` (nil: running).
    public init(origin: Double, heldAt: Double? = nil) {
        self.origin = origin
        self.heldAt = heldAt
    }

    /// Whether the clock stands still (the hold is on).
    public var isHeld: Bool { heldAt != nil }

    /// The card's moment at runtime time `t`: where it is held, else the time since its origin.
    public func moment(at t: Double) -> Double { heldAt ?? max(0, t - origin) }

    /// The runtime time at which the card reaches `moment`, for a driver's next wake; nil while held (nothing is
    /// due until the hold ends).
    public func time(ofMoment moment: Double) -> Double? { heldAt == nil ? origin + moment : nil }
}

/// The landed card's ``CardClock`` and the hold that a kiosk without attract mode keeps itself.
struct CardClockState: Sendable {
    /// The card, as an index into the config's cards, and when it landed (``LandingState``).
    var card: Int?
    var landedAt = 0.0
    /// Its clock.
    var clock = CardClock(origin: 0)
    /// The hold without attract mode (with it, ``Autoplay/isHeld`` is the hold).
    var motionHeld = false
}

/// What the pause button pauses, for its text alternative.
public enum PauseScope: Sendable, Equatable {
    /// Attract mode (and with it any motion on screen).
    case slideshow
    /// Only the card's own motion: no attract mode.
    case motion
}

extension PauseButtonGlyph {
    /// The button's text alternative when it pauses `scope`: "Pause motion", "Play slideshow"...
    public func label(_ scope: PauseScope) -> String {
        scope == .slideshow ? label : (self == .pause ? "Pause motion" : "Play motion")
    }
}

extension KioskRuntime {
    /// Whether the hold is on: attract mode held (Space, the pause button, `ctl pause`, a group's pause) or, without
    /// attract mode, the card's motion held the same ways.
    public var isHoldOn: Bool { autoplay?.isHeld ?? cardClock.motionHeld }

    /// Turns the hold on or off at `now` (the card clock follows at the end of the input, ``followCardClock()``).
    mutating func setHold(_ on: Bool) {
        if autoplay != nil {
            if on { autoplay?.hold() } else { autoplay?.resume(at: now) }
        } else {
            cardClock.motionHeld = on
        }
        pacing.needsFrame = true
    }

    /// The landed card's clock as it reads now; a clock from `landing` alone if it has not followed it yet.
    var landedCardClock: CardClock {
        guard cardClock.card == landing.card, cardClock.landedAt == landing.at else { return CardClock(origin: landing.at) }
        return cardClock.clock
    }

    /// Follows the landing and the hold: a new landing starts the clock at 0 (held there if the hold is on), the
    /// hold coming on stops it at its moment now, and going off lets it run on from that moment. Runs after
    /// ``followLanding()``, at the end of every input and wake.
    mutating func followCardClock() {
        if cardClock.card != landing.card || cardClock.landedAt != landing.at {
            cardClock.card = landing.card
            cardClock.landedAt = landing.at
            // Held at 0, not at the wake that noticed the landing: the same inputs give the same moment.
            cardClock.clock = CardClock(origin: landing.at, heldAt: isHoldOn ? 0 : nil)
        }
        var clock = cardClock.clock
        if isHoldOn, !clock.isHeld {
            clock.heldAt = clock.moment(at: now)
        } else if !isHoldOn, let held = clock.heldAt {
            clock = CardClock(origin: now - held)
        }
        cardClock.clock = clock
    }

    /// Shows the pause button while attract mode is on or the card on screen moves by itself, else hides it.
    /// Runs after ``followKenBurns()``.
    mutating func followPauseButton() {
        let shown = pauseButtonWanted
        if session.pauseButtonShown != shown {
            session.pauseButtonShown = shown
            pacing.needsFrame = true
        }
    }

    /// Whether the pause button shows: attract mode pages through more than one card, the card on screen or
    /// coming in moves by itself (``KioskConfig/movesByItself(card:time:animationTime:)``: a finite animation that
    /// played out does not), or the hold is on (never held unseen).
    var pauseButtonWanted: Bool {
        if isHoldOn || (autoplay != nil && session.pager.pageCount > 1) { return true }
        guard !sleep.asleep, let card = headingCard else { return false }
        return config.movesByItself(card: card, time: kenBurnsTime(ofCard: card) ?? 0, animationTime: timeSinceLanding(ofCard: card) ?? 0)
    }

    /// When the landed card's finite animation plays out (``AnimationInfo/motionEnd``) while its pause button
    /// shows: the wake that hides the button (``followPauseButton()``). Nil while held (its clock stands still),
    /// asleep, or when no such animation plays.
    var animationEndDeadline: Double? {
        guard session.pauseButtonShown, !sleep.asleep, !isHoldOn, let card = landing.card, config.cards.indices.contains(card),
              let end = config.cards[card].video?.animation?.motionEnd, let since = timeSinceLanding(ofCard: card),
              since < end - KioskConfig.momentTolerance else { return nil }
        return landedCardClock.time(ofMoment: end)
    }

    /// What the pause button pauses: attract mode when there is one, else the card's motion.
    var pauseScope: PauseScope { autoplay != nil ? .slideshow : .motion }
}

extension KioskConfig {
    /// Whether config card `card` moves by itself `time` seconds into its Ken Burns motion and `animationTime` into
    /// its card clock: a video card, an animated picture that loops forever or has not played all its passes
    /// (``AnimationInfo/motionEnd``), or a Ken Burns card whose motion has not ended (under reduced motion none does,
    /// ``kenBurns(forCard:)``).
    public func movesByItself(card: Int, time: Double, animationTime: Double = 0) -> Bool {
        guard cards.indices.contains(card) else { return false }
        if let video = cards[card].video {
            guard let end = video.animation?.motionEnd else { return true }
            if animationTime < end - Self.momentTolerance { return true }
        }
        guard let plan = kenBurns(forCard: card) else { return false }
        return KenBurns.isMoving(time: time, duration: plan.duration)
    }

    /// How near a moment on a card's clock counts as reached: a deadline at `origin + end` may read back a hair
    /// short of `end`.
    static let momentTolerance = 1e-9

    /// Whether any card moves by itself: its composed cards keep the pause button's slot free.
    var hasCardsThatMove: Bool { cards.indices.contains { movesByItself(card: $0, time: 0) } }
}
