import Testing
@testable import VitrineCore

/// Fade and none through the runtime on a manual clock, as `vitrine replay` plays them.
@Suite struct KioskRuntimeFadeTests {
    static let autoplay = AutoplayConfig(interval: 8, resumeAfterIdle: 30, homeAfterIdle: 120, home: 0)

    /// Plays `script` on a 5-card autoplay deck with `transition` and returns the kiosk.
    func play(_ script: String, transition: PageTransition) throws -> EmbeddedKiosk {
        var config = RuntimeFixture.config(RuntimeFixture.cards(5), autoplay: Self.autoplay)
        config.transition = transition
        var kiosk = RuntimeFixture.kiosk(config)
        try kiosk.play(ReplayScript.parse(script, file: "script"), windowPoints: RuntimeFixture.pixels,
                       load: RuntimeFixture.loader([:])) { (_: KioskFrame, _: KioskConfig, _: String, _: ReplayStep) in }
        return kiosk
    }

    @Test func autoplayWithFadeChangesPagesWhenSlideDoesAndOnlyBlendsInPlace() throws {
        let script = #"{"at":41,"wait":true}"#
        let faded = try play(script, transition: .fade)
        let slid = try play(script, transition: .slide)
        // The fade takes as long as the slide, so the log is the same line for line.
        #expect(faded.events == slid.events)
        let changes = RuntimeFixture.pageChanges(faded.events)
        #expect(changes.map(\.page) == [1, 2, 3, 4, 0])
        for (k, change) in changes.enumerated() {
            let expected = Double(k + 1) * 8 + PagingTuning.fadeDuration
            #expect(change.t >= expected - 1e-9 && change.t <= expected + PagingTuning.fixedStep + 1e-9, "change \(k) at \(change.t)")
        }
        // Every frame shows whole pages: a fade blends in place, the card never slides.
        let frames = faded.frames.map(\.frame.pager)
        #expect(frames.allSatisfy { $0.position == $0.position.rounded() })
        let blended = faded.frames.filter { $0.frame.pager.blend != nil }
        #expect(blended.count >= 5 * 15)  // 0.32 s at 60 Hz, five times
        for (t, frame) in blended.map({ ($0.t, $0.frame.pager) }) {
            let layers = frame.blend!
            // The dots stay on the bound page through the fade, as they do through a slide.
            #expect(layers.count == 2 && layers[0].slot == frame.currentPage, "at \(t)")
            #expect(frame.cardIndex(forSlot: layers[1].slot) == (frame.currentPage + 1) % 5, "at \(t)")
            #expect(layers[1].opacity > 0 && layers[1].opacity < 1, "at \(t)")
        }
        // Within one fade the next card only comes in further, frame by frame.
        let first = blended.filter { $0.t < 9 }.map { $0.frame.pager.blend![1].opacity }
        #expect(zip(first.dropFirst(), first).allSatisfy { $0 > $1 })
        #expect(faded.runtime.session.pager.currentPage == 0 && faded.runtime.session.isIdle)
    }

    @Test func autoplayWithNoneChangesPagesOnTheStepAfterEachAdvance() throws {
        let kiosk = try play(#"{"at":41,"wait":true}"#, transition: .none)
        let changes = RuntimeFixture.pageChanges(kiosk.events)
        #expect(changes.map(\.page) == [1, 2, 3, 4, 0])
        for (k, change) in changes.enumerated() {
            let advance = Double(k + 1) * 8
            #expect(change.t > advance - 1e-9 && change.t <= advance + PagingTuning.fixedStep + 1e-9, "change \(k) at \(change.t)")
        }
        #expect(kiosk.frames.allSatisfy { $0.frame.pager.blend == nil && $0.frame.pager.position == $0.frame.pager.position.rounded() })
    }

    @Test(arguments: [PageTransition.fade, .none])
    func controlAndKeysUseTheTransitionAndEveryChangeIsLogged(transition: PageTransition) throws {
        let kiosk = try play("""
            {"at":1,"key":"right"}
            {"at":1.05,"key":"right"}
            {"at":2,"control":{"cmd":"goto","index":4}}
            {"at":3,"control":{"cmd":"previous"}}
            """, transition: transition)
        let changes = RuntimeFixture.pageChanges(kiosk.events)
        let pages = transition == .fade ? [2, 4, 3] : [1, 2, 4, 3]  // none lands each key on its own step
        #expect(changes.map(\.page) == pages)
        let finished = kiosk.events.filter { if case .pager(.transitionFinished(_, _, true)) = $0.event { true } else { false } }
        #expect(finished.count == changes.count)
        #expect(kiosk.runtime.session.pager.currentPage == 3)
    }
}
