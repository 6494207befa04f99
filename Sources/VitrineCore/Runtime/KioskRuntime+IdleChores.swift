extension KioskRuntime {
    /// When the idle chores are next to run (see ``IdleChores``): when they are due and nothing else is due for
    /// ``IdleChores/quiet`` seconds after; nil while they are out, not due, or something else comes sooner (the
    /// runtime wakes for that first and looks again).
    var idleChoresDeadline: Double? {
        guard !choresOut, let due = chores.due else { return nil }
        let at = max(due, now)
        if let other = timerDeadline, other - at < RuntimeTuning.idleChoresQuiet { return nil }
        return at
    }

    /// Hands out the idle chores when their deadline has come and nothing is to be drawn; the driver does them and
    /// answers ``RuntimeInput/idleChoresDone(heapGaveBack:)``.
    mutating func runIdleChoresIfDue() -> [KioskEffect] {
        guard !wantsFrames, let at = idleChoresDeadline, now >= at else { return [] }
        let quiet = timerDeadline.map { $0 - now } ?? .infinity
        guard let work = chores.work(at: now, nothingDueFor: quiet) else { return [] }
        choresOut = true
        return [.idleChores(work)]
    }

    /// Notes what `input` means for the idle chores: the driver's answers and the start being over move them on;
    /// anything else is activity, which puts them off.
    mutating func noteForIdleChores(_ input: RuntimeInput) {
        switch input {
        case .keptCardsReady:
            chores.startIsOver(at: now)
        case .idleChoresDone(let heapGaveBack):
            choresOut = false
            chores.ran(at: now, heapGaveBack: heapGaveBack)
        default:
            chores.activity(at: now)
        }
    }
}
