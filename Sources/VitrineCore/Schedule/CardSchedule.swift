/// When one card shows and for how long: its own autoplay `duration`, dates `from`/`until`, and weekly `hours`.
///
/// A card shows at a moment when it is on or after `from`, before `until` (exclusive), and inside any of its
/// `hours` (no hours: at every hour). A card with none of the three is unscheduled and always shows.
public struct CardSchedule: Sendable, Equatable {
    /// Seconds the card stays on screen in attract mode, instead of `autoplay.interval`; nil for the interval.
    public var duration: Double? {
        get { parts?.duration }
        set { parts = Parts.make(duration: newValue, from: from, until: until, hours: hours) }
    }
    /// The first moment the card shows, local time; nil for no start.
    public var from: LocalTime? {
        get { parts?.from }
        set { parts = Parts.make(duration: duration, from: newValue, until: until, hours: hours) }
    }
    /// The first moment the card no longer shows, local time; nil for no end.
    public var until: LocalTime? {
        get { parts?.until }
        set { parts = Parts.make(duration: duration, from: from, until: newValue, hours: hours) }
    }
    /// Weekly hours the card shows in (any of them); empty for every hour.
    public var hours: [WeeklyHours] {
        get { parts?.hours ?? [] }
        set { parts = Parts.make(duration: duration, from: from, until: until, hours: newValue) }
    }

    /// The parts, boxed: most cards have no schedule, and a deck of 10,000 cards keeps one reference each (8 bytes)
    /// instead of the 56 bytes of the parts themselves (CardConfig went from 120 to 72 bytes a card).
    private var parts: Parts?

    /// A schedule's parts, never changed once made; nil stands for a schedule of none.
    private final class Parts: Sendable {
        let duration: Double?
        let from: LocalTime?
        let until: LocalTime?
        let hours: [WeeklyHours]

        private init(duration: Double?, from: LocalTime?, until: LocalTime?, hours: [WeeklyHours]) {
            self.duration = duration
            self.from = from
            self.until = until
            self.hours = hours
        }

        /// The parts, or nil when there are none.
        static func make(duration: Double?, from: LocalTime?, until: LocalTime?, hours: [WeeklyHours]) -> Parts? {
            duration == nil && from == nil && until == nil && hours.isEmpty
                ? nil : Parts(duration: duration, from: from, until: until, hours: hours)
        }
    }

    /// A schedule; every part is optional.
    public init(duration: Double? = nil, from: LocalTime? = nil, until: LocalTime? = nil, hours: [WeeklyHours] = []) {
        parts = Parts.make(duration: duration, from: from, until: until, hours: hours)
    }

    public static func == (a: CardSchedule, b: CardSchedule) -> Bool {
        a.duration == b.duration && a.from == b.from && a.until == b.until && a.hours == b.hours
    }

    /// Whether the card has a window at all (`from`, `until` or `hours`); `duration` alone is not a window.
    public var hasWindow: Bool { from != nil || until != nil || !hours.isEmpty }

    /// Whether the card shows at `time`.
    public func contains(_ time: LocalTime) -> Bool {
        if let from, time < from { return false }
        if let until, time >= until { return false }
        return hours.isEmpty || hours.contains { $0.contains(time) }
    }

    /// A moment after `time` before which ``contains(_:)`` cannot change (it may not change then either); nil when
    /// it never changes again.
    public func nextBoundary(after time: LocalTime) -> LocalTime? {
        var candidates: [LocalTime] = []
        if let from, from > time { candidates.append(from) }
        if let until, until > time { candidates.append(until) }
        if let until, time >= until { return nil }  // Over for good.
        for rule in hours {
            if let change = rule.nextChange(after: time) { candidates.append(change) }
        }
        return candidates.min()
    }
}

/// The rule that says which cards of a deck show at a moment: the one function the runtime and `check --at` share.
public enum DeckSchedule {
    /// The indices (from 0, in deck order) of the cards of `cards` that show at `time`.
    ///
    /// A wall clock that is not known or not set (`time` nil or before ``LocalTime/plausibleFloor``: a Raspberry Pi
    /// without a real-time clock boots in 1970) must not blank the kiosk: then the cards without a window show, and
    /// when every card has one, all of them show until the clock is set.
    public static func showing(_ cards: [CardConfig], at time: LocalTime?) -> [Int] {
        guard let time, time.isPlausible else {
            let unscheduled = cards.indices.filter { !cards[$0].schedule.hasWindow }
            return unscheduled.isEmpty ? Array(cards.indices) : unscheduled
        }
        return cards.indices.filter { cards[$0].schedule.contains(time) }
    }

    /// The first moment after `time` at which ``showing(_:at:)`` may change; nil when it never does (or the clock
    /// is not set: then only setting it changes anything).
    public static func nextBoundary(_ cards: [CardConfig], after time: LocalTime?) -> LocalTime? {
        guard let time, time.isPlausible else { return nil }
        var earliest: LocalTime?
        for card in cards where card.schedule.hasWindow {
            if let boundary = card.schedule.nextBoundary(after: time), earliest.map({ boundary < $0 }) ?? true {
                earliest = boundary
            }
        }
        return earliest
    }

    /// Whether any card of `cards` has a window, so the kiosk must watch the clock.
    public static func hasWindows(_ cards: [CardConfig]) -> Bool { cards.contains { $0.schedule.hasWindow } }
}
