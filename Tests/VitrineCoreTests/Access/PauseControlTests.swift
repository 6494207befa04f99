import Testing
@testable import VitrineCore

/// The visitor's pause control (WCAG 2.2.2) on the runtime's manual clock.
@Suite struct PauseControlTests {
    /// `paused` in the kiosk's `status` reply.
    func statusSaysPaused(_ kiosk: inout EmbeddedKiosk, at t: Double) -> Bool? {
        kiosk.send(.control(.status, client: 7), at: t)
        return kiosk.replies.last?.reply.fields.first { $0.0 == "paused" }.map { $0.1 == "true" }
    }

    @Test func spaceStopsAttractModeForThreeIntervalsAndSpaceAgainResumesIt() {
        let config = RuntimeFixture.config(RuntimeFixture.cards(5), autoplay: AutoplayConfig(interval: 2, resumeAfterIdle: 1))
        var kiosk = RuntimeFixture.kiosk(config)
        kiosk.advance(to: 2.5)
        #expect(RuntimeFixture.pageChanges(kiosk.events).map(\.page) == [1])
        kiosk.send(.keyPress(name: "Space", modifiers: []), at: 3)
        #expect(statusSaysPaused(&kiosk, at: 3.1) == true)
        kiosk.advance(to: 3 + 3 * 2 + 0.5)
        // Held: no page change for three intervals (and more than resumeAfterIdle), and status still says so.
        #expect(RuntimeFixture.pageChanges(kiosk.events).filter { $0.t > 3 }.isEmpty)
        #expect(statusSaysPaused(&kiosk, at: 9.5) == true)
        kiosk.send(.keyPress(name: "space", modifiers: []), at: 10)
        #expect(statusSaysPaused(&kiosk, at: 10.1) == false)
        kiosk.advance(to: 12.6)
        // Resumed: the next advance comes one interval after the press.
        let after = RuntimeFixture.pageChanges(kiosk.events).filter { $0.t > 10 }
        #expect(after.map(\.page) == [2])
        #expect(after.first.map { $0.t >= 12 && $0.t < 12.5 } == true)
    }

    @Test func spaceWithoutAttractModeDoesNothing() {
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(3)))
        kiosk.send(.keyPress(name: "space", modifiers: []), at: 1)
        #expect(statusSaysPaused(&kiosk, at: 1.1) == false)
        #expect(kiosk.runtime.exit == nil && RuntimeFixture.pageChanges(kiosk.events).isEmpty)
    }
}
