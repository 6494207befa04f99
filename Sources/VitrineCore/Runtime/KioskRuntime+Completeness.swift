extension KioskRuntime {
    /// The longest a reload waits for pictures a new config names that do not exist yet
    /// (see ``RuntimeTuning/completionWait``).
    public static let completionWait = RuntimeTuning.completionWait

    /// Holds back a reload of a changed config whose pictures are not all there (a deploy that delivered the
    /// config first): gives the effects of waiting, or nil when the reload is to go ahead.
    ///
    /// Only a reload for a changed config file waits: an image deleted under an unchanged config shows the
    /// placeholder at once. While it waits, the missing pictures are watched too (their arrival reloads), the
    /// changes seen are held (their cards keep their pictures), and ``completionWaitDeadline`` wakes the runtime
    /// to reload with whatever is there by then.
    mutating func holdForMissingImages(_ loaded: LoadedConfig, changed: Set<PathKey>) -> [KioskEffect]? {
        let hold = reload.holds(missingImages: loaded.missingImages.count, configChanged: changed.contains(PathKey(config.file)),
                                changed: changed, at: now)
        guard hold.held else { return nil }
        var effects: [KioskEffect] = []
        if hold.firstHold {
            let example = loaded.missingImages.min()!.path
            effects.append(.report("\(Limits.shortened(loaded.config.file)): the new deck names \(loaded.missingImages.count) "
                                   + "picture(s) not there yet, such as \(Limits.shortened(example)); keeping the last deck for up "
                                   + "to \(Int(RuntimeTuning.completionWait)) s while they arrive"))
        }
        if pacing.firstShown { effects.append(.watch(watchedPaths.union(loaded.config.cards.map { PathKey($0.image) }))) }
        return effects
    }

    /// When a wait for a new deck's pictures is over (nil when not waiting, or while the config is being read).
    var completionWaitDeadline: Double? { reload.waitDeadline }

    /// Reloads once a wait for pictures is over, with the changes held; call from the timers.
    mutating func endCompletionWaitIfDue() -> [KioskEffect] {
        guard let due = completionWaitDeadline, now >= due, !reload.inFlight else { return [] }
        return requestReload(.files(reload.heldChanges))
    }
}
