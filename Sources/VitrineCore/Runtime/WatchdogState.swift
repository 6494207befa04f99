/// When the runtime feeds systemd's watchdog, and whether it is holding back because the screen is stuck.
///
/// The screen is the truth: a loop that runs but cannot present a frame it owes for longer than a period does not
/// feed the watchdog, so systemd restarts it. Pure rules on any clock; ``KioskRuntime`` runs them from its timers.
struct WatchdogState: Sendable, Equatable {
    /// What to do at a heartbeat.
    enum Beat: Sendable, Equatable {
        /// Feed the watchdog.
        case feed
        /// Do not feed it: a frame has been owed for `seconds` (whole seconds). `firstTime` is true on the first
        /// heartbeat held back since the last one fed, the one to report.
        case starve(seconds: Int, firstTime: Bool)
    }

    /// How often to feed the watchdog, in seconds; nil when there is none.
    let period: Double?
    /// When the next heartbeat is due; nil without a watchdog.
    private(set) var nextBeat: Double?
    /// Whether the last heartbeat was held back.
    private(set) var starved = false

    /// A watchdog fed every `period` seconds (nil: none), the first time a period after `start`.
    init(period: Double?, start: Double) {
        self.period = period
        nextBeat = period.map { start + $0 }
    }

    /// The heartbeat due by `now`, if any, given when the oldest frame not yet presented was asked for (nil: none
    /// owed); the next one is then due a period from `now`.
    mutating func beat(at now: Double, frameOwedSince owed: Double?) -> Beat? {
        guard let period, let due = nextBeat, now >= due else { return nil }
        nextBeat = now + period
        if let owed, now - owed > period {
            defer { starved = true }
            return .starve(seconds: Int(now - owed), firstTime: !starved)
        }
        starved = false
        return .feed
    }
}
