extension KioskRuntime {
    /// How often the runtime asks to be woken while anything follows the wall clock
    /// (see ``RuntimeTuning/wallClockRecheck``).
    public static let wallClockRecheck = RuntimeTuning.wallClockRecheck

    /// How far the wall clock may drift before it counts as a jump (see ``RuntimeTuning/wallClockJumpTolerance``).
    public static let wallClockJumpTolerance = RuntimeTuning.wallClockJumpTolerance

    /// Moves time to `now` as ``advance(to:)`` does, after taking `wallClock`, what the wall clock shows at `now`
    /// (nil: the driver has no wall clock).
    ///
    /// The driver reads its wall clock at every wake and passes it here: the system's local time in a window, the
    /// local time in the replay's zone of the replay's instant on a manual clock. A reading off by more than
    /// ``wallClockJumpTolerance`` from the runtime's own is a jump (NTP setting the clock, a daylight-saving change),
    /// and is taken before the timers run, so a schedule's boundary never goes by on a stale clock.
    public mutating func advance(to now: Double, wallClock: LocalTime?) -> [KioskEffect] {
        if let wallClock { followWallClock(wallClock, at: max(now, self.now)) }
        return advance(to: now)
    }

    /// Takes the wall clock's reading `local` at runtime time `t` when the runtime's own differs from it by more than
    /// ``wallClockJumpTolerance`` (or has none); the schedule is looked at again at the next wake.
    mutating func followWallClock(_ local: LocalTime, at t: Double) {
        guard local.seconds.isFinite, t.isFinite else { return }
        noteGroupWallClock(local, at: t)
        if let expected = localTime(at: t), abs(local.seconds - expected.seconds) < RuntimeTuning.wallClockJumpTolerance { return }
        localOffset = local.seconds - t
        scheduleClockChanged()
    }

    /// The local wall time at runtime time `t`, or nil while the driver has not said what the wall clock shows.
    ///
    /// The runtime keeps the wall clock as an offset from its own (monotonic or manual) time, so wall time moves
    /// with the runtime's time; the driver sends ``RuntimeInput/wallClock(_:)`` again when the system clock jumps
    /// (set by NTP, a time zone or daylight-saving change).
    public func localTime(at t: Double) -> LocalTime? {
        localOffset.map { LocalTime(seconds: t + $0) }
    }

    /// The local wall time now (see ``localTime(at:)``).
    public var localTime: LocalTime? { localTime(at: now) }

    /// The runtime time at which the wall clock will show `local`, for deadlines; nil without a wall clock.
    public func runtimeTime(at local: LocalTime) -> Double? {
        localOffset.map { local.seconds - $0 }
    }

    /// Whether the wall clock is known and set (see ``LocalTime/isPlausible``): only then do schedules apply.
    public var wallClockIsSet: Bool { localTime?.isPlausible ?? false }

    /// The wall clock shows `local` now.
    mutating func setWallClock(_ local: LocalTime) -> [KioskEffect] {
        guard local.seconds.isFinite else { return [] }
        localOffset = local.seconds - now
        noteGroupWallClock(local, at: now)
        scheduleClockChanged()
        return syncSchedule()
    }
}
