/// A group's autoplay as a pure function of wall time: the page shown at wall time `t` follows from `t`, the
/// pages' intervals and the group's latest anchor alone, so members started at different moments show the same
/// card at the same moment with no messages (the time-based sync of info-beamer).
///
/// With no anchor the pages cycle from the epoch (1970-01-01T00:00 local time): page 0 begins at every multiple of
/// the cycle (the sum of the intervals). A group command sets the anchor: its card begins at its start, holds for
/// its `hold`, and the cycle goes on from the next page. Every member applies the same commands, so the anchor,
/// and with it the card at every moment, is the same on all of them.
public struct GroupTimeline: Sendable, Equatable {
    /// A moment from which the cycle runs: `page` begins at wall time `start` and holds for `hold` seconds
    /// (infinity: paused there), then the cycle goes on from the page after it.
    public struct Anchor: Sendable, Equatable {
        public var start: Double
        public var card: Int
        public var hold: Double

        /// An anchor of every field.
        public init(start: Double, card: Int, hold: Double) { self.start = start; self.card = card; self.hold = hold }
    }

    /// Where the timeline stands at a moment: the page and when it began and ends (wall time).
    public struct Position: Sendable, Equatable {
        public var page: Int
        public var began: Double
        public var ends: Double
    }

    /// The latest anchor, if any.
    public var anchor: Anchor?

    /// A timeline anchored at `anchor` (nil: from the epoch).
    public init(anchor: Anchor? = nil) { self.anchor = anchor }

    /// The page shown at wall time `t` of pages lasting `intervals` (each over 0), and when it began and ends;
    /// `pageOfAnchor` is the page showing the anchor's card (nil: not showing now, so the cycle runs from the
    /// epoch). Nil for no pages.
    public func position(at t: Double, intervals: [Double], pageOfAnchor: Int?) -> Position? {
        let count = intervals.count
        guard count > 0, t.isFinite, intervals.allSatisfy({ $0 > 0 && $0.isFinite }) else { return nil }
        let cycle = intervals.reduce(0, +)
        if let anchor, let page = pageOfAnchor, page < count, t >= anchor.start {
            let holdEnds = anchor.start + anchor.hold
            if t < holdEnds { return Position(page: page, began: anchor.start, ends: holdEnds) }
            return GroupTimeline.cycling(from: (page + 1) % count, since: holdEnds, at: t, intervals: intervals, cycle: cycle)
        }
        return GroupTimeline.cycling(from: 0, since: 0, at: t, intervals: intervals, cycle: cycle)
    }

    /// The position at `t` of a cycle whose page `first` began at `since`.
    static func cycling(from first: Int, since: Double, at t: Double, intervals: [Double], cycle: Double) -> Position {
        let elapsed = t - since
        let laps = (elapsed / cycle).rounded(.down)
        var began = since + laps * cycle
        var page = first
        // At most one lap of pages; the last is taken if rounding leaves `t` at the lap's very end.
        for _ in 0..<intervals.count {
            let ends = began + intervals[page]
            if t < ends { return Position(page: page, began: began, ends: ends) }
            began = ends
            page = (page + 1) % intervals.count
        }
        return Position(page: page, began: began, ends: began + intervals[page])
    }
}
