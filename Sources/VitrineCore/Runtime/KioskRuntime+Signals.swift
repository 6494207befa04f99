import Glibc

extension KioskRuntime {
    /// What POSIX signal `number` asks of the kiosk: SIGHUP reads the config again (everything included), SIGUSR1
    /// logs the frame statistics, any other the driver passes on (SIGINT, SIGTERM) stops it.
    mutating func signal(_ number: Int32) -> [KioskEffect] {
        switch number {
        case SIGHUP: requestReload(.everything)
        case SIGUSR1: [.logStatistics]
        default: quit(.signal(number))
        }
    }
}
