import Glibc
import VitrineCore

/// What `run` knows of the first card before SDL's window exists: its size, and whether and where a splash shows
/// it (``Splash``, ``FirstCard``).
extension KioskApp {
    /// A variable of the process's environment, or nil.
    public static func processEnvironment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    /// Whether a splash may be shown (``Splash``): on X11, SDL's driver by default when `DISPLAY` is set and no
    /// Wayland display is. `environment` gives a variable's value (the process's environment by default).
    public static func mayShowSplash(environment: (String) -> String? = processEnvironment) -> Bool {
        func env(_ name: String) -> String { environment(name) ?? "" }
        let driver = env("SDL_VIDEODRIVER").lowercased()
        return !env("DISPLAY").isEmpty && (driver == "x11" || (driver.isEmpty && env("WAYLAND_DISPLAY").isEmpty))
    }

    /// Where a splash shows the first card before SDL's window is up (``Splash``), when the kiosk is sure to show it
    /// there the same: a window of a known size (``expectedFirstCard(options:screen:)``; full screen, the `screen`'s
    /// size), upright, on the first display, where a splash may be shown (``mayShowSplash(environment:)``; the splash
    /// itself checks for a window manager). Should SDL's window turn out elsewhere, `run` closes the splash as soon
    /// as it sees that.
    public static func splashPlan(options: Options, screen: PixelSize? = nil,
                                  environment: (String) -> String? = processEnvironment) -> Splash.Plan? {
        let display = options.config.display
        guard mayShowSplash(environment: environment), display.rotation == .none, display.displayIndex == 0,
              expectedFirstCard(options: options, screen: screen) != nil, let window = firstCardWindow(options: options, screen: screen)
        else { return nil }
        let stage = KioskRuntime.stage(pixels: window, pointScale: 1, display: display)
        return Splash.Plan(windowSize: window, cardRect: stage.cardRect, background: display.background)
    }

    /// The window's size in pixels, when it is known before the window exists: as `options` say, or the `screen`'s
    /// when it covers the screen.
    private static func firstCardWindow(options: Options, screen: PixelSize?) -> PixelSize? {
        options.coversScreen ? screen : options.windowSize
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
    /// when that is known before the window exists, at one pixel per point. Full screen it is known only from the
    /// `screen`'s size (read from the X server before SDL opens, for a splash); without it, nil. (Should the window
    /// turn out otherwise, HiDPI or resized by the window manager, the deck composes the card itself.)
    public static func expectedFirstCard(options: Options, screen: PixelSize? = nil) -> CardComposer? {
        let config = options.config
        guard let window = firstCardWindow(options: options, screen: screen), config.display.renderer.usesSoftware,
              let card = config.cards.first else { return nil }
        let stage = KioskRuntime.stage(pixels: window, pointScale: 1, display: config.display)
        var composer = CardComposer(card: card, index: 0, pageCount: config.cards.count,
                                    size: PixelSize(width: stage.cardRect.width, height: stage.cardRect.height), pointScale: 1)
        composer.exifOrientation = config.display.exifOrientation
        composer.look = config.style.look
        return composer
    }
}
