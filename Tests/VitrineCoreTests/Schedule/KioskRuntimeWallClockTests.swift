import Testing
@testable import VitrineCore

@Suite struct KioskRuntimeWallClockTests {
    func runtime(localTime: LocalTime?) -> KioskRuntime {
        KioskRuntime(config: RuntimeFixture.config(RuntimeFixture.cards(2)), pixels: RuntimeFixture.pixels, start: 100,
                     localTime: localTime)
    }

    @Test func wallTimeMovesWithTheRuntimesTime() {
        var kiosk = runtime(localTime: LocalTime.parse("2026-12-24T23:59:30"))
        #expect(kiosk.wallClockIsSet)
        _ = kiosk.advance(to: 160)
        #expect(kiosk.localTime?.description == "2026-12-25T00:00:30")
        #expect(kiosk.runtimeTime(at: LocalTime.parse("2026-12-25T00:01")!) == 190)
    }

    @Test func aJumpOfTheSystemClockMovesTheWallClock() {
        var kiosk = runtime(localTime: LocalTime(seconds: 60))  // Booted without a real-time clock: 1970.
        #expect(!kiosk.wallClockIsSet)
        _ = kiosk.handle(.wallClock(LocalTime.parse("2026-12-24T08:00")!), at: 130)
        #expect(kiosk.wallClockIsSet)
        _ = kiosk.advance(to: 190)
        #expect(kiosk.localTime?.description == "2026-12-24T08:01")
    }

    @Test func withoutAWallClockNothingIsKnown() {
        let kiosk = runtime(localTime: nil)
        #expect(kiosk.localTime == nil)
        #expect(!kiosk.wallClockIsSet)
        #expect(kiosk.runtimeTime(at: LocalTime(seconds: 0)) == nil)
    }
}
