/// A trackpad's precise scroll stream: the card follows the scrolled distance like a drag until a quiet gap.
struct WheelStream: Sendable {
    /// The unwrapped page the stream began from: the page nearest to the card when it began.
    let origin: Int
    /// The card's raw position (before the rubber band) where `travel` is measured from, in pages.
    var anchorRaw: Double
    /// The page width `travel` is measured in, in points.
    var width: Double
    /// The distance scrolled since the anchor, in points, positive toward the next page.
    var travel = 0.0
    /// When the latest delta arrived, in seconds.
    var lastDelta: Double
    /// The scrolled distance against time, for the release velocity.
    var tracker = VelocityTracker()
}

extension Pager {
    /// A wheel event, in notches: a notched click pages, a precise delta drives a trackpad stream.
    ///
    /// `dx > 0` (scroll right) or `dy < 0` (scroll down, SDL's sign) means next; when both axes move, the larger
    /// magnitude decides (vertical on a tie). Deltas smaller than `PagingTuning.wheelDeltaThreshold` are ignored.
    /// A fractional delta opens a stream (and every delta while one is open belongs to it); whole notches page,
    /// one page per burst. Deltas with no quiet gap of `PagingTuning.wheelStreamGap` between them are one gesture
    /// whose page is decided once: fractional deltas that follow a notch that closely belong to its burst and
    /// open no stream. Ignored while a pointer drives a gesture.
    mutating func wheel(dx: Double, dy: Double, events: inout [PagerEvent]) {
        guard dx.isFinite, dy.isFinite, gesture == nil else { return }
        let amount = abs(dx) > abs(dy) ? dx : -dy
        guard abs(amount) >= PagingTuning.wheelDeltaThreshold else { return }
        if wheelStream != nil {
            scroll(points: amount * pageWidth / PagingTuning.trackpadNotchesPerPage, events: &events)
        } else if amount != amount.rounded() {
            if let last = lastNotch, now - last.time < PagingTuning.wheelStreamGap {
                // The rest of a gesture that began with whole notches (a trackpad's deltas can come whole, then
                // fractional): its first notch decided its page, so it opens no stream and keeps the burst going.
                lastNotch = (time: now, direction: last.direction)
                return
            }
            scroll(points: amount * pageWidth / PagingTuning.trackpadNotchesPerPage, events: &events)
        } else {
            notch(direction: amount > 0 ? 1 : -1, events: &events)
        }
    }

    /// A notched click: one page per burst in a direction.
    ///
    /// A click pages unless another click in the same direction came less than `PagingTuning.wheelDebounce`
    /// before it, so a burst of clicks (a flick of the wheel, or a trackpad that the system reports as whole
    /// clicks) turns one page; a change of direction is honoured at once.
    mutating func notch(direction: Int, events: inout [PagerEvent]) {
        defer { lastNotch = (time: now, direction: direction) }
        if let last = lastNotch, last.direction == direction, now - last.time < PagingTuning.wheelDebounce { return }
        _ = requestMove(.by(direction), events: &events)
    }

    /// A precise delta of `points` (positive toward the next page): opens a stream or moves the open one.
    ///
    /// Opening a stream takes the card as a finger does (a running animation is held where it is) and reports
    /// `dragBegan`. The card follows the scrolled distance (`trackpadNotchesPerPage` notches to the page), at most
    /// `maxDragPages` from the stream's origin, with the rubber band past the ends. The stream ends in `advance(to:)` after `wheelStreamGap` without
    /// deltas, and the card then settles as after a pointer release.
    mutating func scroll(points: Double, events: inout [PagerEvent]) {
        var stream: WheelStream
        if let open = wheelStream {
            stream = open
            if stream.width != pageWidth {
                // Resized mid-stream: re-anchor where the card is so it stays put.
                stream.anchorRaw = streamRaw(stream)
                stream.travel = 0
                stream.width = pageWidth
                stream.tracker = VelocityTracker()
            }
        } else {
            holdSettle()
            resolveFade(events: &events)
            let position = visualPosition
            stream = WheelStream(origin: Int(position.rounded()), anchorRaw: unbanded(position), width: pageWidth,
                                 lastDelta: now)
            events.append(.dragBegan(page: wrappedPage(stream.origin)))
        }
        // Clamp the travel itself, so scrolling back responds at once after scrolling past the limit.
        let limit = PagingTuning.maxDragPages
        let low = (Double(stream.origin) - limit - stream.anchorRaw) * stream.width
        let high = (Double(stream.origin) + limit - stream.anchorRaw) * stream.width
        stream.travel = min(max(stream.travel + points, low), high)
        stream.lastDelta = now
        stream.tracker.add(time: now, x: stream.travel)
        wheelStream = stream
        placeDraggedCard(at: banded(streamRaw(stream)))
    }

    /// The card's raw position (before the rubber band) for the stream's travel so far.
    func streamRaw(_ stream: WheelStream) -> Double {
        stream.anchorRaw + stream.travel / stream.width
    }
}
