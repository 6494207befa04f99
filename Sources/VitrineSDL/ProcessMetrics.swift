import Glibc
import VitrineCore
import VitrineSystem

/// What the operating system says about this process: its peak memory and how long ago it started.
public enum ProcessMetrics {
    /// The peak resident set size so far, in MiB (`getrusage`'s `ru_maxrss`, which Linux gives in KiB).
    public static var peakResidentMiB: Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        return Double(usage.ru_maxrss) / 1024
    }

    /// Seconds since the kernel started this process (before the dynamic loader ran), or nil when
    /// `/proc/self/stat` cannot be read.
    ///
    /// The start time is counted in clock ticks since boot (`sysconf(_SC_CLK_TCK)`, usually 100 a second), so the
    /// answer is good to about 10 ms; it is compared with `CLOCK_BOOTTIME`, the clock the kernel counts it on.
    public static var secondsSinceStart: Double? {
        guard let bytes = try? FileDescriptor.readFile(atPath: "/proc/self/stat"),
              let ticks = ProcessStat.startTicks(statLine: String(decoding: bytes, as: UTF8.self)) else { return nil }
        let ticksPerSecond = sysconf(Int32(_SC_CLK_TCK))
        guard ticksPerSecond > 0 else { return nil }
        var now = timespec()
        guard clock_gettime(CLOCK_BOOTTIME, &now) == 0 else { return nil }
        let uptime = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        return max(0, uptime - Double(ticks) / Double(ticksPerSecond))
    }
}
