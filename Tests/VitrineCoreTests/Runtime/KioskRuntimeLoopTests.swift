import Testing
@testable import VitrineCore

/// The loop's rules on a manual clock: draw only on change, sleep when nothing moves, quit by the rules, feed the
/// watchdog only while frames are presented.
@Suite struct KioskRuntimeLoopTests {
    @Test func atRestItDrawsNothingAndWaitsForInput() {
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(3)))
        kiosk.advance(to: 3)
        // The first frame, and one more right after it (so the neighbours start composing); the idle chores after
        // 2 s of quiet; then nothing.
        #expect(kiosk.frames.count == 2)
        #expect(kiosk.idleChores.count == 1)
        #expect(!kiosk.runtime.wantsFrames)
        #expect(kiosk.runtime.nextWake == nil)
        kiosk.advance(to: 100)
        #expect(kiosk.frames.count == 2)
    }

    @Test func aKeyDrawsUntilTheCardArrivesThenStops() {
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(3)))
        kiosk.advance(to: 1)
        kiosk.send(.keyPress(name: "right", modifiers: []), at: 1)
        kiosk.advance(to: 3)
        let during = kiosk.frames.filter { $0.t > 1 && $0.t <= 1 + PagingTuning.programmaticDuration + 0.02 }
        // At the frame rate while the card moves: about 0.32 s × 60.
        #expect(during.count >= 15 && during.count <= 22, "\(during.count) frames")
        // Every frame differs from the one before it.
        for (a, b) in zip(kiosk.frames, kiosk.frames.dropFirst()) where b.t > 1 { #expect(a.frame != b.frame) }
        #expect(kiosk.frames.last.map { $0.t < 1.4 } == true)
        #expect(kiosk.runtime.session.pager.currentPage == 1)
    }

    @Test func aCardComposedInTheBackgroundIsDrawnOnce() {
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(3)))
        kiosk.advance(to: 1)
        let before = kiosk.frames.count
        kiosk.send(.cardReady, at: 2)
        kiosk.advance(to: 5)
        #expect(kiosk.frames.count == before + 1)
    }

    @Test func aResizeLaysOutAgain() {
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(3)))
        kiosk.advance(to: 1)
        kiosk.send(.resized(pixels: PixelSize(width: 1600, height: 1000), pointScale: 2), at: 2)
        #expect(kiosk.frames.last?.frame.stage == StageLayout(windowPixels: PixelSize(width: 1600, height: 1000), pointScale: 2, fit: .contain))
    }

    @Test func escapeAndTheCloseButtonQuitAWindowButNotAKiosk() {
        var window = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(3)))
        window.send(.keyPress(name: "escape", modifiers: []), at: 1)
        #expect(window.runtime.exit == .userQuit)

        let chord = KeyChord(parsing: "ctrl+alt+q")
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(3), mode: .kiosk, exitChord: chord))
        kiosk.send(.keyPress(name: "escape", modifiers: []), at: 1)
        kiosk.send(.closeRequest, at: 1.1)
        kiosk.send(.keyPress(name: "q", modifiers: [.ctrl]), at: 1.2)
        #expect(kiosk.runtime.exit == nil)
        kiosk.send(.keyPress(name: "q", modifiers: [.ctrl, .alt]), at: 1.3)
        #expect(kiosk.runtime.exit == .userQuit)
    }

    @Test func signalsAndALostDisplayQuitWithTheirReason() {
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(3), mode: .kiosk))
        kiosk.send(.signal(15), at: 1)
        kiosk.send(.displayLost("gone"), at: 1.1)
        #expect(kiosk.runtime.exit == .signal(15), "the first reason stands")
        var other = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(3)))
        other.send(.displayLost("the X server closed the connection"), at: 1)
        #expect(other.runtime.exit == .displayLost("the X server closed the connection"))
    }

    @Test func theWatchdogIsFedOnItsPeriodWhileFramesArePresented() {
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(3)), heartbeat: 5)
        kiosk.advance(to: 21)
        #expect(kiosk.watchdogFeeds == [5, 10, 15, 20])
        #expect(kiosk.runtime.nextWake == 25)
    }

    @Test func aLoopThatCannotPresentStopsFeedingTheWatchdog() {
        var runtime = KioskRuntime(config: RuntimeFixture.config(RuntimeFixture.cards(3)), pixels: RuntimeFixture.pixels,
                                   settings: .init(heartbeatPeriod: 5, manualTime: true), start: 0)
        var fed: [Double] = []
        var reports: [String] = []
        for t in stride(from: 0.0, through: 30, by: 0.5) {
            for effect in runtime.advance(to: t) {
                if effect == .feedWatchdog { fed.append(t) }
                if case .report(let line) = effect { reports.append(line) }
            }
            // The frame is asked for and never presented (a renderer that fails every frame).
            if runtime.frame(at: t) != nil || runtime.wantsFrames { runtime.frameFailed(at: t) }
        }
        #expect(fed == [5])
        #expect(reports.count == 1)
        #expect(reports.first?.hasPrefix("no frame presented for") == true)
    }

    @Test func pointerInputIsStampedBetweenStepsOnTheSimulatedClock() {
        // A replay's drag and the same drag sent by hand land the same way.
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(3)))
        kiosk.send(.paging(.pointerDown(id: 0, at: Point(x: 720, y: 300))), at: 0.1)
        kiosk.send(.paging(.pointerMove(id: 0, to: Point(x: 630, y: 300))), at: 0.15)
        kiosk.send(.paging(.pointerMove(id: 0, to: Point(x: 540, y: 300))), at: 0.2)
        kiosk.send(.paging(.pointerMove(id: 0, to: Point(x: 450, y: 300))), at: 0.25)
        // Lifted still moving: a finger that rests 50 ms before the lift has no speed and would snap back.
        kiosk.send(.paging(.pointerUp(id: 0, at: Point(x: 360, y: 300))), at: 0.3)
        kiosk.settle(within: 2)
        #expect(kiosk.runtime.session.pager.currentPage == 1)
    }
}
