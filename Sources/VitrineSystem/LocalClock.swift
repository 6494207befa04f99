import Glibc
import VitrineCore

/// The system's wall clock in the local time zone, for schedules (never for intervals: see ``MonotonicClock``).
public enum LocalClock {
    /// What the wall clock shows now, in local time (the zone from `TZ` or `/etc/localtime`, read once).
    public static var now: LocalTime {
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        return localTime(atEpoch: Double(clock.tv_sec) + Double(clock.tv_nsec) / 1e9)
    }

    /// The local time in the process's zone at `epoch`, seconds since 1970-01-01T00:00 UTC: what the wall clock
    /// showed or will show then, daylight saving included.
    public static func localTime(atEpoch epoch: Double) -> LocalTime {
        guard epoch.isFinite, abs(epoch) < 1e15 else { return LocalTime(seconds: epoch) }
        let whole = epoch.rounded(.down)
        var seconds = time_t(whole)
        var local = tm()
        guard localtime_r(&seconds, &local) != nil else { return LocalTime(seconds: epoch) }
        return LocalTime(seconds: epoch + Double(local.tm_gmtoff))
    }

    /// The moment, in seconds since 1970-01-01T00:00 UTC, at which the wall clock of the process's zone shows
    /// `local`. A time that does not exist (skipped by a spring-forward) is read with the offset before the change,
    /// so it lands after it; one that exists twice (a fall-back) is the first of the two, as `mktime` decides.
    public static func epoch(of local: LocalTime) -> Double {
        guard local.seconds.isFinite, abs(local.seconds) < 1e15 else { return local.seconds }
        let c = local.components
        var fields = tm()
        fields.tm_year = Int32(c.year - 1900)
        fields.tm_mon = Int32(c.month - 1)
        fields.tm_mday = Int32(c.day)
        fields.tm_hour = Int32(c.hour)
        fields.tm_min = Int32(c.minute)
        fields.tm_sec = Int32(c.second)
        fields.tm_isdst = -1
        let epoch = mktime(&fields)
        guard epoch != -1 else { return local.seconds }
        return Double(epoch) + (local.seconds - local.seconds.rounded(.down))
    }

    /// A wall clock for a manual clock whose time 0 is when the wall clock shows `start` (`vitrine replay --start`):
    /// at time `t` it shows the local time of the moment `t` seconds after that one, as the system clock would.
    public static func wallClock(startingAt start: LocalTime) -> @Sendable (Double) -> LocalTime {
        tzset()
        let origin = epoch(of: start)
        return { t in localTime(atEpoch: origin + t) }
    }
}
