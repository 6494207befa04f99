/// What a running kiosk knows about reloading its config: whether a read is out and what follows it, the wait for a
/// new deck's pictures, what was last reported, and who waits for the outcome.
///
/// Pure rules on any clock; ``KioskRuntime`` turns their decisions into effects (see `KioskRuntime+Reload.swift`
/// and `KioskRuntime+Completeness.swift`).
struct ReloadState: Sendable, Equatable {
    /// Whether a config read is out.
    private(set) var inFlight = false
    /// What to read once the read that is out comes back (the requests made meanwhile, merged).
    private(set) var queued: ReloadRequest?
    /// The last failure, so that a reload repeating it word for word (one for an image alone) is not reported again.
    private(set) var lastFailure: ConfigError?
    /// The warnings of the last config taken: a reload reports only new ones (a folder deck reloads on every file).
    private(set) var lastWarnings: [ConfigDiagnostic] = []
    /// While a new deck's pictures are awaited: when the wait began.
    private(set) var waitStart: Double?
    /// Every change held back while a new deck's pictures are awaited (their cards keep their pictures).
    private(set) var heldChanges: Set<PathKey> = []
    /// Control clients waiting for the outcome of a `reload`.
    private(set) var replies: [Int] = []

    /// Asks for a read: returns the request to send now, or nil when a read is out (this one then follows it).
    mutating func request(_ request: ReloadRequest) -> ReloadRequest? {
        if inFlight {
            queued = queued.map { $0.merged(with: request) } ?? request
            return nil
        }
        inFlight = true
        return request
    }

    /// The read that was out came back.
    mutating func readReturned() {
        inFlight = false
    }

    /// The requests made while the last read was out, merged, now sent (nil when there were none).
    mutating func sendQueued() -> ReloadRequest? {
        guard let next = queued else { return nil }
        queued = nil
        inFlight = true
        return next
    }

    /// Whether a valid config that names `missingImages` pictures not there yet is held back at `now`, having
    /// read `changed` (whose `configChanged` says the config file is among them); true the first time it is
    /// held is `firstHold`.
    ///
    /// Only a changed config (or one already waited for) waits, and for at most ``RuntimeTuning/completionWait``
    /// from the first hold; a config that is not held ends the wait.
    mutating func holds(missingImages: Int, configChanged: Bool, changed: Set<PathKey>, at now: Double)
        -> (held: Bool, firstHold: Bool) {
        guard missingImages > 0, configChanged || !heldChanges.isEmpty else {
            waitStart = nil
            return (false, false)
        }
        let start = waitStart ?? now
        guard now < start + RuntimeTuning.completionWait else {
            waitStart = nil
            return (false, false)
        }
        let first = waitStart == nil
        waitStart = start
        heldChanges.formUnion(changed)
        return (true, first)
    }

    /// When a wait for a new deck's pictures is over (nil when not waiting, or while the config is being read).
    var waitDeadline: Double? {
        inFlight ? nil : waitStart.map { $0 + RuntimeTuning.completionWait }
    }

    /// A reload is taken: ends any wait, and gives `changed` with every change held meanwhile.
    mutating func take(changed: Set<PathKey>) -> Set<PathKey> {
        let all = changed.union(heldChanges)
        heldChanges = []
        waitStart = nil
        return all
    }

    /// Notes a failed read: whether to report it (it differs from the last failure).
    mutating func failed(_ error: ConfigError) -> Bool {
        defer { lastFailure = error }
        return error != lastFailure
    }

    /// Notes a config taken with `warnings`: gives those not reported with the last one.
    mutating func succeeded(warnings: [ConfigDiagnostic]) -> [ConfigDiagnostic] {
        lastFailure = nil
        let new = warnings.filter { !lastWarnings.contains($0) }
        lastWarnings = warnings
        return new
    }

    /// A control client waits for the outcome of the next reload taken.
    mutating func awaitReply(client: Int) {
        replies.append(client)
    }

    /// The clients to answer now that a reload was taken; none wait after it.
    mutating func takeReplies() -> [Int] {
        defer { replies = [] }
        return replies
    }
}
