internal import CSystemd
import Glibc

/// systemd's service notifications through libsystemd: READY=1 once the first frame shows, WATCHDOG=1 while the
/// loop lives. Everything here does nothing unless systemd started us with `NOTIFY_SOCKET` set.
public enum Systemd {
    /// Whether systemd is listening for notifications.
    public static var isNotifying: Bool {
        guard let socket = getenv("NOTIFY_SOCKET") else { return false }
        return socket.pointee != 0
    }

    /// Tells systemd the service is up.
    public static func notifyReady() {
        guard isNotifying else { return }
        _ = sd_notify(0, "READY=1")
    }

    /// Tells systemd the main loop is alive.
    public static func notifyWatchdog() {
        guard isNotifying else { return }
        _ = sd_notify(0, "WATCHDOG=1")
    }

    /// How often to send WATCHDOG=1: half of `WatchdogSec=`, or nil when the watchdog is off.
    public static var watchdogPeriod: Double? {
        guard isNotifying else { return nil }
        var microseconds: UInt64 = 0
        guard sd_watchdog_enabled(0, &microseconds) > 0, microseconds > 0 else { return nil }
        return Double(microseconds) / 1e6 / 2
    }
}
