/// What `vitrine run` knows when it plans its start-up (``StartupPlan``): the command line and the environment
/// from the start, the rest as start-up learns it (the X screen, the config, the card cache).
public struct StartupFacts: Sendable, Equatable {
    /// `--windowed WxH`: the window's size in points, when given.
    public var windowSize: PixelSize?
    /// `--fullscreen`: true when given (nil: as the config says).
    public var fullscreen: Bool?
    /// `--kiosk`: a locked-down kiosk, whatever the config's `display.mode`.
    public var kiosk = false
    /// `--display N`: the display to use, whatever the config's `display.index` (nil: as the config says).
    public var displayIndex: Int?
    /// `--events PATH`: an event log to open.
    public var eventLog = false
    /// Whether SDL is to use X11, so a splash may show the first card before SDL's window is up: `DISPLAY` is set
    /// and `SDL_VIDEODRIVER` is x11, or unset with no Wayland display (not KMS/DRM, not Wayland).
    public var splashAllowed = false
    /// Whether the bundled fonts were found (without them `run` stops once the display is open, exit 70).
    public var fontsFound = true
    /// The X screen's size, once a connection for a full-screen splash found bare X (no window manager); nil
    /// before, or when it found none. It is display 0's size only: another display's is not known before SDL opens.
    public var bareXScreen: PixelSize?
    /// The config, once read and valid; nil before.
    public var config: KioskConfig?
    /// Whether the first-card thread had finished when start-up looked (``StartupStep/Action/checkFirstCard``).
    public var firstCardDone = false
    /// Whether the card cache holds the first card, looked at then when the thread had not finished.
    public var cacheHit = false

    /// Facts from the command line and the environment, before anything is opened.
    public init(windowSize: PixelSize? = nil, fullscreen: Bool? = nil, kiosk: Bool = false, splashAllowed: Bool = false,
                fontsFound: Bool = true) {
        self.windowSize = windowSize
        self.fullscreen = fullscreen
        self.kiosk = kiosk
        self.splashAllowed = splashAllowed
        self.fontsFound = fontsFound
    }

    /// Whether the command line asks to cover the screen (`--kiosk`, `--fullscreen`), before the config is read.
    public var argumentsCoverScreen: Bool { kiosk || fullscreen == true }

    /// Whether the command line leaves the window on display 0, whose size a bare X screen gives: no `--display`,
    /// or `--display 0`.
    public var onFirstDisplay: Bool { (displayIndex ?? 0) == 0 }

    /// Whether SDL's video driver would be X11 in `environment` (a variable's value, or nil), so a splash may be
    /// shown: `DISPLAY` set, and `SDL_VIDEODRIVER` x11, or unset with no `WAYLAND_DISPLAY`.
    public static func splashAllowed(environment: (String) -> String?) -> Bool {
        func env(_ name: String) -> String { environment(name) ?? "" }
        let driver = env("SDL_VIDEODRIVER").lowercased()
        return !env("DISPLAY").isEmpty && (driver == "x11" || (driver.isEmpty && env("WAYLAND_DISPLAY").isEmpty))
    }
}

/// The window `run` opens, from the command line and the config.
public struct StartupWindow: Sendable, Equatable {
    /// The config, with `--kiosk` applied to its display mode and `--display` to its display index.
    public var config: KioskConfig
    /// The window's size in points, when windowed.
    public var size: PixelSize
    /// Whether the window is full screen (`--fullscreen`, or the config's when no `--windowed`).
    public var fullscreen: Bool

    /// Whether the window covers the screen: full screen, or a kiosk.
    public var coversScreen: Bool { fullscreen || config.display.mode == .kiosk }

    /// The window for `config` as the command line in `facts` asks.
    public init(config: KioskConfig, facts: StartupFacts) {
        var config = config
        if facts.kiosk { config.display.mode = .kiosk }
        if let index = facts.displayIndex { config.display.displayIndex = index }
        self.config = config
        size = facts.windowSize ?? config.display.window
        fullscreen = facts.fullscreen ?? (facts.windowSize == nil && config.display.fullscreen)
    }

    /// The window's size in pixels before it exists, when known: its size, or the `screen`'s when it covers it.
    public func pixels(screen: PixelSize?) -> PixelSize? { coversScreen ? screen : size }
}
