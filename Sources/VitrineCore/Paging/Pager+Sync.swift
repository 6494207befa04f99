extension Pager {
    /// Moves the animation that just started back by `lateness` seconds: a group command that arrives late starts
    /// its transition advanced by the lateness, so every screen of the group is at the same point of it (past its
    /// end, the card lands at the next step).
    mutating func startEarlier(by lateness: Double) {
        guard lateness > 0, lateness.isFinite else { return }
        if let running = settle {
            let curve = running.curve
            settle = Settle(target: running.target,
                            curve: SettleCurve(startTime: curve.startTime - lateness, duration: curve.duration, from: curve.from,
                                               to: curve.to, coefficients: curve.coefficients))
        }
        if var running = fade {
            running.startTime -= lateness
            fade = running
        }
    }

    /// The page (wrapped) `delta` pages from the one the pager heads for, as a key press would move it; nil when it
    /// would not move (an end of a deck that does not wrap, a single card).
    func page(movedBy delta: Int) -> Int? {
        guard pageCount > 0 else { return nil }
        let base = settle?.target ?? fade?.target ?? currentPage
        let target = clampedTarget(base + delta)
        return target == base ? nil : wrappedPage(target)
    }

    /// Whether a finger or a trackpad stream drives the card now.
    var isDriven: Bool { gesture != nil || wheelStream != nil }

    /// Slows the running slide so that it lands at `end` (simulated time) rather than sooner, from where the card is
    /// and in the same direction: a swipe's release on a group member lands with the other members, whose
    /// transitions start later, at the command's stamp. Nothing changes when no slide runs or it would land later.
    mutating func retimeSettle(endingAt end: Double) {
        guard let running = settle, end > running.curve.endTime else { return }
        let position = running.curve.position(at: now)
        // The release's speed, kept up to the most a monotonic curve over the longer time allows (faster would
        // shorten it again): the card goes on from the finger without a jolt and lands at `end`.
        let fastest = 3 * abs(Double(running.target) - position) / (end - now)
        let velocity = running.curve.velocity(at: now)
        guard let curve = SettleCurve.programmatic(from: position, to: Double(running.target),
                                                   velocity: max(-fastest, min(fastest, velocity)), at: now,
                                                   duration: end - now) else { return }
        settle = Settle(target: running.target, curve: curve)
    }
}
