import Testing
@testable import VitrineCore

/// The deck's transition style while some card is outside its window.
@Suite struct KioskRuntimeScheduleTransitionTests {
    typealias F = ScheduleFixture

    /// A kiosk on a deck of four cards, card 1 out of its hours, paging with `transition` every 8 s for 30 s.
    func kiosk(_ transition: PageTransition) -> EmbeddedKiosk {
        var config = RuntimeFixture.config([F.card(0), F.card(1, hours: ["sat 10:00-11:00"]), F.card(2), F.card(3)],
                                           autoplay: AutoplayConfig(interval: 8))
        config.transition = transition
        var kiosk = EmbeddedKiosk(config: config, pixels: RuntimeFixture.pixels, localStart: F.at("2026-11-30T12:00"),
                                  loadConfig: RuntimeFixture.loader([:]))
        kiosk.advance(to: 30)
        return kiosk
    }

    @Test(arguments: [PageTransition.fade, .none])
    func aCardOutOfItsWindowLeavesTheDeckTransitionAsItIs(_ transition: PageTransition) {
        let kiosk = kiosk(transition)
        #expect(RuntimeFixture.pageChanges(kiosk.events).map(\.page) == [2, 3, 0])
        let pagers = kiosk.frames.map(\.frame.pager)
        #expect(pagers.allSatisfy { $0.position == $0.position.rounded() }, "no card slides")
        let blended = pagers.filter { $0.blend != nil }.count
        if transition == .fade { #expect(blended >= 3 * 15, "0.32 s of blending at 60 Hz, three times") }
        if transition == PageTransition.none { #expect(blended == 0) }
    }

    @Test func slideStillSlides() {
        let pagers = kiosk(.slide).frames.map(\.frame.pager)
        #expect(pagers.contains { $0.position != $0.position.rounded() })
    }
}
