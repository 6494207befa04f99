import Testing
import VitrineCore

/// `run`'s way out: whichever step stops start-up, what was opened before it is closed, last opened first.
@Suite struct StartupSequenceTests {
    /// Runs the plan for `facts`, learning facts as start-up would and stopping with 70 at step `failing` (or not
    /// at all); the steps run and what was closed, in order.
    static func run(_ facts: StartupFacts, failingAt failing: StartupStep.Action?, bareX: Bool = true)
        -> (code: Int32, ran: [StartupStep.Action], closed: [StartupResource]) {
        var ran: [StartupStep.Action] = []
        var closed: [StartupResource] = []
        var known = facts
        let code = StartupSequence.run(facts: facts, perform: { step, _ in
            ran.append(step.action)
            if step.action == failing { return .stop(70) }
            switch step.action {
            case .connectSplashScreen where bareX: known.bareXScreen = PixelSize(width: 1920, height: 1080)
            case .readConfig: known.config = StartupPlanTests.deck
            case .runLoop: return .stop(0)
            default: return .next
            }
            return .learned(known)
        }, close: { closed.append($0) })
        return (code, ran, closed)
    }

    @Test func theWholeRunClosesEverythingInReverse() {
        let run = Self.run(StartupPlanTests.facts { $0.config = nil }, failingAt: nil)
        #expect(run.code == 0)
        #expect(run.ran.last == .runLoop)
        #expect(run.closed == [.splash, .app, .fontWarmUp, .eventLog, .firstCardThread, .fontFaces, .sdl, .stopSignalWatch])
    }

    @Test func aBadConfigJoinsTheFirstCardThenStopsTheSignalWatch() {
        let run = Self.run(StartupPlanTests.facts { $0.config = nil; $0.windowSize = nil; $0.kiosk = true }, failingAt: .readConfig)
        #expect(run.code == 70)
        #expect(run.ran.last == .readConfig)
        #expect(run.closed == [.firstCardThread, .splashConnection, .stopSignalWatch])
    }

    @Test func sdlFailingLeavesNothingOfItsOwnToClose() {
        let run = Self.run(StartupPlanTests.facts { $0.config = nil; $0.windowSize = nil; $0.kiosk = true }, failingAt: .startSDL)
        #expect(run.closed == [.firstCardThread, .stopSignalWatch], "the splash connection went to the first-card thread")
    }

    @Test func noDisplayClosesTheFontsWhileSDLIsUp() {
        let run = Self.run(StartupPlanTests.facts { $0.config = nil }, failingAt: .requireDisplay)
        #expect(run.closed == [.fontWarmUp, .eventLog, .firstCardThread, .fontFaces, .sdl, .stopSignalWatch])
    }

    /// Every step of every plan, failing in turn: exactly what the steps before it opened (and did not hand on) is
    /// closed, each once, in reverse order of opening, and the orders that matter hold.
    @Test func aFailureAtAnyStepClosesExactlyWhatWasOpenedBeforeItInReverse() {
        for start in StartupPlanTests.everyStart {
            var facts = start
            facts.config = nil
            let whole = Self.run(facts, failingAt: nil)
            for failing in whole.ran {
                let run = Self.run(facts, failingAt: failing)
                #expect(run.ran.last == failing && run.code == 70)
                var open: [StartupResource] = []
                var known = facts
                for action in run.ran.dropLast() {
                    if action == .connectSplashScreen { known.bareXScreen = PixelSize(width: 1920, height: 1080) }
                    if action == .readConfig { known.config = StartupPlanTests.deck }
                    let step = StartupPlan(facts: known).steps.first { $0.action == action }!
                    open.removeAll { step.closes.contains($0) || step.opens.contains($0) }
                    open += step.opens
                }
                #expect(run.closed == open.reversed(), "\(start) failing at \(failing)")
                #expect(Set(run.closed).count == run.closed.count, "closed twice")
                func before(_ a: StartupResource, _ b: StartupResource) -> Bool {
                    guard let i = run.closed.firstIndex(of: a), let j = run.closed.firstIndex(of: b) else { return true }
                    return i < j
                }
                // The first-card thread and the warm-up use the faces; the faces need SDL_ttf; a stop reaches the app
                // until the end.
                #expect(before(.firstCardThread, .fontFaces) && before(.fontWarmUp, .fontFaces) && before(.fontFaces, .sdl))
                #expect(before(.firstCardThread, .sdl) && before(.app, .sdl) && (run.closed.isEmpty || run.closed.last == .stopSignalWatch))
            }
        }
    }
}
