import Testing
import VitrineCore

/// `run`'s start-up plan for each case: which steps, in what order, on which thread, and what the splash shows.
@Suite struct StartupPlanTests {
    static let deck = KioskConfig(cards: [CardConfig(title: "A", image: "a.jpg"), CardConfig(title: "B", image: "b.jpg")],
                                  file: "kiosk.json")
    static let screen = PixelSize(width: 1920, height: 1080)

    /// Facts for `--windowed 600x400` on X (or as `change` says), once the config is read.
    static func facts(_ change: (inout StartupFacts) -> Void = { _ in }) -> StartupFacts {
        var facts = StartupFacts(windowSize: PixelSize(width: 600, height: 400), splashAllowed: true)
        facts.eventLog = true
        facts.config = deck
        change(&facts)
        return facts
    }

    static func actions(_ facts: StartupFacts) -> [StartupStep.Action] { StartupPlan(facts: facts).steps.map(\.action) }

    @Test func aWindowOnXDecodesAheadShowsASplashAndWarmsTheFontsUp() {
        let plan = StartupPlan(facts: Self.facts())
        #expect(plan.steps.map(\.action) == [.prepareProcess, .findFonts, .watchStopSignals, .startFirstCard, .openLibraries,
                                             .readConfig, .planFirstCard, .startSDL, .fontsUp, .waitForSplash, .startVideo,
                                             .openEventLog, .checkFirstCard, .warmUpFonts, .requireDisplay, .makeApp,
                                             .handOverSignals, .takeSplash, .runLoop])
        #expect(plan.earlyWindow == PixelSize(width: 600, height: 400), "the picture is decoded for the window's card")
        #expect(plan.firstCardSize == PixelSize(width: 600, height: 400))
        #expect(plan.splash == SplashLayout(windowSize: PixelSize(width: 600, height: 400),
                                            cardRect: PixelRect(x: 0, y: 0, width: 600, height: 400), background: Color(red: 0, green: 0, blue: 0)))
        // Nothing is on screen until the card is planned; the splash until SDL's window draws.
        let shown = plan.steps.map(\.onScreen)
        #expect(shown.prefix(6).allSatisfy { $0 == .nothing })
        #expect(shown.dropFirst(6).dropLast().allSatisfy { $0 == .splash })
        #expect(shown.last == .window)
    }

    @Test func eachStepRunsOnItsThread() {
        let threads = Dictionary(StartupPlan(facts: Self.facts()).steps.map { ($0.action, $0.thread) }, uniquingKeysWith: { a, _ in a })
        #expect(threads[.startFirstCard] == .firstCard)
        #expect(threads[.watchStopSignals] == .stopSignals)
        #expect(threads[.openLibraries] == .libraryOpener)
        #expect(threads[.warmUpFonts] == .fonts)
        let mainOnly: [StartupStep.Action] = [.prepareProcess, .readConfig, .startSDL, .startVideo, .makeApp, .runLoop, .takeSplash]
        #expect(mainOnly.allSatisfy { threads[$0] == .main })
    }

    @Test func fullScreenOnBareXDecodesForTheScreenAndShowsTheSplashThere() {
        let plan = StartupPlan(facts: Self.facts { $0.windowSize = nil; $0.kiosk = true; $0.bareXScreen = Self.screen })
        #expect(plan.steps.map(\.action).prefix(5) == [.prepareProcess, .findFonts, .watchStopSignals, .connectSplashScreen, .startFirstCard])
        #expect(plan.earlyWindow == Self.screen)
        // 1920x1080 is wider than 3:2: the card is 1620x1080, centred.
        #expect(plan.splash?.cardRect == PixelRect(x: 150, y: 0, width: 1620, height: 1080))
        #expect(plan.window?.config.display.mode == .kiosk, "--kiosk locks the config's display down")
        let connection = plan.steps.filter { $0.opens.contains(.splashConnection) || $0.closes.contains(.splashConnection) }
        #expect(connection.map(\.action) == [.connectSplashScreen, .planFirstCard], "the connection goes to the first-card thread")
    }

    /// The bare X screen is display 0's size: a kiosk on another display (`--display 1`, or the config's
    /// `display.index`) composes nothing ahead for it and shows no splash there.
    @Test func anotherDisplayIsNotTheBareXScreen() {
        let commandLine = StartupPlan(facts: Self.facts { $0.windowSize = nil; $0.kiosk = true; $0.displayIndex = 1; $0.bareXScreen = Self.screen })
        #expect(!commandLine.steps.contains { $0.action == .connectSplashScreen }, "no splash connection for display 1")
        #expect(commandLine.earlyWindow == nil && commandLine.firstCardSize == nil && commandLine.splash == nil)
        #expect(commandLine.window?.config.display.displayIndex == 1, "--display overrides the config's display.index")
        var second = Self.deck
        second.display.displayIndex = 1
        let config = StartupPlan(facts: Self.facts { $0.windowSize = nil; $0.kiosk = true; $0.bareXScreen = Self.screen; $0.config = second })
        #expect(config.firstCardSize == nil && config.splash == nil)
        let first = StartupPlan(facts: Self.facts { $0.windowSize = nil; $0.kiosk = true; $0.displayIndex = 0; $0.bareXScreen = Self.screen; $0.config = second })
        #expect(first.window?.config.display.displayIndex == 0 && first.earlyWindow == Self.screen && first.splash != nil,
                "--display 0 is the bare X screen, whatever the config says")
    }

    @Test func fullScreenUnderAWindowManagerHasNoSplashAndComposesNothingAhead() {
        let plan = StartupPlan(facts: Self.facts { $0.windowSize = nil; $0.fullscreen = true })
        #expect(plan.steps.contains { $0.action == .connectSplashScreen }, "it looked for bare X")
        #expect(plan.earlyWindow == nil && plan.firstCardSize == nil && plan.splash == nil)
        let actions = plan.steps.map(\.action)
        for absent: StartupStep.Action in [.waitForSplash, .checkFirstCard, .warmUpFonts] { #expect(!actions.contains(absent)) }
        #expect(plan.steps.dropLast().allSatisfy { $0.onScreen == .nothing })
    }

    @Test(arguments: [["DISPLAY": ":0", "SDL_VIDEODRIVER": "kmsdrm"], ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"], [:]])
    func kmsdrmWaylandOrNoDisplayHaveNoSplash(environment: [String: String]) {
        let allowed = StartupFacts.splashAllowed { environment[$0] }
        #expect(!allowed)
        let plan = StartupPlan(facts: Self.facts { $0.splashAllowed = allowed; $0.windowSize = nil; $0.kiosk = true })
        #expect(!plan.steps.contains { $0.action == .connectSplashScreen || $0.action == .waitForSplash })
        #expect(plan.splash == nil && plan.earlyWindow == nil)
        // A window of known size still has its card composed ahead: it needs no display.
        let windowed = StartupPlan(facts: Self.facts { $0.splashAllowed = allowed })
        #expect(windowed.splash == nil && windowed.firstCardSize == PixelSize(width: 600, height: 400))
    }

    @Test func splashAllowedOnX11Only() {
        #expect(StartupFacts.splashAllowed { ["DISPLAY": ":5"][$0] })
        #expect(StartupFacts.splashAllowed { ["DISPLAY": ":5", "SDL_VIDEODRIVER": "X11", "WAYLAND_DISPLAY": "w"][$0] })
    }

    @Test func anEventLogOnlyWhenAskedFor() {
        #expect(!Self.actions(Self.facts { $0.eventLog = false }).contains(.openEventLog))
    }

    @Test func aCacheHitOrAFinishedCardNeedsNoFontWarmUp() {
        #expect(Self.actions(Self.facts()).contains(.warmUpFonts))
        #expect(!Self.actions(Self.facts { $0.cacheHit = true }).contains(.warmUpFonts))
        #expect(!Self.actions(Self.facts { $0.firstCardDone = true }).contains(.warmUpFonts))
    }

    @Test func splashOnlyWhereSDLsWindowShowsTheCardTheSame() {
        var rotated = Self.deck
        rotated.display.rotation = .clockwise90
        var second = Self.deck
        second.display.displayIndex = 1
        var gpu = Self.deck
        gpu.display.renderer = .accelerated
        for config in [rotated, second, gpu] {
            #expect(StartupPlan(facts: Self.facts { $0.config = config }).splash == nil)
        }
        #expect(StartupPlan(facts: Self.facts { $0.config = gpu }).firstCardSize == nil, "a GPU renderer composes its own cards")
        let empty = StartupPlan(facts: Self.facts { $0.config = KioskConfig(cards: [], file: "kiosk.json") })
        #expect(empty.splash == nil && empty.firstCardSize == nil)
        #expect(empty.steps.last?.action == .runLoop, "an empty deck still runs")
    }

    @Test func withoutFontsNoFirstCardThreadAndAStopOnceTheDisplayIsOpen() {
        let actions = Self.actions(Self.facts { $0.fontsFound = false })
        #expect(actions == [.prepareProcess, .findFonts, .watchStopSignals, .openLibraries, .readConfig, .planFirstCard,
                            .startSDL, .startVideo, .openEventLog, .stopWithoutFonts])
    }

    @Test func beforeTheConfigIsReadThePlanEndsAtItsRead() {
        var facts = Self.facts()
        facts.config = nil
        let plan = StartupPlan(facts: facts)
        #expect(plan.steps.last?.action == .readConfig)
        #expect(plan.window == nil && plan.splash == nil)
    }

    /// Every combination of the facts, as start-up knows them before it learns any.
    static var everyStart: [StartupFacts] {
        var all: [StartupFacts] = []
        for size in [nil, PixelSize(width: 600, height: 400)] {
            for fullscreen in [nil, true] { for kiosk in [false, true] { for allowed in [false, true] { for fonts in [false, true] {
                var facts = StartupFacts(windowSize: fullscreen == true || kiosk ? nil : size, fullscreen: fullscreen, kiosk: kiosk,
                                         splashAllowed: allowed, fontsFound: fonts)
                facts.eventLog = true
                all.append(facts)
            } } } }
        }
        return all
    }

    @Test func learningAFactNeverChangesTheStepsBeforeIt() {
        for start in Self.everyStart {
            var facts = start
            // The facts in the order start-up learns them, each with the step that learns it.
            let learnt: [(StartupStep.Action, (inout StartupFacts) -> Void)] = [
                (.findFonts, { $0.fontsFound = false }),
                (.connectSplashScreen, { $0.bareXScreen = Self.screen }),
                (.readConfig, { $0.config = Self.deck }),
                (.checkFirstCard, { $0.cacheHit = true }),
            ]
            for (step, learn) in learnt {
                let before = StartupPlan(facts: facts).steps
                guard let index = before.firstIndex(where: { $0.action == step }) else { continue }
                learn(&facts)
                let after = StartupPlan(facts: facts).steps
                #expect(Array(after.prefix(index + 1)) == Array(before.prefix(index + 1)), "\(start): learning at \(step)")
            }
        }
    }
}
