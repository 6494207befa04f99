import Testing
@testable import VitrineCore

/// Attract mode driving a real `KioskSession` on simulated time, as the app's loop does.
@Suite struct AutoplaySessionTests {
    /// Runs `seconds` of simulated time at 1/120 s: each step advances the session, then asks autoplay what is due
    /// and feeds it to the session. `inputs` are user inputs by step number; they go to the session and to autoplay.
    /// Returns every `pageChanged` with its time.
    func run(seconds: Double, config: AutoplayConfig, pageCount: Int = 5, wraps: Bool = true,
             inputs: [Int: KioskInput] = [:]) -> [(t: Double, page: Int)] {
        var session = KioskSession(pageCount: pageCount, wraps: wraps, stage: KioskSessionHarness.hiDPIStage)
        var autoplay = Autoplay(config: config, start: 0)
        var changes: [(t: Double, page: Int)] = []
        func record(_ events: [PagerEvent], _ t: Double) {
            for case .pageChanged(let page) in events { changes.append((t, page)) }
        }
        let steps = Int((seconds * 120).rounded())
        for n in 1...steps {
            let t = Double(n) / 120
            record(session.step(to: t), t)
            if let input = inputs[n] {
                if KioskSession.isUserInput(input) { autoplay.noteInput(at: t) }
                record(session.handle(input, at: t), t)
            }
            if let input = autoplay.due(at: t, currentPage: session.pager.currentPage, pageCount: session.pager.pageCount,
                                        wraps: session.pager.isWrapping, pagerIdle: session.isIdle) {
                #expect(!KioskSession.isUserInput(input))
                record(session.handle(input, at: t), t)
            }
        }
        return changes
    }

    /// Whether `actual` is within a step (plus rounding) of `expected`, never before it.
    func near(_ actual: Double, _ expected: Double) -> Bool {
        actual >= expected - 1e-9 && actual <= expected + PagingTuning.fixedStep + 1e-9
    }

    @Test func advancesEveryIntervalAndLandsATransitionLater() {
        let changes = run(seconds: 60, config: AutoplayConfig(interval: 8, resumeAfterIdle: 30))
        let d = PagingTuning.programmaticDuration
        #expect(changes.map(\.page) == [1, 2, 3, 4, 0, 1, 2])
        #expect(changes.count == 7)
        for (k, change) in changes.enumerated() {
            let expected = Double(k + 1) * 8 + d
            #expect(near(change.t, expected), "change \(k) at \(change.t), expected \(expected)")
        }
    }

    @Test func withoutWrapTheLastCardGoesBackToTheFirst() {
        let changes = run(seconds: 60, config: AutoplayConfig(interval: 8, resumeAfterIdle: 30), wraps: false)
        #expect(changes.map(\.page) == [1, 2, 3, 4, 0, 1, 2])
        #expect(changes.count == 7)
        let d = PagingTuning.programmaticDuration
        for (k, change) in changes.enumerated() {
            #expect(near(change.t, Double(k + 1) * 8 + d), "change \(k) at \(change.t)")
        }
    }

    @Test func aTouchPausesAdvancingUntilIdleAgain() {
        // A tap on the card (away from the page control) at t = 20 s: it pages nothing, but is input.
        let point = Point(x: 400, y: 150)
        let down = 20 * 120, up = down + 6  // Released 50 ms later.
        let changes = run(seconds: 60, config: AutoplayConfig(interval: 8, resumeAfterIdle: 30),
                          inputs: [down: .pointerDown(id: 1, at: point), up: .pointerUp(id: 1, at: point)])
        let d = PagingTuning.programmaticDuration
        #expect(changes.map(\.page) == [1, 2, 3])
        guard changes.count == 3 else { return }
        #expect(near(changes[0].t, 8 + d))
        #expect(near(changes[1].t, 16 + d))
        // The last input is at 20.05 s: advancing resumes at 50.05 s and the next advance is 8 s after that.
        #expect(near(changes[2].t, Double(up) / 120 + 30 + 8 + d), "at \(changes[2].t)")
        #expect(!changes.contains { $0.t > 17 && $0.t < 58 }, "nothing moves while paused")
    }

    @Test func aSwipeCountsAsInputToo() {
        // A quick leftward swipe at t = 10 s pages once by hand; autoplay then holds off for 30 s.
        var inputs: [Int: KioskInput] = [:]
        let start = 10 * 120
        inputs[start] = .pointerDown(id: 1, at: Point(x: 700, y: 150))
        for i in 1...10 { inputs[start + i] = .pointerMove(id: 1, to: Point(x: 700 - Double(i) * 50, y: 150)) }
        inputs[start + 11] = .pointerUp(id: 1, at: Point(x: 200, y: 150))
        let changes = run(seconds: 60, config: AutoplayConfig(interval: 8, resumeAfterIdle: 30), inputs: inputs)
        #expect(changes.map(\.page) == [1, 2, 3, 4])
        guard changes.count == 4 else { return }
        let d = PagingTuning.programmaticDuration, released = Double(start + 11) / 120
        #expect(near(changes[0].t, 8 + d))
        #expect(changes[1].t > 10 && changes[1].t < 11, "the swipe itself")
        // Resumes 30 s after the release; advances one interval later and again one interval after that.
        #expect(near(changes[2].t, released + 38 + d), "at \(changes[2].t)")
        #expect(near(changes[3].t, released + 46 + d), "at \(changes[3].t)")
    }

    @Test func goesHomeAfterLongIdle() {
        // A key press at 1 s (to card 4) pauses; advancing resumes at 31 s and moves on at 39 s (to 0, wrapping);
        // 45 s after the press the kiosk goes home to card 3, and the next advance is a whole interval later.
        let down = 1 * 120
        let changes = run(seconds: 60, config: AutoplayConfig(interval: 8, resumeAfterIdle: 30, homeAfterIdle: 45, home: 3),
                          inputs: [down: .key(.last)])
        let d = PagingTuning.programmaticDuration
        #expect(changes.map(\.page) == [4, 0, 3, 4])
        guard changes.count == 4 else { return }
        #expect(near(changes[0].t, 1 + d))
        #expect(near(changes[1].t, 39 + d))
        #expect(near(changes[2].t, 46 + d), "home at 1 + 45 s")
        #expect(near(changes[3].t, 54 + d), "the next advance counts from going home")
    }
}
