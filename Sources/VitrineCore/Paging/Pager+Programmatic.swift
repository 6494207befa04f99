extension Pager {
    /// A programmatic page request: relative to the target, or to an absolute page.
    enum MoveRequest: Sendable, Equatable {
        /// This many pages from the current target (`next` is `.by(1)`).
        case by(Int)
        /// To this page index, the shortest way round when wrapping.
        case to(Int)
    }

    /// Moves the target for keys, dots, the wheel and `goTo`; returns whether anything changed.
    ///
    /// The request is measured from the current target: from `currentPage` when at rest, from the animation's
    /// target while one runs. A running animation is retargeted in place: the card keeps its position and
    /// velocity, no transition finishes or starts, `transitionRetargeted` announces the new target, and the final
    /// `transitionFinished` reports it. So N requests land N pages on with one transition, whatever their source.
    /// Ignored while a pointer or a trackpad stream drives the card (it owns the card), for indices outside the
    /// deck, and when the target would not move (at an end without wrapping, a single card, `goTo` the target).
    mutating func requestMove(_ request: MoveRequest, events: inout [PagerEvent]) -> Bool {
        guard gesture == nil, wheelStream == nil else { return false }
        let base = settle?.target ?? fade?.target ?? currentPage
        var target: Int
        switch request {
        case .by(let delta):
            target = base + delta
        case .to(let page):
            guard page >= 0, page < pageCount else { return false }
            target = isWrapping ? base + shortestDelta(from: wrappedPage(base), to: page) : page
        }
        target = clampedTarget(target)
        guard target != base else { return false }
        if let running = settle {
            events.append(.transitionRetargeted(from: currentPage, to: wrappedPage(target)))
            let curve = SettleCurve.programmatic(from: running.curve.position(at: now), to: Double(target),
                                                 velocity: running.curve.velocity(at: now), at: now,
                                                 duration: transitionDuration)
            if let curve {
                settle = Settle(target: target, curve: curve)
            } else {
                finish(at: target, events: &events)
            }
        } else if fade != nil {
            retargetFade(to: target, events: &events)
        } else if effectiveTransition != .slide {
            startFade(to: target, events: &events)
        } else {
            let curve = SettleCurve.programmatic(from: visualPosition, to: Double(target), velocity: nil, at: now,
                                                 duration: transitionDuration)
            startTransition(to: target, curve: curve, events: &events)
        }
        return true
    }

    /// The signed page count from `from` to `to` (both in `0..<pageCount`) going the shortest way round.
    ///
    /// An exact tie (half a deck of even size) goes forward.
    func shortestDelta(from: Int, to: Int) -> Int {
        let forward = wrappedPage(to - from)
        return forward * 2 > pageCount ? forward - pageCount : forward
    }
}
