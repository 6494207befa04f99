/// A fade (or a `none` jump) toward a target page: the card stays in place and the target fades in over it.
struct Fade: Sendable {
    /// The page the fade heads for, not wrapped.
    var target: Int
    /// The picture the target fades in over, bottom first: the first layer opaque, at most one more over it.
    var under: [CardLayer]
    /// When the fade began, in seconds.
    var startTime: Double
    /// How long it runs: the pager's ``Pager/transitionDuration`` for a fade (``PagingTuning/fadeDuration`` by
    /// default), 0 for `none` (it lands on the next step).
    var duration: Double

    /// How far the target has faded in at `t`, 0...1: the cubic ease-out of programmatic slides; always 0 for
    /// `none`, which shows no frame in between.
    func fraction(at t: Double) -> Double {
        guard duration > 0, t.isFinite else { return 0 }
        let s = min(max((t - startTime) / duration, 0), 1)
        let rest = 1 - s
        return 1 - rest * rest * rest
    }

    /// The layers on screen at `t`, bottom first: the picture under the target, then the target at its fraction.
    func layers(at t: Double) -> [CardLayer] {
        under + [CardLayer(slot: target, opacity: fraction(at: t))]
    }
}

extension Pager {
    /// Opens a fade (or a `none` jump) from `currentPage` toward `target`.
    mutating func startFade(to target: Int, events: inout [PagerEvent]) {
        events.append(.transitionStarted(from: currentPage, to: wrappedPage(target)))
        fade = Fade(target: target, under: [CardLayer(slot: currentPage, opacity: 1)], startTime: now,
                    duration: effectiveTransition == .fade ? transitionDuration : 0)
    }

    /// Gives the running fade a new target: it fades in from the start over the picture as it stands, so the
    /// screen does not jump. The picture under it keeps at most two cards (the two that show most; a third,
    /// which only a third request within one fade brings, is dropped, and the two kept are scaled to make it up).
    mutating func retargetFade(to target: Int, events: inout [PagerEvent]) {
        guard var running = fade else { return }
        events.append(.transitionRetargeted(from: currentPage, to: wrappedPage(target)))
        if running.duration > 0 {
            running.under = Pager.collapsed(running.layers(at: now), wrappedBy: wrappedPage)
            running.startTime = now
        }
        running.target = target
        fade = running
    }

    /// At most two layers showing the same picture as `layers` as nearly as two can: the weight each card has on
    /// screen, the two largest kept, the larger drawn opaque and the smaller over it.
    static func collapsed(_ layers: [CardLayer], wrappedBy wrap: (Int) -> Int) -> [CardLayer] {
        var weights: [(slot: Int, page: Int, weight: Double)] = []
        var remaining = 1.0
        for (index, layer) in layers.enumerated().reversed() {
            let opacity = index == 0 ? 1 : min(max(layer.opacity, 0), 1)
            let weight = remaining * opacity
            remaining -= weight
            if let known = weights.firstIndex(where: { $0.page == wrap(layer.slot) }) {
                weights[known].weight += weight
            } else {
                weights.append((layer.slot, wrap(layer.slot), weight))
            }
        }
        let kept = weights.sorted { $0.weight > $1.weight }.prefix(2).filter { $0.weight > 0 }
        guard let first = kept.first else { return [CardLayer(slot: layers.first?.slot ?? 0, opacity: 1)] }
        var result = [CardLayer(slot: first.slot, opacity: 1)]
        if kept.count == 2 {
            let share = kept[1].weight / (first.weight + kept[1].weight)
            if share > PagingTuning.positionEpsilon { result.append(CardLayer(slot: kept[1].slot, opacity: share)) }
        }
        return result
    }

    /// Ends the fade when it is due: a fade when its time is up, a `none` jump on the first fixed step after it.
    mutating func finishFadeIfDue(step: Bool, events: inout [PagerEvent]) {
        guard let running = fade else { return }
        let due = running.duration > 0 ? now >= running.startTime + running.duration : step && now > running.startTime
        guard due else { return }
        landFade(events: &events)
    }

    /// Lands the fade on its target now; the picture shows the target from this step on (no interpolated sweep).
    mutating func landFade(events: inout [PagerEvent]) {
        guard let running = fade else { return }
        fade = nil
        finish(at: running.target, events: &events)
        previousVisualPosition = visualPosition
    }

    /// A finger or a trackpad stream takes the card during a fade: the fade ends at once, as a slide's card is
    /// caught nearest to where it is. When its target shows most (past half way) it lands there (completed,
    /// `pageChanged`); otherwise it goes back to `currentPage` and finishes not completed. Either way the card is
    /// then at rest, in place, and the drag slides it from there.
    mutating func resolveFade(events: inout [PagerEvent]) {
        guard let running = fade else { return }
        let layers = running.layers(at: now)
        let shown = Pager.collapsed(layers, wrappedBy: wrappedPage)
        if wrappedPage(shown[0].slot) == wrappedPage(running.target) {
            landFade(events: &events)
        } else {
            fade = nil
            events.append(.transitionFinished(from: currentPage, to: wrappedPage(running.target), completed: false))
            previousVisualPosition = visualPosition
        }
    }

    /// The cards to blend for the frame `alpha` of the way between the last two steps, bottom first (layers that
    /// show nothing left out); nil when the frame is the current card alone: no fade runs, a `none` jump waits
    /// for its step, or a fade has not yet begun to show.
    public func blend(alpha: Double) -> [CardLayer]? {
        guard let fade, fade.duration > 0 else { return nil }
        let a = alpha.isFinite ? min(max(alpha, 0), 1) : 1
        let t = previousTime.isFinite ? previousTime + (now - previousTime) * a : now
        let layers = fade.layers(at: t).enumerated().filter { $0.offset == 0 || $0.element.opacity > 0 }.map(\.element)
        // The current card alone (the first instant of a fade) is the frame at rest: no blend to draw.
        if layers.count == 1, wrappedPage(layers[0].slot) == currentPage { return nil }
        return layers
    }
}
