import Glibc

/// Start-up milestones, written to the log at debug level: where the time to the first picture goes.
///
/// `vitrine --log-level debug run` shows them; times count from the first mark, at the start of `main`. Each mark
/// also gives the process's CPU time and minor page faults so far, which do not move with the machine's load the
/// way wall time does (on a shared machine, fresh memory's page faults were a good part of start-up's CPU).
public enum StartupTimeline {
    /// The monotonic time of the first mark.
    private static let origin = MonotonicClock.seconds

    /// Logs `milestone` with the milliseconds since the first mark, and the CPU time and page faults so far; safe
    /// from any thread.
    public static func mark(_ milestone: String) {
        let start = origin
        let milliseconds = (MonotonicClock.seconds - start) * 1000
        var usage = rusage()
        getrusage(wholeProcess, &usage)
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000
        Logger.shared.log(.debug, "start-up: \(milestone) at \(Int(milliseconds.rounded())) ms (CPU \(Int(cpu.rounded())) ms, \(usage.ru_minflt) page faults)")
    }

    /// `RUSAGE_SELF`: the whole process.
    private static let wholeProcess: Int32 = 0
}
