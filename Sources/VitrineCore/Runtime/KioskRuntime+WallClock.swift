extension KioskRuntime {
    /// While anything follows the wall clock (a card's window, `display.awake`), the runtime asks to be woken at
    /// least this often (seconds), so that its driver sees a clock that jumped (the first NTP sync after a boot in
    /// 1970, a daylight-saving change) and the schedules follow it within a minute, even between boundaries.
    public static let wallClockRecheck = 60.0

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
        scheduleClockChanged()
        return syncSchedule()
    }
}
