/// The Ken Burns clock of the card that landed last: its card clock (``CardClock``: held while the hold is on),
/// paused also while the pager moves (a finger holds the deck, a slide or fade runs), so the outgoing card keeps
/// its last framing and one brought back by a drag that did not page goes on from where it stopped. Its times are
/// moments of the card clock.
struct KenBurnsClock: Sendable, Equatable {
    /// The card, as an index into the config's cards, and when it landed (``LandingState``).
    var card: Int?
    var landedAt = 0.0
    /// The moment 0 moved on by every pause so far: the motion's time is the card's moment since then.
    var start = 0.0
    /// The card's moment when the pager left rest, while it is away from it.
    var pausedAt: Double?
}

extension KioskRuntime {
    /// How far into its Ken Burns motion config card `card` is at the runtime's time: the time since it landed,
    /// less the time the hold was on and the pager spent away from rest since; nil for a card not landed (one still brought in shows
    /// its landing framing).
    public func kenBurnsTime(ofCard card: Int) -> Double? {
        guard let since = timeSinceLanding(ofCard: card) else { return nil }
        guard kenBurnsClock.card == card else { return since }
        return max(0, (kenBurnsClock.pausedAt ?? since) - kenBurnsClock.start)
    }

    /// Follows the landing and the pager: a new landing restarts the clock, the pager leaving rest pauses it (at
    /// `now`, an input's or a timer's time), coming back to rest at `now` resumes it. Runs after ``followLanding()``.
    mutating func followKenBurns() {
        if kenBurnsClock.card != landing.card || kenBurnsClock.landedAt != landing.at {
            kenBurnsClock = KenBurnsClock(card: landing.card, landedAt: landing.at, start: 0)
        }
        if !session.isIdle {
            if kenBurnsClock.pausedAt == nil { kenBurnsClock.pausedAt = landedCardClock.moment(at: now) }
        } else {
            resumeKenBurns(at: now)
        }
    }

    /// The pager came to rest at `t` (a fixed step's time): the clock goes on from there.
    mutating func resumeKenBurns(at t: Double) {
        guard let paused = kenBurnsClock.pausedAt, session.isIdle else { return }
        kenBurnsClock.start += max(0, landedCardClock.moment(at: t) - paused)
        kenBurnsClock.pausedAt = nil
    }

    /// The framing of each Ken Burns card `pager` shows, by page: the landed card's at its clock, any other
    /// (brought in by a transition) at its landing framing.
    func kenBurnsViews(_ pager: PagerSnapshot) -> [Int: Rect] {
        KenBurns.views(config: config, pager: pager, cardOfPage: { schedule.order.indices.contains($0) ? schedule.order[$0] : nil },
                       time: { kenBurnsTime(ofCard: $0) })
    }

    /// When the Ken Burns card on screen next needs a frame: a frame interval after the last one, or the end of
    /// its motion if sooner; nil when no card on screen moves by itself, while the hold is on, or while the pager
    /// is away from rest (it asks for frames itself).
    var kenBurnsDeadline: Double? {
        guard session.isIdle, !sleep.asleep, !isHoldOn, let card = landing.card, let plan = config.kenBurns(forCard: card),
              let time = kenBurnsTime(ofCard: card), KenBurns.isMoving(time: time, duration: plan.duration) else { return nil }
        return min(pacing.nextFrame(now: now), now + (plan.duration - time))
    }
}

extension KenBurns {
    /// The framing of each Ken Burns card that `pager` draws (its slots on screen, or a fade's layers) and of their
    /// neighbours (which a renderer prepares), by page: `cardOfPage` maps a page to the config's card, `time` gives a
    /// card's time since it landed (nil: brought in).
    public static func views(config: KioskConfig, pager: PagerSnapshot, cardOfPage: (Int) -> Int?, time: (Int) -> Double?) -> [Int: Rect] {
        var slots = pager.blend.map { $0.map(\.slot) } ?? pager.visibleSlots.map(\.slot)
        if let low = slots.min(), let high = slots.max() { slots += [low - 1, high + 1] }
        var views: [Int: Rect] = [:]
        for slot in slots {
            guard let page = pager.cardIndex(forSlot: slot), let card = cardOfPage(page),
                  let plan = config.kenBurns(forCard: card) else { continue }
            views[page] = view(time: time(card), duration: plan.duration, focus: plan.focus)
        }
        return views
    }
}
