import VitrineCore
import VitrineSystem
import VitrineSDL

/// `vitrine run` from start to exit, as its start-up plan says (``StartupPlan``): one function here per step, on
/// the step's thread, and one way out, where ``StartupSequence`` closes what the steps opened in reverse order
/// (``close(_:)``; each close is a start-up timeline mark, seen with `--log-level debug`).
final class RunStartup {
    private let command: RunCommand
    /// What start-up knows so far.
    private var facts: StartupFacts

    // What the steps made, in the plan's order.
    private var fontPaths: Result<[FontWeight: String], SDLError>?
    private var fonts: FontLibrary?
    private var signals: StartupSignals?
    /// The X connection for a full-screen splash, until handed to the first-card thread.
    private var screen: Splash?
    private var firstCard: FirstCard?
    private var config: KioskConfig?
    private var options: KioskApp.Options?
    private var expected: CardComposer?
    private var library: SDLLibrary?
    private var video: Result<Void, SDLError>?
    private var events: EventLog?
    private var warmUp: Deferred<Void>?
    private var app: KioskApp?
    /// The splash the app took over, closed once SDL's window shows the card over it, or on the way out.
    private var splash: Splash?

    init(_ command: RunCommand) {
        self.command = command
        facts = StartupFacts(windowSize: command.windowSize, fullscreen: command.fullscreen, kiosk: command.kiosk,
                             splashAllowed: KioskApp.mayShowSplash())
        facts.eventLog = command.eventsPath != nil
        facts.displayIndex = command.displayIndex
    }

    /// Runs start-up, the kiosk and the way out; returns the exit code.
    func run() -> Int32 {
        StartupSequence.run(facts: facts, perform: perform, close: close)
    }

    /// Does `step` of `plan`.
    private func perform(_ step: StartupStep, _ plan: StartupPlan) -> StartupSequence.Outcome {
        switch step.action {
        case .prepareProcess: prepareProcess()
        case .findFonts: return findFonts()
        case .watchStopSignals: signals = StartupSignals()
        case .connectSplashScreen: return connectSplashScreen()
        case .startFirstCard: startFirstCard(plan)
        case .openLibraries:
            // Started after the threads above: started before them, opening held the main thread up by up to 3 ms
            // before the config read (debug milestones).
            SDLLibrary.startOpening()
        case .readConfig: return readConfig()
        case .planFirstCard: planFirstCard(plan)
        case .startSDL: return startSDL()
        case .fontsUp:
            // The titles' font (style.titleFont): SDL_ttf is up, and the first-card thread opens no face before this.
            if let font = config?.style.titleFont { fonts?.useTitleFont(font, report: { Log.warning($0) }) }
            firstCard?.fontsAreUp()
        case .waitForSplash:
            // SDL's display comes after the splash: both would share the X server and the cores.
            firstCard?.waitForSplash(seconds: StartupPlan.splashWait)
        case .startVideo:
            if let library { video = Result { () throws(SDLError) in try library.startVideo() } }
            StartupTimeline.mark("display open")
        case .openEventLog:
            switch Vitrine.openEventLog(command.eventsPath) {
            case .success(let log): events = log
            case .failure(let failure): return .stop(failure.code)
            }
        case .stopWithoutFonts:
            if case .failure(let error) = fontPaths { Log.error("\(error)") }
            return .stop(ExitCode.software)
        case .checkFirstCard: return checkFirstCard()
        case .warmUpFonts: warmUpFonts()
        case .requireDisplay:
            if case .failure(let error) = video {
                Log.error("no display available: \(error.message). Run under X11 or Wayland (set DISPLAY), use SDL_VIDEODRIVER=kmsdrm on a console, or draw frames headless with 'vitrine render'.")
                return .stop(ExitCode.unavailable)
            }
            // The display asked for must be there: a second kiosk never falls back to the first one's display.
            if let index = options?.config.display.displayIndex, let count = library?.displayCount, index >= count {
                Log.error(DisplayConfig.missingDisplayMessage(index: index, count: count))
                return .stop(ExitCode.unavailable)
            }
        case .makeApp: return makeApp()
        case .handOverSignals: if let app { signals?.handOver(to: app) }
        case .takeSplash: takeSplash()
        case .runLoop: return .stop(runLoop())
        }
        return .next
    }

    /// Closes `resource` on the way out (``StartupResource``), and marks it in the start-up timeline.
    private func close(_ resource: StartupResource) {
        switch resource {
        case .splash: splash = nil
        case .app: app = nil
        case .fontWarmUp:
            _ = warmUp?.value
            warmUp = nil
        case .eventLog: events = nil
        case .firstCardThread:
            firstCard?.wait()
            _ = firstCard?.takeSplash()  // A splash the app never took: closed.
        case .fontFaces: fonts?.closeAll()
        case .sdl: library = nil
        case .splashConnection: screen = nil
        case .stopSignalWatch: signals?.end()
        }
        StartupTimeline.mark("closed: \(resource.rawValue)")
    }

    /// Before the config or any picture is read: what changes from here on is reported once the watcher starts.
    /// The environment is set for the libraries before the thread that opens them starts.
    private func prepareProcess() {
        FileWatcher.markFirstRead()
        SDLLibrary.skipComposeTable()
        SDLLibrary.skipSessionBusAutolaunch()
        XlibErrors.install(lostDisplayExitCode: ExitCode.unavailable)
        SDLLibrary.tuneHeap()
    }

    /// The bundled fonts; the library opens no face before SDL_ttf is up.
    private func findFonts() -> StartupSequence.Outcome {
        let paths = Result { () throws(SDLError) in try BundledFonts.locate() }
        fontPaths = paths
        fonts = try? FontLibrary(paths: paths.get())
        facts.fontsFound = fonts != nil
        return .learned(facts)
    }

    /// The X screen's size, read before SDL is open, for `--fullscreen` or `--kiosk` on X with no window manager:
    /// it tells the first card's size before the config is read, and the splash shows on this connection.
    private func connectSplashScreen() -> StartupSequence.Outcome {
        screen = Splash()
        facts.bareXScreen = screen?.screenSize
        return .learned(facts)
    }

    /// The first card's picture decoded (and, in a window, the card composed) on its thread while SDL starts, the
    /// config is validated and SDL opens the display: decoding needs neither SDL nor the display, and the thread
    /// opens no font before it is told which card to make, after SDL_ttf is up.
    private func startFirstCard(_ plan: StartupPlan) {
        guard let fonts else { return }
        let sizes = plan.earlyWindow.map { KioskApp.firstCardSizes(window: $0) }
        firstCard = FirstCard(configFile: command.configPath, hint: DecodeOptions(covering: sizes?.whole),
                              streams: sizes.map { $0.visible == $0.whole } ?? true, fonts: fonts,
                              cache: CardCache.fromEnvironment(fontFiles: Array(fonts.paths.values)))
    }

    /// The config, read while SDL is being opened; a bad one ends `run` with its exit code.
    private func readConfig() -> StartupSequence.Outcome {
        switch Vitrine.reportConfig(Result { () throws(ConfigError) in try KioskConfig.load(path: command.configPath) }) {
        case .success(let read):
            StartupTimeline.mark("config read")
            config = read
            facts.config = read
            return .learned(facts)
        case .failure(let failure):
            return .stop(failure.code)
        }
    }

    /// Tells the first-card thread which card to make, at what size, and where its splash goes, at once: the
    /// splash can show before anything waits for SDL. The splash connection goes with it, or is not needed.
    private func planFirstCard(_ plan: StartupPlan) {
        guard let window = plan.window else { return }
        var options = KioskApp.Options(window)
        options.controlPath = command.controlPath
        options.commandLineDisplay = command.displayIndex
        self.options = options
        expected = plan.firstCardSize.map { KioskApp.firstCardComposer(config: window.config, size: $0) }
        let splashPlan = plan.splash
        if let card = window.config.cards.first {
            firstCard?.proceed(card: card, index: 0, expected: expected, splash: splashPlan, screen: splashPlan == nil ? nil : screen)
        }
        screen = nil
    }

    /// SDL and SDL_ttf, without video yet.
    private func startSDL() -> StartupSequence.Outcome {
        do throws(SDLError) {
            library = try SDLLibrary(video: false)
            return .next
        } catch {
            firstCard?.wait()
            Log.error("\(error)")
            return .stop(ExitCode.software)
        }
    }

    /// Whether the first-card thread is still at work, and if so whether the card cache holds its card (then it
    /// needs no text drawn).
    private func checkFirstCard() -> StartupSequence.Outcome {
        facts.firstCardDone = firstCard?.isFinished ?? true
        if !facts.firstCardDone, let image = config?.cards.first?.image {
            facts.cacheHit = firstCard?.cache?.holdsCard(forImage: image) == true
        }
        return .learned(facts)
    }

    /// The card's faces opened and its lines rendered beside the decode, so composing it finds its glyphs ready.
    private func warmUpFonts() {
        guard let expected, let fonts else { return }
        warmUp = Deferred("vitrine.fonts") { expected.warmUpText(fonts: fonts) }
    }

    /// The window, the renderer and the rest of the app, the first card adopted.
    private func makeApp() -> StartupSequence.Outcome {
        guard let options, let fonts else { return .stop(ExitCode.software) }
        do throws(SDLError) {
            app = try KioskApp(options: options, fonts: fonts, events: events, heartbeatPeriod: Systemd.watchdogPeriod,
                               firstCard: options.config.cards.isEmpty ? nil : firstCard, report: { Log.warning($0) })
            return .next
        } catch {
            Log.error("\(error)")
            return .stop(ExitCode.software)
        }
    }

    /// The splash, from the first-card thread (done: the app adopted its card); closed at once when SDL's window
    /// does not cover it.
    private func takeSplash() {
        splash = firstCard?.takeSplash()
        if let shown = splash, let app, app.windowFrameOnScreen != shown.frame {
            Logger.shared.log(.debug, "splash: closed early: SDL's window is at \(app.windowFrameOnScreen.map(String.init(describing:)) ?? "an unknown place"), not \(shown.frame.map(String.init(describing:)) ?? "not shown")")
            splash = nil
        }
    }

    /// The kiosk, until it stops; the exit code.
    private func runLoop() -> Int32 {
        guard let app else { return ExitCode.software }
        app.onFirstFrame = { [weak self] in
            self?.splash = nil
            Log.info("first frame shown")
            Systemd.notifyReady()
        }
        app.onWatchdog = Systemd.notifyWatchdog
        let statistics = command.stats ? RunStatistics(app: app) : nil
        let exit = app.run()
        statistics?.log()
        switch exit {
        case .userQuit:
            Log.info("quit")
            return ExitCode.ok
        case .signal(let number):
            Log.info("stopped by signal \(number)")
            return ExitCode.ok
        case .displayLost(let message):
            Log.error("lost the display: \(message)")
            return ExitCode.unavailable
        }
    }
}
