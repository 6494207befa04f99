/// The state of one pointer gesture, from press to release.
struct PointerGesture: Sendable {
    /// What the press has turned out to be so far.
    enum Phase: Sendable, Equatable {
        /// Down, still within the slop: could become a tap or a drag.
        case pressed
        /// A horizontal page drag: the card follows the pointer.
        case dragging
        /// Left the slop mainly vertically: not a page drag; ignored until release.
        case vertical
    }

    /// The driving pointer.
    let pointer: Int
    /// Where it went down.
    let downPoint: Point
    /// Whether the gesture has taken the card (at the press, or for a press on a control when it became a drag).
    var holdsCard = false
    /// Whether taking the card stopped a moving card or a trackpad stream (then it is never a tap).
    var caught = false
    /// The unwrapped page the gesture began from: the page nearest to the card when it took it.
    var origin = 0
    /// The target of the transition the gesture caught running (unwrapped), if it caught one: a flick goes one
    /// page beyond it.
    var runningTarget: Int?
    var phase: Phase = .pressed
    /// The pointer x the drag measures from.
    var anchorX: Double
    /// The card's position at `anchorX`, before the rubber band (unwrapped pages).
    var anchorRaw: Double
    /// The latest pointer x.
    var lastX: Double
    /// The page width the anchor was taken with.
    var width: Double
    var tracker = VelocityTracker()
}

extension Pager {
    /// A pointer went down: the first one starts a gesture; others are only counted.
    ///
    /// The gesture takes the card at once (catching any animation or trackpad stream), unless `catches` is false
    /// (a press on the page control): then a moving card keeps moving and is caught only if the press becomes a
    /// drag, so a tap there adds to the running transition instead of cancelling it.
    mutating func pointerDown(id: Int, at point: Point, catches: Bool = true, events: inout [PagerEvent]) {
        guard point.x.isFinite, point.y.isFinite, !heldPointers.contains(id) else { return }
        let first = heldPointers.isEmpty
        heldPointers.insert(id)
        guard first else { return }
        var gesture = PointerGesture(pointer: id, downPoint: point, anchorX: point.x, anchorRaw: 0, lastX: point.x,
                                     width: pageWidth)
        if catches { takeCard(&gesture, events: &events) }
        gesture.tracker.add(time: now, x: point.x)
        self.gesture = gesture
    }

    /// The gesture takes the card where it is: a running animation or trackpad stream stops there.
    ///
    /// A running slide's transition stays open, held until the release (see `heldTarget`).
    mutating func takeCard(_ g: inout PointerGesture, events: inout [PagerEvent]) {
        g.caught = settle != nil || wheelStream != nil || fade != nil
        holdSettle()
        resolveFade(events: &events)
        wheelStream = nil
        g.runningTarget = heldTarget
        let position = visualPosition
        g.holdsCard = true
        g.origin = Int(position.rounded())
        g.anchorRaw = unbanded(position)
        g.width = pageWidth
    }

    /// The driving pointer moved: decide tap, drag or vertical at the slop; afterwards the card follows 1:1.
    ///
    /// Tracking starts at the slop: the anchor is the press point moved by the slop along x (or by all of the
    /// x travel, if less), so the card lags the pointer by the slop and never jumps or starts backwards.
    mutating func pointerMove(id: Int, to point: Point, events: inout [PagerEvent]) {
        guard var g = gesture, g.pointer == id, point.x.isFinite, point.y.isFinite else { return }
        g.tracker.add(time: now, x: point.x)
        switch g.phase {
        case .vertical:
            break
        case .pressed:
            let dx = point.x - g.downPoint.x, dy = point.y - g.downPoint.y
            if (dx * dx + dy * dy).squareRoot() >= PagingTuning.slop {
                if abs(dy) > abs(dx) {
                    g.phase = .vertical
                } else {
                    if !g.holdsCard { takeCard(&g, events: &events) }
                    g.phase = .dragging
                    let direction: Double = dx < 0 ? -1 : 1
                    g.anchorX = g.downPoint.x + direction * min(abs(dx), PagingTuning.slop)
                    events.append(.dragBegan(page: wrappedPage(g.origin)))
                    placeDraggedCard(at: dragPosition(g, x: point.x))
                }
            }
        case .dragging:
            if g.width != pageWidth {
                // Resized mid-drag: re-anchor at the last pointer position so the card stays put.
                g.anchorRaw = clampedRaw(g, x: g.lastX)
                g.anchorX = g.lastX
                g.width = pageWidth
            }
            placeDraggedCard(at: dragPosition(g, x: point.x))
        }
        g.lastX = point.x
        gesture = g
    }

    /// A pointer went up; when it drives the gesture, its release point counts as a last move, then it ends.
    mutating func pointerUp(id: Int, at point: Point, events: inout [PagerEvent]) {
        guard heldPointers.remove(id) != nil, let g = gesture, g.pointer == id else { return }
        if point.x.isFinite, point.y.isFinite { pointerMove(id: id, to: point, events: &events) }
        guard let ended = gesture else { return }
        gesture = nil
        release(ended, events: &events)
    }

    /// Every pointer was taken away: a drag or caught card returns to the gesture's origin page; no tap.
    mutating func pointerCancel(events: inout [PagerEvent]) {
        heldPointers.removeAll()
        guard let g = gesture else { return }
        gesture = nil
        guard g.phase == .dragging || g.caught else { return }
        if motion == .reduced, settle == nil, heldTarget == nil, offset == 0 {
            draggedPosition = nil  // The card never left its page: nothing to return.
            return
        }
        let target = clampedTarget(g.origin)
        startTransition(to: target, curve: SettleCurve.release(from: visualPosition, to: Double(target),
                                                               velocity: 0, at: now), events: &events)
    }

    /// Ends a gesture: a tap, nothing, or a settle chosen by `releaseTarget`.
    mutating func release(_ g: PointerGesture, events: inout [PagerEvent]) {
        if !g.caught, g.phase != .dragging {
            if g.phase == .pressed { events.append(.tap(at: g.downPoint)) }
            return
        }
        let pointVelocity = g.phase == .dragging ? g.tracker.velocity : 0
        let pageVelocity = -pointVelocity / g.width
        settleAfterDrag(origin: g.origin, pageVelocity: pageVelocity, pageWidth: g.width,
                        target: flickTarget(g, pageVelocity: pageVelocity), events: &events)
    }

    /// Where a flick that caught a running transition sends the card: one page beyond that transition's target
    /// in the flick's direction, so quick flicks add up as key presses do. Nil for any other release.
    ///
    /// A flick is a drag released at `flingVelocity` or more that moved the card `flingMinimumDistance` that way.
    func flickTarget(_ g: PointerGesture, pageVelocity: Double) -> Int? {
        guard let running = g.runningTarget, g.phase == .dragging,
              abs(pageVelocity) * g.width >= PagingTuning.flingVelocity else { return nil }
        let direction = pageVelocity > 0 ? 1 : -1
        let travel = (clampedRaw(g, x: g.lastX) - g.anchorRaw) * g.width
        guard travel * Double(direction) >= PagingTuning.flingMinimumDistance else { return nil }
        return clampedTarget(running + direction)
    }

    /// Lets go of a dragged card (by a pointer or a trackpad stream): it settles on `target`, or where
    /// `releaseTarget` says, leaving at `pageVelocity` (pages per second, positive toward the next page).
    mutating func settleAfterDrag(origin: Int, pageVelocity: Double, pageWidth: Double, target chosen: Int? = nil,
                                  events: inout [PagerEvent]) {
        if motion == .reduced, settle == nil, heldTarget == nil, offset == 0 {
            releaseInPlace(origin: origin, pageVelocity: pageVelocity, pageWidth: pageWidth, target: chosen, events: &events)
            return
        }
        let target = chosen ?? releaseTarget(position: visualPosition, origin: origin, pageVelocity: pageVelocity,
                                             pageWidth: pageWidth)
        let curve = SettleCurve.release(from: visualPosition, to: Double(target), velocity: pageVelocity, at: now)
        startTransition(to: target, curve: curve, events: &events)
    }

    /// Where a released card goes: the origin page or its neighbour in the drag direction, never further.
    ///
    /// With `d = position − origin` (the drag direction is the sign of `d`):
    /// - a fling (≥ `flingVelocity`) against the drag direction returns to the origin, even past half way:
    ///   the finger's last motion states the intent;
    /// - otherwise `|d| ≥ commitFraction` commits to the neighbour;
    /// - otherwise a fling in the drag direction commits when the card moved at least `flingMinimumDistance`;
    /// - otherwise the card snaps back.
    /// Without wrapping, the result is clamped into the deck (a rubber-banded card snaps back).
    /// `pageVelocity` is in pages per second, positive toward the next page (pointer moving left).
    func releaseTarget(position: Double, origin: Int, pageVelocity: Double, pageWidth: Double) -> Int {
        let d = position - Double(origin)
        guard abs(d) > PagingTuning.positionEpsilon else { return clampedTarget(origin) }
        let direction = d > 0 ? 1 : -1
        let speedAlong = pageVelocity * Double(direction) * pageWidth
        var target = origin
        if speedAlong <= -PagingTuning.flingVelocity {
            target = origin
        } else if abs(d) >= PagingTuning.commitFraction {
            target = origin + direction
        } else if speedAlong >= PagingTuning.flingVelocity, abs(d) * pageWidth >= PagingTuning.flingMinimumDistance {
            target = origin + direction
        }
        return clampedTarget(target)
    }

    /// `target` itself when wrapping, else clamped into `0..<pageCount`.
    func clampedTarget(_ target: Int) -> Int {
        isWrapping ? target : min(max(target, 0), pageCount - 1)
    }

    /// The dragged card's position (after the rubber band) for pointer x.
    func dragPosition(_ g: PointerGesture, x: Double) -> Double {
        banded(clampedRaw(g, x: x))
    }

    /// The card's raw position for pointer x: the anchor plus the pointer travel, at most one page from the origin.
    func clampedRaw(_ g: PointerGesture, x: Double) -> Double {
        let raw = g.anchorRaw + (g.anchorX - x) / g.width
        let limit = PagingTuning.maxDragPages
        return Double(g.origin) + min(max(raw - Double(g.origin), -limit), limit)
    }

    /// A raw position with the rubber band applied past the ends (when not wrapping).
    func banded(_ raw: Double) -> Double {
        guard !isWrapping else { return raw }
        let last = Double(pageCount - 1)
        if raw < 0 { return -RubberBand.stretch(-raw) }
        if raw > last { return last + RubberBand.stretch(raw - last) }
        return raw
    }

    /// The raw position that shows as `visual` (the inverse of `banded`).
    func unbanded(_ visual: Double) -> Double {
        guard !isWrapping else { return visual }
        let last = Double(pageCount - 1)
        if visual < 0 { return -RubberBand.unstretch(-visual) }
        if visual > last { return last + RubberBand.unstretch(visual - last) }
        return visual
    }
}
