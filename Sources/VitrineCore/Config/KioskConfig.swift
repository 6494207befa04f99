/// A validated kiosk configuration: the cards to show and how to show them.
public struct KioskConfig: Sendable, Equatable {
    /// The cards, in the order they are shown; may be empty.
    public var cards: [CardConfig]
    /// The window and how images fill cards.
    public var display: DisplayConfig
    /// Whether swiping past the last card comes back to the first (and the other way round).
    public var wrap: Bool
    /// Attract mode; nil (the default) leaves it off.
    public var autoplay: AutoplayConfig? = nil
    /// How programmatic moves show (`transition`): slide (the default), fade or none; a drag always slides.
    public var transition: PageTransition = .slide
    /// Where to make the remote-control socket (`control.socket`, resolved against the config's folder); nil for none.
    public var controlSocket: String? = nil
    /// For a folder deck, the folder its cards come from (the loader lists it into ``cards``); nil otherwise.
    public var folder: FolderSource? = nil
    /// The path the config came from, as it was given; relative image paths were resolved against its folder.
    public var file: String

    /// Creates a config; everything but the cards and the file has a default.
    public init(cards: [CardConfig], display: DisplayConfig = DisplayConfig(), wrap: Bool = true, file: String) {
        self.cards = cards
        self.display = display
        self.wrap = wrap
        self.file = file
    }
}

/// One feature card: a picture with a title and an optional subtitle.
public struct CardConfig: Sendable, Equatable {
    /// An optional identifier, for tests and deep links.
    public var id: String?
    /// The headline; never empty.
    public var title: String
    /// The line under the title; empty when there is none.
    public var subtitle: String
    /// The image file: absolute, or relative to the working directory, already resolved against the config's folder.
    public var image: String
    /// When the card shows and for how long (`duration`, `from`, `until`, `hours`); empty: always, for the interval.
    public var schedule = CardSchedule()

    /// Creates a card.
    public init(id: String? = nil, title: String, subtitle: String = "", image: String) {
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.image = image
    }

    /// Cards are equal when their texts are equal as text and their images are the same file: the same path bytes
    /// (``PathKey``), since canonically equivalent names are different files.
    public static func == (a: CardConfig, b: CardConfig) -> Bool {
        a.id == b.id && a.title == b.title && a.subtitle == b.subtitle && PathKey.same(a.image, b.image)
            && a.schedule == b.schedule
    }
}

/// How the kiosk window looks.
public struct DisplayConfig: Sendable, Equatable {
    /// The default window size, 1200x800 (3:2, like the cards).
    public static let defaultWindow = PixelSize(width: 1200, height: 800)
    /// The widths and heights a window may have, in pixels.
    public static let windowDimensionRange = 1...Limits.windowSide

    /// The window size in pixels when not fullscreen.
    public var window: PixelSize
    /// How an image fills its card.
    public var fit: FitMode
    /// The colour behind the cards (opaque).
    public var background: Color
    /// Whether the window covers the whole screen.
    public var fullscreen: Bool
    /// Windowed, or a locked-down kiosk.
    public var mode: DisplayMode = .windowed
    /// The screen to use, counted from 0, when there is more than one.
    public var displayIndex: Int = 0
    /// The only key press that quits kiosk mode; nil for none (then only signals stop it).
    public var exitChord: KeyChord? = nil
    /// How the panel is mounted.
    public var rotation: Rotation = .none
    /// Which SDL renderer draws the window.
    public var renderer: RendererChoice = .auto
    /// Whether a photo's Exif orientation turns it upright (phones store portraits sideways and say so there).
    public var exifOrientation = true
    /// The hours the screen is awake (`display.awake`); outside them it sleeps. nil (the default): never sleeps.
    public var awake: WeeklyHours? = nil
    /// Seconds a sleeping screen stays awake after the last touch, key or `wake` command (`display.wakeFor`).
    public var wakeFor: Double = DisplayConfig.defaultWakeFor

    /// Creates a display config; every field has a default.
    public init(window: PixelSize = DisplayConfig.defaultWindow, fit: FitMode = .contain,
                background: Color = .black, fullscreen: Bool = false) {
        self.window = window
        self.fit = fit
        self.background = background
        self.fullscreen = fullscreen
    }
}

/// How an image is scaled into a card whose aspect ratio differs from its own.
public enum FitMode: String, Sendable, Equatable, CaseIterable {
    /// The whole image shows, letterboxed with the background colour.
    case contain
    /// The image fills the card, cropped at its edges.
    case cover
}

/// Which SDL renderer draws the window; screenshots and replays always use the software renderer.
public enum RendererChoice: String, Sendable, Equatable, CaseIterable {
    /// The measured best default: the software renderer (see the README's Benchmarks).
    case auto
    /// SDL's software renderer into the window surface, with no GL stack loaded.
    case software
    /// The first hardware-accelerated renderer SDL offers (OpenGL, GLES), with vsync.
    case accelerated

    /// Whether this choice draws with the software renderer.
    public var usesSoftware: Bool { self != .accelerated }
}
