/// `vitrine run`'s start-up as a value: the steps in order, each with its thread, what it opens and what the screen
/// shows, and what the first card and the splash will be, all from what is known (``StartupFacts``).
///
/// Start-up learns facts as it goes (the X screen, the config, the card cache); the plan made from what is known
/// then keeps every step already run and only decides the ones after (``StartupSequence`` runs it). Start-up
/// overlaps the slow parts: the first card is decoded while the libraries open and the config is read, SDL opens
/// the display while the card is composed, and on bare X a splash shows the card before SDL's window is up.
public struct StartupPlan: Sendable, Equatable {
    /// The steps, in order.
    public var steps: [StartupStep]
    /// The window whose card the first picture is decoded for before the config is read (`--windowed`, or the bare
    /// X screen for `--fullscreen` or `--kiosk`); nil: decoded at its own size.
    public var earlyWindow: PixelSize?
    /// The window, once the config is read.
    public var window: StartupWindow?
    /// The first card's size in pixels when the first-card thread composes it ahead of the window; nil when the
    /// window's size is unknown before it exists, or the renderer is not the software one (the deck composes it).
    public var firstCardSize: PixelSize?
    /// Where the splash shows the first card before SDL's window is up; nil for no splash.
    public var splash: SplashLayout?

    /// How long start-up waits for the splash before SDL opens the display (both share the X server and the cores).
    public static let splashWait = 0.1

    /// The plan for `facts`.
    public init(facts: StartupFacts) {
        earlyWindow = facts.argumentsCoverScreen ? facts.bareXScreen : facts.windowSize
        window = facts.config.map { StartupWindow(config: $0, facts: facts) }
        let screen = window?.coversScreen == true ? facts.bareXScreen : nil
        firstCardSize = window.flatMap { StartupPlan.firstCardSize(window: $0, screen: screen) }
        splash = window.flatMap { StartupPlan.splash(window: $0, screen: screen, allowed: facts.splashAllowed) }
        steps = StartupPlan.steps(facts: facts, firstCardSize: firstCardSize, splash: splash)
    }

    /// The steps for `facts`, given the first card's size and the splash they lead to.
    private static func steps(facts: StartupFacts, firstCardSize: PixelSize?, splash: SplashLayout?) -> [StartupStep] {
        let fonts = facts.fontsFound
        let connects = facts.argumentsCoverScreen && facts.splashAllowed
        var steps = [StartupStep(.prepareProcess), StartupStep(.findFonts),
                     StartupStep(.watchStopSignals, on: .stopSignals, opens: [.stopSignalWatch])]
        if connects { steps.append(StartupStep(.connectSplashScreen, opens: [.splashConnection])) }
        if fonts { steps.append(StartupStep(.startFirstCard, on: .firstCard, opens: [.firstCardThread])) }
        steps += [StartupStep(.openLibraries, on: .libraryOpener), StartupStep(.readConfig)]
        guard facts.config != nil else { return steps }
        let shown: StartupStep.OnScreen = splash == nil ? .nothing : .splash
        steps.append(StartupStep(.planFirstCard, closes: connects ? [.splashConnection] : [], onScreen: shown))
        // The first-card thread, which makes SDL surfaces and draws text with SDL_ttf, is joined before SDL quits
        // and before the faces close: it is opened again after each.
        steps.append(StartupStep(.startSDL, opens: fonts ? [.sdl, .firstCardThread] : [.sdl], onScreen: shown))
        if fonts {
            steps.append(StartupStep(.fontsUp, opens: [.fontFaces, .firstCardThread], onScreen: shown))
        }
        if fonts, splash != nil { steps.append(StartupStep(.waitForSplash, onScreen: shown)) }
        steps.append(StartupStep(.startVideo, onScreen: shown))
        if facts.eventLog { steps.append(StartupStep(.openEventLog, opens: [.eventLog], onScreen: shown)) }
        guard fonts else { return steps + [StartupStep(.stopWithoutFonts)] }
        if firstCardSize != nil {
            steps.append(StartupStep(.checkFirstCard, onScreen: shown))
            if !facts.firstCardDone, !facts.cacheHit {
                steps.append(StartupStep(.warmUpFonts, on: .fonts, opens: [.fontWarmUp], onScreen: shown))
            }
        }
        steps += [StartupStep(.requireDisplay, onScreen: shown), StartupStep(.makeApp, opens: [.app], onScreen: shown),
                  StartupStep(.handOverSignals, onScreen: shown), StartupStep(.takeSplash, opens: [.splash], onScreen: shown),
                  StartupStep(.runLoop, onScreen: .window)]
        return steps
    }

    /// The first card's size as composed in `window` with the software renderer, at one pixel per point, when the
    /// window's size in pixels is known before it exists (full screen: the `screen`'s size); nil otherwise.
    public static func firstCardSize(window: StartupWindow, screen: PixelSize?) -> PixelSize? {
        let display = window.config.display
        // A video wall's screen composes the wall's card, not one of the window's size: no card ahead, no splash.
        guard let pixels = window.pixels(screen: screen), display.renderer.usesSoftware, !window.config.cards.isEmpty,
              window.config.sync?.tile == nil else { return nil }
        let card = KioskRuntime.stage(pixels: pixels, pointScale: 1, display: display).cardRect
        return PixelSize(width: card.width, height: card.height)
    }

    /// Where a splash shows the first card before SDL's window is up, when SDL's window is sure to show it there the
    /// same: composed ahead (``firstCardSize(window:screen:)``), upright, on the first display, where a splash is
    /// allowed (``StartupFacts/splashAllowed``; the splash itself checks for a window manager).
    public static func splash(window: StartupWindow, screen: PixelSize?, allowed: Bool) -> SplashLayout? {
        let display = window.config.display
        guard allowed, display.rotation == .none, display.displayIndex == 0, firstCardSize(window: window, screen: screen) != nil,
              let pixels = window.pixels(screen: screen) else { return nil }
        let stage = KioskRuntime.stage(pixels: pixels, pointScale: 1, display: display)
        return SplashLayout(windowSize: pixels, cardRect: stage.cardRect, background: display.background)
    }
}

/// Where a splash shows the first card: a window of SDL's window's size, the card at its place in it, the
/// background around.
public struct SplashLayout: Sendable, Equatable {
    /// SDL's window, in pixels.
    public var windowSize: PixelSize
    /// The card's place in it.
    public var cardRect: PixelRect
    /// What the window shows around the card.
    public var background: Color

    public init(windowSize: PixelSize, cardRect: PixelRect, background: Color) {
        self.windowSize = windowSize
        self.cardRect = cardRect
        self.background = background
    }
}
