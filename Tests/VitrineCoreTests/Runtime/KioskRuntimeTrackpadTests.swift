import Testing
@testable import VitrineCore

/// A trackpad stream keeps the runtime waking at the frame rate until its quiet gap ends it, so the card settles
/// with no further input, as in a window whose loop would otherwise sleep.
@Suite struct KioskRuntimeTrackpadTests {
    @Test func aStreamEndsAndSettlesWithoutFurtherInput() {
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(4)))
        kiosk.advance(to: 0.5)
        for i in 0..<60 { kiosk.send(.paging(.wheel(dx: 0.8, dy: 0)), at: 0.5 + Double(i) / 120) }
        let last = 0.5 + 59.0 / 120
        // Nothing moves after the last delta, but the open stream keeps the runtime awake.
        #expect(kiosk.runtime.wantsFrames)
        #expect(kiosk.runtime.nextWake.map { $0 <= last + KioskRuntime.frameInterval + 1e-9 } == true)
        kiosk.settle(within: 2)
        #expect(RuntimeFixture.pageChanges(kiosk.events).map(\.page) == [1])
        #expect(kiosk.runtime.session.isIdle && !kiosk.runtime.wantsFrames)
        let started = kiosk.events.first { $0.event == .pager(.transitionStarted(from: 0, to: 1)) }
        #expect(started.map { $0.t >= last + PagingTuning.wheelStreamGap - 1e-9 } == true)
    }
}
