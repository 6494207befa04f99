/// Attract mode's clock: when to advance, when to go home, and how far the progress bar has run.
///
/// It keeps no time of its own: every call passes the current time in seconds (the app's monotonic clock, or
/// simulated time in tests). Advances go through the normal transition path, so `pageChanged` fires as usual.
public struct Autoplay: Sendable {
    /// The settings.
    public let config: AutoplayConfig
    /// When the running interval began: the start, the last advance, or the moment advancing resumed.
    private var anchor: Double
    /// The last user input, or nil before any.
    private var lastInput: Double?
    /// Whether the kiosk already went home in the current idle period.
    private var wentHome = false
    /// Whether an operator paused attract mode (the control socket's `pause`), until `resume`.
    public private(set) var isHeld = false

    /// Attract mode starting its first interval at `start`.
    public init(config: AutoplayConfig, start: Double) {
        self.config = config
        anchor = start
    }

    /// Records user input at `t`: advancing pauses until `resumeAfterIdle` seconds pass without input.
    public mutating func noteInput(at t: Double) {
        lastInput = max(lastInput ?? t, t)
        wentHome = false
    }

    /// The card on screen changed at `t` for a reason other than this attract mode's own advance (a schedule, a
    /// control command, a reload): the interval starts again, so the new card shows for all of it.
    public mutating func restartInterval(at t: Double) {
        anchor = max(anchor, t)
    }

    /// Pauses advancing (and going home) until ``resume(at:)``, whatever the input.
    public mutating func hold() { isHeld = true }

    /// Ends a ``hold()`` at `t`: the next advance is one interval later.
    public mutating func resume(at t: Double) {
        guard isHeld else { return }
        isHeld = false
        anchor = max(anchor, t)
    }

    /// When the interval in progress at `t` began, or nil while paused.
    private func intervalStart(at t: Double) -> Double? {
        guard !isHeld else { return nil }
        guard let lastInput else { return anchor }
        let resume = lastInput + config.resumeAfterIdle
        return t < resume ? nil : max(anchor, resume)
    }

    /// When the kiosk goes home, if it still has to in this idle period.
    private var homeTime: Double? {
        guard !isHeld, let lastInput, let after = config.homeAfterIdle, !wentHome else { return nil }
        return lastInput + after
    }

    /// Whether going home is due at `t` (then ``due(at:currentPage:pageCount:wraps:pagerIdle:interval:home:)``
    /// goes home rather than advancing).
    public func isHomeDue(at t: Double) -> Bool { homeTime.map { t >= $0 } ?? false }

    /// Whether advancing is paused at `t` because someone used the kiosk recently.
    public func isPaused(at t: Double) -> Bool { intervalStart(at: t) == nil }

    /// The share of the interval gone by at `t`, 0...1, for the progress bar; nil while paused. `interval` is the
    /// card's own (its `duration`), nil for the config's.
    public func progress(at t: Double, interval: Double? = nil) -> Double? {
        guard let start = intervalStart(at: t) else { return nil }
        return min(1, max(0, (t - start) / (interval ?? config.interval)))
    }

    /// The next moment after `t` something is due (an advance, resuming, going home), for the loop's wait;
    /// `interval` as in ``progress(at:interval:)``.
    public func nextDeadline(after t: Double, interval: Double? = nil) -> Double? {
        var deadlines: [Double] = []
        if let start = intervalStart(at: t) {
            deadlines.append(start + (interval ?? config.interval))
        } else if let lastInput, !isHeld {
            deadlines.append(lastInput + config.resumeAfterIdle)
        }
        if let home = homeTime { deadlines.append(home) }
        return deadlines.min()
    }

    /// What attract mode asks for at `t`, if anything; call it whenever the loop wakes.
    ///
    /// Nothing happens while the pager is moving or held (`pagerIdle` false): the advance waits until it rests.
    /// Going home takes precedence over advancing. At the last card of a deck that does not wrap, an advance goes
    /// back to the first card. `interval` is the current card's own (its `duration`), nil for the config's; `home`
    /// is the page to go home to, nil for the config's `home` (the runtime passes it when pages are a subset).
    public mutating func due(at t: Double, currentPage: Int, pageCount: Int, wraps: Bool, pagerIdle: Bool,
                             interval: Double? = nil, home homePage: Int? = nil) -> KioskInput? {
        guard pagerIdle else { return nil }
        guard pageCount > 1 else {
            // Nothing to page to (one card, or the standby screen): the timers still run out, or the loop would be
            // woken for them again and again at once.
            if let home = homeTime, t >= home {
                wentHome = true
                anchor = t
            }
            if let start = intervalStart(at: t), t >= start + (interval ?? config.interval) { anchor = t }
            return nil
        }
        if let home = homeTime, t >= home {
            wentHome = true
            anchor = t
            let target = min(max(homePage ?? config.home, 0), pageCount - 1)
            return currentPage == target ? nil : .setPage(target)
        }
        guard let start = intervalStart(at: t), t >= start + (interval ?? config.interval) else { return nil }
        anchor = t
        return !wraps && currentPage == pageCount - 1 ? .setPage(0) : .advance
    }
}
