import Glibc
import VitrineCore

/// What `run` knows of the first card before SDL's window exists: its size, and whether and where a splash shows
/// it (``Splash``, ``FirstCard``).
extension KioskApp {
    /// A variable of the process's environment, or nil.
    public static func processEnvironment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// Whether a splash may be shown (``Splash``): on X11, SDL's driver by default when `DISPLAY` is set and no
    /// Wayland display is (``StartupFacts/splashAllowed(environment:)``). `environment` gives a variable's value
    /// (the process's environment by default).
    public static func mayShowSplash(environment: (String) -> String? = processEnvironment) -> Bool {
        StartupFacts.splashAllowed(environment: environment)
    }

    /// Where a splash shows the first card before SDL's window is up (``Splash``), as the start-up plan has it
    /// (``StartupPlan/splash(window:screen:allowed:)``): only where SDL's window is sure to show it the same (the
    /// splash itself checks for a window manager). Should SDL's window turn out elsewhere, `run` closes the splash
    /// as soon as it sees that.
    public static func splashPlan(options: Options, screen: PixelSize? = nil,
                                  environment: (String) -> String? = processEnvironment) -> Splash.Plan? {
        StartupPlan.splash(window: options.startupWindow, screen: screen, allowed: mayShowSplash(environment: environment))
    }

    /// The first card in a window of `window` pixels before the config says how cards fit it, as by default (the
    /// whole 3:2 card in the window, at one pixel per point): its visible size, and the size of the whole 3:2 card
    /// its picture is decoded at (a pixel more when the visible card is a pixel short of 3:2).
    public static func firstCardSizes(window: PixelSize) -> (visible: PixelSize, whole: PixelSize) {
        let card = KioskRuntime.stage(pixels: window, pointScale: 1, display: DisplayConfig()).cardRect
        let visible = PixelSize(width: card.width, height: card.height)
        return (visible, ImageRequest(path: "", size: visible).cardSize)
    }

    /// The first card as it will be composed in a window of `options.windowSize` pixels with the software renderer,
    /// when that is known before the window exists, at one pixel per point (``StartupPlan/firstCardSize(window:screen:)``).
    /// Full screen it is known only from the `screen`'s size (read from the X server before SDL opens, for a
    /// splash); without it, nil. (Should the window turn out otherwise, HiDPI or resized by the window manager, the
    /// deck composes the card itself.)
    public static func expectedFirstCard(options: Options, screen: PixelSize? = nil) -> CardComposer? {
        StartupPlan.firstCardSize(window: options.startupWindow, screen: screen).map { firstCardComposer(config: options.config, size: $0) }
    }

    /// The first card of `config` as composed at `size` pixels, at one pixel per point (`config` has a card).
    public static func firstCardComposer(config: KioskConfig, size: PixelSize) -> CardComposer {
        var composer = CardComposer(card: config.cards[0], index: 0, pageCount: config.cards.count, size: size, pointScale: 1)
        composer.exifOrientation = config.display.exifOrientation
        composer.readability = config.display.readability
        composer.look = config.look
        composer.background = config.display.background
        return composer
    }
}

extension KioskApp.Options {
    /// The options for the window of a start-up plan (``StartupPlan/window``).
    public init(_ window: StartupWindow) {
        self.init(config: window.config, windowSize: window.size, fullscreen: window.fullscreen)
    }

    /// The window these options open, for the start-up plan's rules: the config as it is, no command line.
    var startupWindow: StartupWindow {
        var facts = StartupFacts(windowSize: windowSize, fullscreen: fullscreen)
        facts.kiosk = isKiosk
        return StartupWindow(config: config, facts: facts)
    }
}
