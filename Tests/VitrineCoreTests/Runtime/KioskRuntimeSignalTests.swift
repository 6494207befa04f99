import Glibc
import Testing
@testable import VitrineCore

/// POSIX signals are runtime inputs: what each does is the runtime's rule, in a window and a replay alike.
@Suite struct KioskRuntimeSignalTests {
    @Test func hangUpReloadsUserOneLogsStatisticsAndTermQuits() {
        let edited = RuntimeFixture.config(RuntimeFixture.cards(4))
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(3)), files: ["/deck/kiosk.json": edited])
        kiosk.send(.signal(SIGHUP), at: 1)
        #expect(kiosk.runtime.config.cards.count == 4, "SIGHUP read the config again")
        kiosk.send(.signal(SIGUSR1), at: 2)
        #expect(kiosk.otherEffects.contains(.logStatistics))
        #expect(kiosk.runtime.exit == nil)
        kiosk.send(.signal(SIGTERM), at: 3)
        #expect(kiosk.runtime.exit == .signal(SIGTERM))
    }
}
