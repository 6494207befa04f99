/// One step of `vitrine run`'s start-up (``StartupPlan``): what it does, the thread it runs on, what it opens
/// (closed again in reverse order on the way out) and what the screen shows once it is done.
public struct StartupStep: Sendable, Equatable, CustomStringConvertible {
    /// What a step does.
    public enum Action: String, Sendable, Equatable, CaseIterable {
        /// Environment for SDL (no compose table, no D-Bus autolaunch), Xlib's error handlers, the heap's limits,
        /// and the file watcher's first-read mark.
        case prepareProcess
        /// Finds the bundled fonts (their faces open only once SDL_ttf is up).
        case findFonts
        /// Watches SIGTERM and SIGINT until the app does: a stop abandons the decodes under way.
        case watchStopSignals
        /// Connects to X for a full-screen splash; learns the screen's size when there is no window manager.
        case connectSplashScreen
        /// Starts the first card: guesses its image from the config file's first bytes and decodes it.
        case startFirstCard
        /// Opens SDL2, SDL_ttf, fontconfig and libsystemd (`dlopen`).
        case openLibraries
        /// Reads and validates the config; a bad one stops here (its exit code).
        case readConfig
        /// Tells the first-card thread which card to make, at what size, and where its splash goes; hands it the
        /// splash connection.
        case planFirstCard
        /// Starts SDL and SDL_ttf (no video yet); a failure stops here (exit 70).
        case startSDL
        /// Tells the first-card thread that SDL_ttf is up, so it may draw the card's text.
        case fontsUp
        /// Waits, at most ``StartupPlan/splashWait`` seconds, for the splash to show before SDL opens the display.
        case waitForSplash
        /// Starts SDL's video, which opens the display (a failure is reported at ``requireDisplay``).
        case startVideo
        /// Opens the `--events` log, when asked for; a failure stops here (exit 73).
        case openEventLog
        /// Stops, the bundled fonts missing (exit 70).
        case stopWithoutFonts
        /// Learns whether the first-card thread has finished, and if not, whether the card cache holds the card.
        case checkFirstCard
        /// Opens the first card's faces and renders its lines once, beside the decode.
        case warmUpFonts
        /// Stops when the display did not open (exit 69).
        case requireDisplay
        /// Makes the app: window, renderer, the first card adopted, the card preparer, the signal watcher, the
        /// control socket.
        case makeApp
        /// Passes a stop caught so far, and any later one, to the app.
        case handOverSignals
        /// Takes the splash from the first-card thread, closing it at once when SDL's window is elsewhere.
        case takeSplash
        /// Runs the loop until it stops: the first frame closes the splash and starts the file watcher.
        case runLoop
    }

    /// What the screen shows once a step is done.
    public enum OnScreen: String, Sendable, Equatable {
        /// Nothing of the kiosk's yet.
        case nothing
        /// The first card in the splash's window (once it is made), before SDL's window shows it.
        case splash
        /// SDL's window.
        case window
    }

    public var action: Action
    /// Where the step's work runs.
    public var thread: StartupThread
    /// What it opens, to be closed on the way out; a resource opened again moves to the end of the list, so it
    /// is closed before what was opened in between.
    public var opens: [StartupResource]
    /// What it ends itself (handed on), so the way out leaves it alone.
    public var closes: [StartupResource]
    /// What the screen shows once it is done.
    public var onScreen: OnScreen

    public init(_ action: Action, on thread: StartupThread = .main, opens: [StartupResource] = [], closes: [StartupResource] = [],
                onScreen: OnScreen = .nothing) {
        self.action = action
        self.thread = thread
        self.opens = opens
        self.closes = closes
        self.onScreen = onScreen
    }

    public var description: String { "\(action.rawValue) on \(thread.rawValue)" }
}

/// The threads and queues start-up runs on (the queues' labels as they are made).
public enum StartupThread: String, Sendable, Equatable {
    /// `run`'s thread, which goes on to own SDL, the window and the runtime.
    case main = "the main thread"
    /// The CLazyLink thread that `dlopen`s SDL2, SDL_ttf, fontconfig and libsystemd.
    case libraryOpener = "the library-opening thread"
    /// The start-up signal watcher's queue.
    case stopSignals = "vitrine.startup-signals"
    /// The first card's decode, composition, cache and splash.
    case firstCard = "vitrine.first-card"
    /// The font warm-up beside the decode.
    case fonts = "vitrine.fonts"
}

/// What start-up opens and closes on the way out, in reverse order of opening (``StartupSequence``).
public enum StartupResource: String, Sendable, Equatable, CaseIterable {
    /// The start-up signal watcher: stopped last, so a stop during the way out still reaches the app.
    case stopSignalWatch = "start-up signal watch"
    /// The X connection for a full-screen splash, until handed to the first-card thread.
    case splashConnection = "splash connection"
    /// The first-card thread: joined (and a splash it still holds closed). Opened again once it may use SDL_ttf,
    /// so it is joined before the fonts close and SDL quits.
    case firstCardThread = "first-card thread"
    /// SDL and SDL_ttf: quit.
    case sdl = "SDL"
    /// The fonts' open faces: closed while SDL_ttf is up.
    case fontFaces = "font faces"
    /// The `--events` log.
    case eventLog = "event log"
    /// The font warm-up: waited for.
    case fontWarmUp = "font warm-up"
    /// The app: its loop shuts it down in order (`KioskApp.shutDown`), then it goes.
    case app = "app"
    /// The splash the app took from the first-card thread: closed.
    case splash = "splash"
}
