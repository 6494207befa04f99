import Glibc

/// The system's monotonic clock: seconds that only go forward, for intervals and deadlines (never wall time).
public enum MonotonicClock {
    /// Seconds since an arbitrary fixed moment (boot, on Linux).
    public static var seconds: Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
