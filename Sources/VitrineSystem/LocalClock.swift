import Glibc
import VitrineCore

/// The system's wall clock in the local time zone, for schedules (never for intervals: see ``MonotonicClock``).
public enum LocalClock {
    /// What the wall clock shows now, in local time (the zone from `TZ` or `/etc/localtime`, read once).
    public static var now: LocalTime {
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        var seconds = clock.tv_sec
        var local = tm()
        guard localtime_r(&seconds, &local) != nil else {
            return LocalTime(seconds: Double(clock.tv_sec) + Double(clock.tv_nsec) / 1e9)
        }
        return LocalTime(seconds: Double(clock.tv_sec) + Double(local.tm_gmtoff) + Double(clock.tv_nsec) / 1e9)
    }

    /// How far the wall clock may drift from what the runtime expects before the runtime is told again: more than
    /// the loop's own jitter, far less than any schedule's minute.
    public static let jumpTolerance = 1.0
}
