import VitrineCore
import VitrineSystem
import VitrineSDL

/// `vitrine run`: the kiosk itself.
struct RunCommand {
    static let help = """
        usage: vitrine run [--config PATH] [--windowed WxH | --fullscreen | --kiosk] [--events PATH|-] [--stats]
                           [--control PATH]

        Opens a window, or covers the screen, and shows the deck. Escape or closing the window quits. SIGINT and
        SIGTERM quit cleanly (exit 0); SIGHUP reloads the config.

        options:
          --config PATH     the deck: a config file, or a folder of images (default Config/kiosk.json)
          --windowed WxH    a window of this many points (default: the config's window size)
          --fullscreen      cover the whole screen
          --kiosk           lock down: fullscreen on the configured display, no cursor, no screensaver; no key
                            or close request quits but the config's display.exitChord (as display.mode "kiosk")
          --events PATH     write paging events as JSON lines to PATH (- for standard output)
          --control PATH    make a control socket at PATH (mode 0660) for 'vitrine ctl' (or the config's
                            control.socket; systemd's socket comes first when it passes one)
          --stats           log frame statistics on exit and on SIGUSR1: frames drawn, frame time p50 and p99
                            (building, drawing and presenting one frame), frames over the \(budgetMilliseconds) ms
                            budget (and how many of them after the first second), time from process start to the
                            first frame, peak resident memory

        Swipe or drag with the mouse to page; ←/→ and PageUp/PageDown step, Home/End go to the ends, 1 to 9 go to
        that card; the wheel pages (one page per burst of clicks) and a trackpad swipe drags the card (one page
        per swipe); tap the dots to step or jump (quick taps add up like key presses).
        """

    /// The `--stats` frame budget, the kiosk's frame interval, in milliseconds for the help.
    static let budgetMilliseconds = String(cFormat: "%.1f", KioskApp.fallbackFrameInterval * 1000)

    var configPath = "Config/kiosk.json"
    var windowSize: PixelSize?
    var fullscreen: Bool?
    var eventsPath: String?
    var kiosk = false
    var stats = false
    var controlPath: String?

    /// Reads the options; nil when help was printed.
    static func parse(_ arguments: [String]) throws(UsageError) -> RunCommand? {
        var reader = ArgumentReader(arguments, command: "run")
        if reader.wantsHelp { print(help); return nil }
        var command = RunCommand()
        while let flag = reader.next() {
            switch flag {
            case "--config": command.configPath = try reader.value(for: flag)
            case "--windowed": command.windowSize = try ArgumentReader.size(reader.value(for: flag), flag: flag)
            case "--fullscreen": command.fullscreen = true
            case "--kiosk": command.kiosk = true
            case "--stats": command.stats = true
            case "--control": command.controlPath = try reader.value(for: flag)
            case "--events": command.eventsPath = try reader.value(for: flag, allowingDash: true)
            default: throw UsageError(description: "unknown option '\(Limits.shortened(flag))' for 'run'")
            }
        }
        if command.fullscreen == true && command.windowSize != nil {
            throw UsageError(description: "--windowed and --fullscreen cannot be used together")
        }
        if command.kiosk && command.windowSize != nil {
            throw UsageError(description: "--windowed and --kiosk cannot be used together: a kiosk covers the screen")
        }
        return command
    }

    /// Opens the window and runs until it closes; returns the exit code.
    func execute() -> Int32 {
        // Before the config or any picture is read: what changes from here on is reported once the watcher starts.
        FileWatcher.markFirstRead()
        SDLLibrary.skipComposeTable()
        SDLLibrary.skipSessionBusAutolaunch()
        XlibErrors.install(lostDisplayExitCode: ExitCode.unavailable)
        SDLLibrary.tuneHeap()
        // The first card's picture is decoded (and, in a window, the card composed) on another thread while SDL
        // starts, the config is validated and SDL opens the display: decoding needs neither SDL nor the display,
        // and the thread opens no font before it is told which card to make, after SDL_ttf is up.
        let fontPaths = Result { () throws(SDLError) in try BundledFonts.locate() }
        let fonts = try? FontLibrary(paths: fontPaths.get())
        // From here a SIGTERM or SIGINT abandons the image decodes, until the app watches signals itself.
        let startup = StartupSignals()
        defer { startup.end() }
        // A window size on the command line tells the first card's size before the config is read; so does the
        // screen's, read from the X server, for --fullscreen or --kiosk on X with no window manager (Splash: then
        // the first card is shown on that connection before SDL is open).
        let coversScreen = kiosk || fullscreen == true
        var screen = coversScreen && KioskApp.mayShowSplash() ? Splash() : nil
        let early = coversScreen ? screen?.screenSize : windowSize
        let sizes = early.map { KioskApp.firstCardSizes(window: $0) }
        let hint = DecodeOptions(covering: sizes?.whole)
        let firstCard = fonts.map {
            FirstCard(configFile: configPath, hint: hint, streams: sizes.map { $0.visible == $0.whole } ?? true, fonts: $0,
                      cache: CardCache.fromEnvironment(fontFiles: Array($0.paths.values)))
        }
        // SDL and the rest open beside the config read and the first card. Started after the threads above: started
        // before them, opening held the main thread up by up to 3 ms before the config read (debug milestones).
        SDLLibrary.startOpening()
        // The config is read while SDL is being opened (SDLLibrary.startOpening), before anything waits for it: the
        // first card's plan, and with it a splash of the card (Splash), goes to the first-card thread at once.
        var config: KioskConfig
        switch Vitrine.reportConfig(Result { () throws(ConfigError) in try KioskConfig.load(path: configPath) }) {
        case .success(let c): config = c
        case .failure(let failure):
            firstCard?.wait()
            return failure.code
        }
        StartupTimeline.mark("config read")
        if kiosk { config.display.mode = .kiosk }
        var options = KioskApp.Options(config: config, windowSize: windowSize ?? config.display.window,
                                       fullscreen: fullscreen ?? (windowSize == nil && config.display.fullscreen))
        options.controlPath = controlPath
        let screenSize = options.coversScreen ? screen?.screenSize : nil
        let expected = KioskApp.expectedFirstCard(options: options, screen: screenSize)
        let splashPlan = KioskApp.splashPlan(options: options, screen: screenSize)
        if let card = config.cards.first {
            firstCard?.proceed(card: card, index: 0, expected: expected, splash: splashPlan, screen: splashPlan == nil ? nil : screen)
        }
        screen = nil  // Handed over, or not needed.
        // Closed once SDL's window shows the card over it, or on the way out.
        var splash: Splash?
        defer { splash = nil }
        let library: SDLLibrary
        do throws(SDLError) {
            library = try SDLLibrary(video: false)
        } catch {
            firstCard?.wait()
            Log.error("\(error)")
            return ExitCode.software
        }
        // The titles' font (style.titleFont), opened once SDL_ttf is up and before the first-card thread opens a face.
        if config.style.titleFont != nil { fonts?.useTitleFont(config.style.titleFont, report: { Log.warning($0) }) }
        firstCard?.fontsAreUp()
        return withExtendedLifetime(library) { () -> Int32 in
            var warmUp: Deferred<Void>?
            // Fonts are closed while SDL_ttf is still up, whatever order the objects go in afterwards.
            defer {
                firstCard?.wait()
                splash = firstCard?.takeSplash() ?? splash
                splash = nil
                _ = warmUp?.value
                fonts?.closeAll()
            }
            // With a splash planned, SDL's display comes after it: both would share the X server and the cores.
            if splashPlan != nil, !config.cards.isEmpty { firstCard?.waitForSplash(seconds: 0.1) }
            let video = Result { () throws(SDLError) in try library.startVideo() }
            StartupTimeline.mark("display open")
            let events: EventLog?
            switch Vitrine.openEventLog(eventsPath) {
            case .success(let log): events = log
            case .failure(let failure): return failure.code
            }
            guard let fonts, let firstCard else {
                if case .failure(let error) = fontPaths { Log.error("\(error)") }
                return ExitCode.software
            }
            if let card = config.cards.first {
                // The card's faces are opened and its lines rendered beside the decode, so composing it finds its
                // glyphs ready; a card read from the cache needs no text.
                if let expected, !firstCard.isFinished, firstCard.cache?.holdsCard(forImage: card.image) != true {
                    warmUp = Deferred("vitrine.fonts") { expected.warmUpText(fonts: fonts) }
                }
            }
            if case .failure(let error) = video {
                Log.error("no display available: \(error.message). Run under X11 or Wayland (set DISPLAY), use SDL_VIDEODRIVER=kmsdrm on a console, or draw frames headless with 'vitrine render'.")
                return ExitCode.unavailable
            }
            do throws(SDLError) {
                let app = try KioskApp(options: options, fonts: fonts, events: events, heartbeatPeriod: Systemd.watchdogPeriod,
                                       firstCard: config.cards.isEmpty ? nil : firstCard, report: { Log.warning($0) })
                startup.handOver(to: app)
                // The first card was adopted (so the thread is done): a splash SDL's window does not cover goes now.
                splash = firstCard.takeSplash()
                if let shown = splash, app.windowFrameOnScreen != shown.frame {
                    Logger.shared.log(.debug, "splash: closed early: SDL's window is at \(app.windowFrameOnScreen.map(String.init(describing:)) ?? "an unknown place"), not \(shown.frame.map(String.init(describing:)) ?? "not shown")")
                    splash = nil
                }
                app.onFirstFrame = {
                    splash = nil
                    Log.info("first frame shown")
                    Systemd.notifyReady()
                }
                app.onWatchdog = Systemd.notifyWatchdog
                let statistics = stats ? RunStatistics(app: app) : nil
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
            } catch {
                Log.error("\(error)")
                return ExitCode.software
            }
        }
    }
}
