/// The paging engine: turns pointer, wheel and key input into a continuous page position and transition events.
///
/// The pager is a value with no clock of its own: every call passes the time, in seconds, on one monotonic
/// timeline (earlier times are treated as the latest time seen). `handle(_:at:pageWidth:)` first advances any
/// animation to the given time, then applies the input; `step(to:)` only advances.
///
/// Position is `currentPage + offset` with the offset in page widths, so a resize mid-transition keeps the card.
/// `currentPage` changes in exactly one place: when a transition finishes having landed on a different page
/// (see `PagerEvent`). Dragging past half way, key presses, dot taps and flicks only move the target; the page
/// changes when the card arrives.
///
/// Rendering: draw pages `floor(p)` and `floor(p) + 1` (through `wrappedPage`) for `p = visualPosition`, or
/// `interpolatedPosition(alpha:)` when a `FixedTimestepClock` drives `step(to:)`; while a fade runs (see
/// `transition`), the card stays in place and `blend(alpha:)` gives the cards to blend.
public struct Pager: Sendable {
    /// The number of cards; 0 makes every input a no-op.
    public let pageCount: Int
    /// Whether the deck wraps (before the first card comes the last). A single card never wraps.
    public let wraps: Bool
    /// The settled page, in `0..<pageCount` (0 for an empty deck). Changes only when a transition completes.
    ///
    /// Its setter is file-private: `finish(at:events:)` in this file is the only writer.
    public private(set) var currentPage: Int
    /// How far the card is from `currentPage`, in page widths (positive toward the next page).
    public internal(set) var offset: Double = 0
    /// `visualPosition` as it was before the latest `step(to:)`, for interpolating between steps.
    public internal(set) var previousVisualPosition: Double

    /// The pointer gesture in progress, if the driving pointer is down.
    var gesture: PointerGesture?
    /// The animation in progress and the open transition it belongs to.
    var settle: Settle?
    /// The open transition's target (unwrapped) while a gesture holds the card it caught moving: the animation
    /// stopped where the gesture took the card, and the gesture's release retargets the transition or keeps it.
    var heldTarget: Int?
    /// Every pointer that is down; a new gesture may start only when this is empty.
    var heldPointers: Set<Int> = []
    /// The latest time seen, in seconds.
    var now: Double = -.infinity
    /// The latest valid page width, in points.
    var pageWidth: Double = 1
    /// The latest notched wheel click, for the burst debounce.
    var lastNotch: (time: Double, direction: Int)?
    /// The trackpad stream driving the card, if one is open.
    var wheelStream: WheelStream?
    /// How programmatic moves show; a drag always slides (under full motion).
    public var transition: PageTransition = .slide
    /// Whether cards move sideways at all (see ``Motion``): under reduced motion nothing slides.
    public var motion: Motion = .full
    /// Under reduced motion, where the drag in progress would have put the card (unwrapped pages); the card stays.
    var draggedPosition: Double?
    /// How long a programmatic move or a fade takes, in seconds (`style.transition`).
    public var transitionDuration = PagingTuning.programmaticDuration
    /// The fade (or `none` jump) in progress and the open transition it belongs to.
    var fade: Fade?
    /// The latest time seen before the latest `step(to:)`, for interpolating a fade between steps.
    var previousTime: Double = -.infinity

    /// An animation toward an (unwrapped) target page; its transition is open until it lands (a gesture that
    /// catches it holds the transition open, see `heldTarget`).
    struct Settle: Sendable {
        /// The page the animation heads for, not wrapped: it may lie outside `0..<pageCount` when wrapping.
        var target: Int
        /// The motion.
        var curve: SettleCurve
    }

    /// Creates a pager on `currentPage` (clamped into the deck).
    public init(pageCount: Int, wraps: Bool = true, currentPage: Int = 0) {
        let count = max(0, pageCount)
        self.pageCount = count
        self.wraps = wraps
        self.currentPage = count == 0 ? 0 : min(max(currentPage, 0), count - 1)
        self.previousVisualPosition = Double(self.currentPage)
    }

    /// The continuous position to draw, in pages: `currentPage + offset`.
    ///
    /// It may go below 0 or above `pageCount − 1` while wrapping: −0.3 means 30% of the way from page 0 back
    /// toward the last page. Without wrapping it strays past the ends only by the rubber band.
    public var visualPosition: Double { pageCount == 0 ? 0 : Double(currentPage) + offset }

    /// True when nothing moves, no pointer is down and no trackpad stream is open, so the loop may block.
    ///
    /// An open trackpad stream keeps the pager busy: it ends on a quiet gap (`PagingTuning.wheelStreamGap`) that
    /// only a later `step(to:)` can notice, so the loop keeps stepping until then. The notched wheel's debounce is
    /// not a pending timer: its expiry changes nothing by itself.
    public var isIdle: Bool {
        settle == nil && fade == nil && heldTarget == nil && heldPointers.isEmpty && wheelStream == nil
    }

    /// Whether pages actually wrap: `wraps` with at least two cards.
    public var isWrapping: Bool { wraps && pageCount > 1 }

    /// The page index in `0..<pageCount` that any integer page stands for, wrapping (0 for an empty deck).
    public func wrappedPage(_ page: Int) -> Int {
        guard pageCount > 0 else { return 0 }
        let r = page % pageCount
        return r < 0 ? r + pageCount : r
    }

    /// The position between the last two steps, for a renderer running faster or slower than the simulation.
    ///
    /// `alpha` comes from `FixedTimestepFrame.alpha` and is clamped to `0...1`.
    public func interpolatedPosition(alpha: Double) -> Double {
        let a = alpha.isFinite ? min(max(alpha, 0), 1) : 1
        return previousVisualPosition + (visualPosition - previousVisualPosition) * a
    }

    /// Applies one input at `time` seconds, with pages `pageWidth` points wide, and returns what happened.
    ///
    /// Animations are first advanced to `time`, so events from a transition that ended meanwhile come first.
    /// A non-positive or non-finite `pageWidth` keeps the last valid width.
    public mutating func handle(_ input: PagerInput, at time: Double, pageWidth: Double) -> [PagerEvent] {
        guard pageCount > 0, time.isFinite else { return [] }
        var events = advance(to: time)
        if pageWidth.isFinite, pageWidth > 0 { self.pageWidth = pageWidth }
        switch input {
        case .pointerDown(let id, let point): pointerDown(id: id, at: point, events: &events)
        case .pointerDownOnControl(let id, let point): pointerDown(id: id, at: point, catches: false, events: &events)
        case .pointerMove(let id, let point): pointerMove(id: id, to: point, events: &events)
        case .pointerUp(let id, let point): pointerUp(id: id, at: point, events: &events)
        case .pointerCancel: pointerCancel(events: &events)
        case .wheel(let dx, let dy): wheel(dx: dx, dy: dy, events: &events)
        case .next: _ = requestMove(.by(1), events: &events)
        case .previous: _ = requestMove(.by(-1), events: &events)
        case .first: _ = requestMove(.to(0), events: &events)
        case .last: _ = requestMove(.to(pageCount - 1), events: &events)
        case .goTo(let page): _ = requestMove(.to(page), events: &events)
        }
        return events
    }

    /// Advances animations to `time` seconds (one simulation step) and returns the events of transitions that ended.
    ///
    /// Records `previousVisualPosition` first, for `interpolatedPosition(alpha:)`.
    public mutating func step(to time: Double) -> [PagerEvent] {
        guard pageCount > 0, time.isFinite else { return [] }
        previousVisualPosition = visualPosition
        previousTime = now
        return advance(to: time, step: true)
    }

    /// Moves the clock forward and the animation with it; ends a quiet trackpad stream (it settles like a
    /// release) and finishes the transition when the card arrives.
    mutating func advance(to time: Double, step: Bool = false) -> [PagerEvent] {
        now = max(now, time)
        var events: [PagerEvent] = []
        finishFadeIfDue(step: step, events: &events)
        if let stream = wheelStream, now >= stream.lastDelta + PagingTuning.wheelStreamGap {
            wheelStream = nil
            settleAfterDrag(origin: stream.origin, pageVelocity: stream.tracker.velocity / stream.width,
                            pageWidth: stream.width, events: &events)
        }
        guard let settle else { return events }
        if now >= settle.curve.endTime {
            finish(at: settle.target, events: &events)
            return events
        }
        offset = settle.curve.position(at: now) - Double(currentPage)
        return events
    }

    /// Opens a transition toward `target` and animates along `curve`, or lands at once when there is none.
    ///
    /// When a gesture held an open transition (`heldTarget`), that transition carries on instead: retargeted
    /// (and announced) when `target` is another page, so a caught card still makes one transition.
    mutating func startTransition(to target: Int, curve: SettleCurve?, events: inout [PagerEvent]) {
        if let held = heldTarget {
            heldTarget = nil
            if wrappedPage(target) != wrappedPage(held) {
                events.append(.transitionRetargeted(from: currentPage, to: wrappedPage(target)))
            }
        } else {
            events.append(.transitionStarted(from: currentPage, to: wrappedPage(target)))
        }
        if let curve {
            settle = Settle(target: target, curve: curve)
        } else {
            finish(at: target, events: &events)
        }
    }

    /// Closes the open transition on arrival at `target`: the only place that writes `currentPage`.
    ///
    /// The position is renormalised (offset 0, `currentPage` in range); `previousVisualPosition` shifts by the
    /// same whole number of decks so interpolation does not sweep across the deck.
    mutating func finish(at target: Int, events: inout [PagerEvent]) {
        let landed = wrappedPage(target)
        let completed = landed != currentPage
        events.append(.transitionFinished(from: currentPage, to: landed, completed: completed))
        previousVisualPosition += Double(landed - target)
        settle = nil
        heldTarget = nil
        offset = 0
        if completed {
            currentPage = landed
            events.append(.pageChanged(page: landed))
        }
    }

    /// Stops the animation where it is at the current time; its transition stays open, held (`heldTarget`)
    /// until the gesture that caught the card lets go of it.
    mutating func holdSettle() {
        guard let caught = settle else { return }
        offset = caught.curve.position(at: now) - Double(currentPage)
        settle = nil
        heldTarget = caught.target
    }

    /// Closes a held transition where the card is, as not completed (the deck is being replaced under it).
    mutating func dropHeldTransition(events: inout [PagerEvent]) {
        guard let held = heldTarget else { return }
        heldTarget = nil
        events.append(.transitionFinished(from: currentPage, to: wrappedPage(held), completed: false))
    }
}
