extension KioskRuntime {
    /// Moves time to `now`: runs the fixed steps due, then the timers (the heartbeat, attract mode); returns what
    /// to do. Time going backwards counts as no time passing.
    public mutating func advance(to now: Double) -> [KioskEffect] {
        guard now.isFinite else { return [] }
        self.now = max(self.now, now)
        var effects: [KioskEffect] = []
        let frame = clock.advance(to: self.now)
        var i = 0
        while i < frame.steps {
            // An idle pager's steps move only its clock: go straight to the last two (the last one's interpolation
            // starts from the one before), so a quiet night on manual time costs two steps, not millions.
            if session.isIdle, i < frame.steps - 2 { i = frame.steps - 2 }
            let stepTime = frame.stepTime(i)
            let events = session.step(to: stepTime), t = clock.realTime(atSimulated: stepTime)
            noteLanding(events, at: t)
            resumeKenBurns(at: t)
            effects += log(events, t: t)
            i += 1
        }
        guard exit == nil else { return effects }
        effects += runTimers()
        effects += updateSleep()
        effects += keepDetailInStep()
        followCardOnScreen()
        effects += runIdleChoresIfDue()
        return voiced(effects)
    }

    /// The next moment the runtime needs to be woken while it does not want frames: the next fixed step while
    /// something moves, else the earliest timer (heartbeat, attract mode, progress bar); nil when only input can
    /// wake it.
    public var nextDeadline: Double? {
        if !session.isIdle { return clock.realTime(atSimulated: clock.simulatedTime + clock.stepDuration) }
        return [timerDeadline, idleChoresDeadline].compactMap { $0 }.min()
    }

    /// The earliest timer but the idle chores: heartbeat, the wait for a new deck's pictures, sleep, attract mode,
    /// the progress bar, the schedule, the overlay's next minute, a moving Ken Burns card's next frame. Until then an
    /// idle kiosk is quiet (the renderer rests its card by it).
    public var timerDeadline: Double? {
        var deadlines: [Double] = []
        if let beat = watchdog.nextBeat { deadlines.append(beat) }
        if let completionWaitDeadline { deadlines.append(completionWaitDeadline) }
        if let sleepDeadline { deadlines.append(sleepDeadline) }
        if let detailDeadline { deadlines.append(detailDeadline) }
        if let group = groupDeadline { deadlines.append(group) }
        if let autoplay, !sleep.asleep, detail == nil, !groupRunsAutoplay {  // Attract mode waits while a detail panel is open.
            if let due = autoplay.nextDeadline(after: now, interval: currentInterval) { deadlines.append(due) }
            if autoplay.config.progressBar, autoplay.progress(at: now) != nil {
                deadlines.append(now + (currentInterval ?? autoplay.config.interval) / RuntimeTuning.progressBarSteps)
            }
        }
        if let check = schedule.nextCheck { deadlines.append(check) }
        if let minute = overlayDeadline { deadlines.append(minute) }
        if let motion = kenBurnsDeadline { deadlines.append(motion) }
        if let end = animationEndDeadline { deadlines.append(end) }  // A played-out animation's pause button goes.
        return deadlines.min()
    }

    /// Runs whatever timer is due at ``now``.
    mutating func runTimers() -> [KioskEffect] {
        var effects = endCompletionWaitIfDue()
        switch watchdog.beat(at: now, frameOwedSince: pacing.owedSince) {
        case .feed: effects.append(.feedWatchdog)
        case .starve(let seconds, true):
            effects.append(.report("no frame presented for \(seconds) s: not feeding the systemd watchdog"))
        case .starve(_, false), nil: break
        }
        effects += syncSchedule()
        effects += closeDetailIfIdle()
        effects += runGroupTimers()
        guard var autoplay, !sleep.asleep, detail == nil, !groupRunsAutoplay else { return effects }
        let goingHome = autoplay.isHomeDue(at: now)
        if let input = autoplay.due(at: now, currentPage: session.pager.currentPage, pageCount: session.pager.pageCount,
                                    wraps: session.pager.isWrapping, pagerIdle: session.isIdle,
                                    interval: currentInterval, home: schedule.homePage) {
            if !goingHome { effects += beginShufflePassIfAtEnd(input) }
            effects += log(session.handle(input, at: clock.simulatedTime(at: now)), t: now)
        }
        self.autoplay = autoplay
        return effects
    }

    /// When the driver should next call ``advance(to:)`` and ``frame(at:)`` if no input comes first: a frame
    /// interval after the last frame check while ``wantsFrames``, else ``nextDeadline`` (nil: wait for input).
    ///
    /// The one pacing rule of the loop, for the window and the manual clock alike.
    public var nextWake: Double? {
        if wantsFrames { return pacing.nextFrame(now: now) }
        return nextDeadline
    }

    /// What the screen shows now, `alpha` of the way from the last fixed step to the next.
    func currentFrame(alpha: Double) -> KioskFrame {
        if sleep.asleep, let frame = sleep.frame { return frame }
        let progress = autoplay.flatMap { autoplay -> Double? in
            guard autoplay.config.progressBar, detail == nil, let share = autoplay.progress(at: now, interval: currentInterval) else { return nil }
            return (share * RuntimeTuning.progressBarSteps).rounded(.down) / RuntimeTuning.progressBarSteps
        }
        var frame = KioskFrame(pager: session.snapshot(alpha: alpha), stage: session.stage, rotation: session.rotation,
                               background: config.display.background, progress: progress, deckGeneration: deckGeneration,
                               shownCards: frameCards, exifOrientation: config.display.exifOrientation)
        frame.detail = detailFrame
        frame.decor = decor
        frame.look = config.look(direction: session.stage.direction)
        frame.kenBurns = kenBurnsViews(frame.pager)
        return frame
    }

    /// The frame as the simulation stands at the last step, with no interpolation: what a replay's screenshot shows.
    public var settledFrame: KioskFrame { currentFrame(alpha: 1) }

    /// The frame to draw at `now`, interpolated between fixed steps, or nil when the screen already shows it.
    ///
    /// Call it after ``advance(to:)``. A frame handed out is owed until ``framePresented(at:)``.
    public mutating func frame(at now: Double) -> KioskFrame? {
        let alpha = clock.stepDuration > 0 ? clock.accumulator / clock.stepDuration : 1
        let frame = currentFrame(alpha: min(max(alpha, 0), 1))
        let previous = pacing.lastFrame
        guard pacing.check(frame, at: now) else { return nil }
        // The overlay's minute is no activity: the kiosk stays idle, and its chores are not run again for it.
        if !frame.differsOnlyInOverlay(from: previous) { chores.activity(at: now) }
        return frame
    }

    /// The frame handed out last is on screen, `duration` seconds after it was asked for (when known); the first
    /// one also starts what waits for it.
    public mutating func framePresented(at now: Double, duration: Double? = nil) -> [KioskEffect] {
        guard pacing.presented(at: now, duration: duration) else { return [] }
        // Draw again at once, so the neighbours start composing in the background (asleep, nothing is composed).
        pacing.needsFrame = !sleep.asleep
        return [.firstFrameShown, .watch(watchedPaths)]
    }

    /// The frame handed out last could not be drawn: it stays owed and is asked for again.
    public mutating func frameFailed(at now: Double) {
        pacing.needsFrame = true
    }
}
