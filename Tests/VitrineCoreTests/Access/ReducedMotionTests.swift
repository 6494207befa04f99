import Testing
@testable import VitrineCore

/// `motion: "reduced"`: every page change is in place, whatever the input, on the runtime's manual clock.
@Suite struct ReducedMotionTests {
    /// Drags (one that commits, a fling, one that snaps back), keys, a trackpad stream, a command and attract mode.
    static let script = """
        {"at":1,"touch":"down","x":0.8,"y":0.5}
        {"at":1.2,"touch":"move","x":0.6,"y":0.5}
        {"at":1.4,"touch":"move","x":0.3,"y":0.5}
        {"at":1.6,"touch":"move","x":0.2,"y":0.5}
        {"at":1.9,"touch":"up","x":0.2,"y":0.5}
        {"at":3,"touch":"down","x":0.6,"y":0.5}
        {"at":3.02,"touch":"move","x":0.55,"y":0.5}
        {"at":3.04,"touch":"move","x":0.5,"y":0.5}
        {"at":3.05,"touch":"up","x":0.48,"y":0.5}
        {"at":4,"touch":"down","x":0.5,"y":0.5}
        {"at":4.3,"touch":"move","x":0.55,"y":0.5}
        {"at":4.6,"touch":"move","x":0.6,"y":0.5}
        {"at":5.2,"touch":"up","x":0.6,"y":0.5}
        {"at":6,"key":"right"}
        {"at":7,"key":"left"}
        {"at":8,"wheel":{"dx":0.4,"dy":0}}
        {"at":8.02,"wheel":{"dx":0.4,"dy":0}}
        {"at":8.04,"wheel":{"dx":0.4,"dy":0}}
        {"at":8.06,"wheel":{"dx":0.4,"dy":0}}
        {"at":9,"control":{"cmd":"next"}}
        {"at":20,"wait":true}
        """

    /// Plays the script on a 5-card deck with attract mode every 2 s (resuming 1 s after input) under `motion`.
    func play(motion: Motion, transition: PageTransition = .slide) throws -> EmbeddedKiosk {
        var config = RuntimeFixture.config(RuntimeFixture.cards(5),
                                           autoplay: AutoplayConfig(interval: 2, resumeAfterIdle: 1))
        config.transition = transition
        config.motion = motion
        var kiosk = RuntimeFixture.kiosk(config)
        try kiosk.play(ReplayScript.parse(Self.script, file: "script"), windowPoints: RuntimeFixture.pixels,
                       load: RuntimeFixture.loader([:])) { (_: KioskFrame, _: KioskConfig, _: String, _: ReplayStep) in }
        return kiosk
    }

    @Test func noFrameShiftsTheCardSidewaysWhateverTheInput() throws {
        let reduced = try play(motion: .reduced)
        let full = try play(motion: .full)
        // The same script slides under full motion: the test would see a shifted card if one were drawn.
        #expect(full.frames.contains { $0.frame.pager.position != $0.frame.pager.position.rounded() })
        for (t, frame) in reduced.frames.map({ ($0.t, $0.frame.pager) }) {
            #expect(frame.position == Double(frame.currentPage), "frame at \(t) is shifted: \(frame.position)")
        }
        // Every input still pages, by the release rules of a slide: the same cards, in the same order.
        let pages = RuntimeFixture.pageChanges(reduced.events).map(\.page)
        #expect(pages == RuntimeFixture.pageChanges(full.events).map(\.page))
        #expect(pages.count >= 10)
        // The drag that did not commit changed nothing; the pages change by fading in place.
        let early = RuntimeFixture.pageChanges(reduced.events).filter { $0.t < 6 }.map(\.page)
        #expect(early == [1, 2])
        #expect(reduced.frames.contains { $0.frame.pager.blend != nil })
    }

    @Test func withTransitionNoneEveryChangeIsAJump() throws {
        let kiosk = try play(motion: .reduced, transition: .none)
        #expect(kiosk.frames.allSatisfy { $0.frame.pager.blend == nil && $0.frame.pager.position == Double($0.frame.pager.currentPage) })
        #expect(RuntimeFixture.pageChanges(kiosk.events).count >= 10)
    }

    @Test func aDragDoesNotMoveTheCardAndItsReleasePagesOnlyPastTheCommitRules() {
        var pager = Pager(pageCount: 3, wraps: false)
        pager.motion = .reduced
        _ = pager.handle(.pointerDown(id: 0, at: Point(x: 500, y: 10)), at: 0, pageWidth: 1000)
        _ = pager.handle(.pointerMove(id: 0, to: Point(x: 300, y: 10)), at: 0.5, pageWidth: 1000)
        #expect(pager.visualPosition == 0)
        // Released slowly a fifth of a page on: back where it was, and no transition opens.
        let snapBack = pager.handle(.pointerUp(id: 0, at: Point(x: 300, y: 10)), at: 1, pageWidth: 1000)
        #expect(!snapBack.contains { if case .transitionStarted = $0 { true } else { false } })
        #expect(pager.isIdle && pager.currentPage == 0)
        // Past the first card toward nothing (no wrap): the rubber band is not drawn and nothing happens.
        _ = pager.handle(.pointerDown(id: 0, at: Point(x: 100, y: 10)), at: 2, pageWidth: 1000)
        _ = pager.handle(.pointerMove(id: 0, to: Point(x: 900, y: 10)), at: 2.5, pageWidth: 1000)
        #expect(pager.visualPosition == 0)
        _ = pager.handle(.pointerUp(id: 0, at: Point(x: 900, y: 10)), at: 3, pageWidth: 1000)
        #expect(pager.isIdle && pager.currentPage == 0)
        // Past half way: a fade to the next card.
        _ = pager.handle(.pointerDown(id: 0, at: Point(x: 900, y: 10)), at: 4, pageWidth: 1000)
        _ = pager.handle(.pointerMove(id: 0, to: Point(x: 200, y: 10)), at: 4.5, pageWidth: 1000)
        _ = pager.handle(.pointerUp(id: 0, at: Point(x: 200, y: 10)), at: 5, pageWidth: 1000)
        #expect(pager.visualPosition == 0 && pager.blend(alpha: 1) == nil)
        _ = pager.step(to: 5.1)
        #expect(pager.visualPosition == 0 && pager.blend(alpha: 1)?.last?.slot == 1)
        let landed = pager.step(to: 5 + PagingTuning.fadeDuration + 0.01)
        #expect(landed.contains(.pageChanged(page: 1)))
    }

    @Test func motionIsReadFromTheConfigAndAWrongValueIsNamed() throws {
        let good = try KioskConfig.decode(Array(#"{"motion":"reduced","cards":[]}"#.utf8), file: "k.json")
        #expect(good.config.motion == .reduced && good.config.pagingTransition == .fade)
        #expect(throws: ConfigError.self) { try KioskConfig.decode(Array(#"{"motion":"slow","cards":[]}"#.utf8), file: "k.json") }
        do {
            _ = try KioskConfig.decode(Array(#"{"motion":"slow","cards":[]}"#.utf8), file: "k.json")
        } catch {
            #expect(error.diagnostics.map(\.description) == [#"k.json: motion: expected "full", "reduced" or "kenburns", found "slow""#])
        }
    }
}
