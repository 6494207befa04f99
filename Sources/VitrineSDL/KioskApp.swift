import CSDL2
import Glibc
import VitrineCore

/// The window the kiosk runs in, its renderer and its fixed-timestep event loop.
public final class KioskApp {
    /// What `run` was asked for.
    public struct Options: Sendable {
        /// The deck and display settings.
        public var config: KioskConfig
        /// The window size in points, when windowed.
        public var windowSize: PixelSize
        /// Whether to cover the whole screen.
        public var fullscreen: Bool

        /// Options for a run; `config.display.mode` says whether it is a locked-down kiosk.
        public init(config: KioskConfig, windowSize: PixelSize, fullscreen: Bool) {
            self.config = config; self.windowSize = windowSize; self.fullscreen = fullscreen
        }

        /// Whether this run is a locked-down kiosk.
        public var isKiosk: Bool { config.display.mode == .kiosk }
    }

    /// Why the loop stopped.
    public enum Exit: Equatable, Sendable {
        /// Escape, the close button or the exit chord.
        case userQuit
        /// SIGINT or SIGTERM.
        case signal(Int32)
    }

    /// The frame interval when the renderer cannot wait for vsync: 60 Hz, the common panel rate.
    public static let fallbackFrameInterval = 1.0 / 60.0
    /// How many times per autoplay interval the progress bar is redrawn: smooth enough for a 4 pt bar.
    public static let progressBarSteps = 60.0

    /// Called once, right after the first frame is on screen (systemd's READY=1 goes here).
    public var onFirstFrame: () -> Void = {}
    /// A periodic duty and its period in seconds (the systemd watchdog goes here); the loop wakes for it.
    public var heartbeat: (period: Double, action: () -> Void)?
    /// Called on SIGUSR1 (statistics go here).
    public var onUser1: () -> Void = {}
    /// Called after each frame is presented, with the seconds it took to build, draw and present (`--stats`).
    public var onFrameDrawn: (Double) -> Void = { _ in }

    private var options: Options
    private let window: Window
    private let deck: DeckRenderer
    private let events: EventLog?
    private let signals: SignalBridge
    private let imageReadyEvent: UInt32
    /// Handed to the deck after the first frame: the first card comes from ``FirstCard`` or is composed in line, so
    /// the first picture is a card.
    private var cardPreparer: CardPreparer?
    private let lockdown: Lockdown
    private var session: KioskSession
    private var autoplay: Autoplay?
    private var clock = FixedTimestepClock()
    private var exit: Exit?
    /// Set when the screen must be drawn again whatever the pager says (first frame, resize, expose).
    private var dirty = true
    private var lastDrawn: PagerSnapshot?
    private var lastProgressStep: Double?
    private var nextHeartbeat = 0.0
    private var firstFrameShown = false
    private let start = MonotonicClock.seconds
    /// Reads the config again when it or its images change (see `KioskApp+Reload.swift`).
    let reloader: DeckReloader

    /// Opens the window and its renderer; needs an initialised ``SDLLibrary`` with video.
    ///
    /// `firstCard`, started before the display was opened, gives the first card (see ``FirstCard``).
    public init(options: Options, fonts: FontLibrary, events: EventLog?, firstCard: FirstCard? = nil,
                report: @escaping (String) -> Void) throws(SDLError) {
        self.options = options
        self.events = events
        let display = options.config.display
        lockdown = Lockdown(mode: display.mode, exitChord: display.exitChord)
        window = try Window(title: "Vitrine", size: options.windowSize, fullscreen: options.fullscreen || options.isKiosk,
                            displayIndex: display.displayIndex)
        if options.isKiosk {
            SDL_ShowCursor(SDL_DISABLE)
            SDL_DisableScreenSaver()
        }
        let renderer = try Renderer(window: window, software: display.renderer.usesSoftware)
        StartupTimeline.mark("window and renderer made")
        let stage = KioskApp.stage(window: window, renderer: renderer, config: options.config)
        deck = DeckRenderer(renderer: renderer, fonts: fonts, cards: options.config.cards,
                            background: display.background, stage: stage, report: report)
        deck.rotation = display.rotation
        deck.exifOrientation = display.exifOrientation
        if let firstCard {
            deck.adopt(firstCard, pageCount: options.config.cards.count)
            StartupTimeline.mark("first card taken")
        }
        session = KioskSession(pageCount: options.config.cards.count, wraps: options.config.wrap, stage: stage, rotation: display.rotation)
        signals = try SignalBridge()
        // Cards are composed off this thread; a finished one wakes the loop to draw it.
        let imageReady = SDL_RegisterEvents(1)
        imageReadyEvent = imageReady
        if imageReady != UInt32.max {
            let preparer = CardPreparer(fonts: fonts)
            preparer.onReady = {
                var event = SDL_Event()
                event.type = imageReady
                SDL_PushEvent(&event)
            }
            cardPreparer = preparer
        }
        if let settings = options.config.autoplay { autoplay = Autoplay(config: settings, start: 0) }
        reloader = DeckReloader(config: options.config, deck: deck, events: events, report: report)
    }

    /// Seconds since the app started, from a monotonic clock.
    private var now: Double { MonotonicClock.seconds - start }

    /// Shows the deck until it is told to stop, and says why it stopped.
    ///
    /// While a card moves it simulates at the fixed step and draws at most once per frame interval. When nothing
    /// moves it blocks in `SDL_WaitEvent` (or, when a timer is due later, `SDL_WaitEventTimeout` until then),
    /// using no CPU until the next input or timer.
    public func run() -> Exit {
        var event = SDL_Event()
        clock.resume(at: now)
        if let heartbeat { nextHeartbeat = now + heartbeat.period }
        while exit == nil {
            if session.isIdle && !dirty && lastDrawn == session.snapshot() {
                if deck.composedSinceTrim {
                    deck.composedSinceTrim = false
                    SDLLibrary.returnFreeMemory()
                }
                let woke: Bool
                if let deadline = nextDeadline() {
                    let ms = max(0, Int32(min((deadline - now) * 1000, Double(Int32.max)).rounded(.up)))
                    woke = SDL_WaitEventTimeout(&event, ms) == 1
                } else {
                    woke = SDL_WaitEvent(&event) == 1
                }
                clock.resume(at: now)
                if woke { handle(event) }
            } else {
                let frameStart = now
                draw(alpha: advance())
                let wait = KioskApp.fallbackFrameInterval - (now - frameStart)
                if wait > 0.001, SDL_WaitEventTimeout(&event, Int32(wait * 1000)) == 1 { handle(event) }
            }
            while exit == nil, SDL_PollEvent(&event) == 1 { handle(event) }
            runTimers()
        }
        cardPreparer?.stop()
        return exit ?? .userQuit
    }

    /// The earliest timer: the next autoplay action or progress-bar step, and the heartbeat.
    private func nextDeadline() -> Double? {
        var deadlines: [Double] = []
        if heartbeat != nil { deadlines.append(nextHeartbeat) }
        if let autoplay {
            let t = now
            if let due = autoplay.nextDeadline(after: t) { deadlines.append(due) }
            if autoplay.config.progressBar, autoplay.progress(at: t) != nil {
                deadlines.append(t + autoplay.config.interval / KioskApp.progressBarSteps)
            }
        }
        return deadlines.min()
    }

    /// Runs whatever timer is due: the heartbeat, an autoplay advance, a progress-bar redraw.
    private func runTimers() {
        let t = now
        if let heartbeat, t >= nextHeartbeat {
            heartbeat.action()
            nextHeartbeat = t + heartbeat.period
        }
        guard var autoplay else { return }
        if let input = autoplay.due(at: t, currentPage: session.pager.currentPage, pageCount: session.pager.pageCount,
                                    wraps: session.pager.isWrapping, pagerIdle: session.isIdle) {
            let produced = session.handle(input, at: clock.simulatedTime)
            events?.write(produced, t: t)
        }
        if autoplay.config.progressBar {
            let step = autoplay.progress(at: t).map { ($0 * KioskApp.progressBarSteps).rounded(.down) }
            if step != lastProgressStep { dirty = true }
        }
        self.autoplay = autoplay
    }

    /// Runs the fixed steps due by now and returns the interpolation alpha for drawing.
    private func advance() -> Double {
        let frame = clock.advance(to: now)
        for i in 0..<frame.steps {
            let produced = session.step(to: frame.stepTime(i))
            events?.write(produced, t: now)
        }
        return frame.alpha
    }

    /// Handles one SDL event.
    private func handle(_ sdlEvent: SDL_Event) {
        if let signal = signals.signal(in: sdlEvent) {
            switch signal {
            case SIGHUP:
                reload()
            case SIGUSR1: onUser1()
            default: exit = .signal(signal)
            }
            return
        }
        if handleReloadEvent(sdlEvent) { return }
        if sdlEvent.type == imageReadyEvent {
            dirty = true
            return
        }
        guard let input = InputEvent(sdlEvent, windowPoints: window.sizeInPoints) else { return }
        switch input {
        case .closeRequest:
            if lockdown.closeRequestQuits { exit = .userQuit }
        case .key(let name, let modifiers):
            if lockdown.quits(key: name, modifiers: modifiers) {
                exit = .userQuit
            } else if let key = KioskKeymap.navigation(forKey: name) {
                apply(.key(key))
            }
        case .kiosk(let kioskInput):
            apply(kioskInput)
        case .resized:
            let stage = KioskApp.stage(window: window, renderer: deck.renderer, config: options.config)
            deck.setStage(stage)
            session.setStage(stage)
            dirty = true
        case .targetsReset:
            deck.invalidate()
            dirty = true
        case .redraw:
            dirty = true
        }
    }

    /// Gives the session one input; a person's input also pauses attract mode.
    private func apply(_ input: KioskInput) {
        if KioskSession.isUserInput(input) { autoplay?.noteInput(at: now) }
        let produced = session.handle(input, at: clock.simulatedTime)
        events?.write(produced, t: now)
    }

    /// Reloads the deck into the running session (only the files the watcher reported when `pendingOnly`) and
    /// draws again; the one place a reload touches the loop's state.
    func applyReload(pendingOnly: Bool) {
        let outcome = pendingOnly ? reloader.reloadPending(session: &session, at: clock.simulatedTime, t: now)
                                  : reloader.reload(session: &session, at: clock.simulatedTime, t: now)
        if case .reloaded? = outcome { options.config = reloader.config }
        dirty = true
    }

    /// Draws and presents a frame, unless it would look exactly like the last one.
    private func draw(alpha: Double) {
        let began = now
        let snapshot = session.snapshot(alpha: alpha)
        let progress = autoplay.flatMap { $0.config.progressBar ? $0.progress(at: now) : nil }
        guard dirty || snapshot != lastDrawn else { return }
        for error in deck.drawFrame(snapshot, progress: progress) { deck.report("\(error)") }
        deck.renderer.present()
        onFrameDrawn(now - began)
        lastDrawn = snapshot
        lastProgressStep = progress.map { ($0 * KioskApp.progressBarSteps).rounded(.down) }
        dirty = false
        if !firstFrameShown {
            StartupTimeline.mark("first frame presented")
            firstFrameShown = true
            deck.preparer = cardPreparer
            // Everything not needed for the first picture waits until it is up.
            startWatchingForReload()
            onFirstFrame()
            dirty = true  // Draw again at once, so the neighbours start decoding in the background.
        }
    }

    /// The first card as it will be composed in a window of `options.windowSize` pixels with the software renderer,
    /// when that is known before the window exists: a window, not the full screen, at one pixel per point. (Should
    /// the window turn out otherwise, HiDPI or resized by the window manager, the deck composes the card itself.)
    public static func expectedFirstCard(options: Options) -> CardComposer? {
        let config = options.config
        guard !options.fullscreen, !options.isKiosk, config.display.renderer.usesSoftware, let card = config.cards.first else { return nil }
        let stage = StageLayout(windowPixels: config.display.rotation.logicalSize(ofPhysical: options.windowSize), pointScale: 1,
                                fit: config.display.fit)
        var composer = CardComposer(card: card, index: 0, pageCount: config.cards.count,
                                    size: PixelSize(width: stage.cardRect.width, height: stage.cardRect.height), pointScale: 1)
        composer.exifOrientation = config.display.exifOrientation
        return composer
    }

    /// The page geometry for the window's drawable, upright for the panel's rotation.
    private static func stage(window: Window, renderer: Renderer, config: KioskConfig) -> StageLayout {
        let pixels = renderer.outputSize
        let points = window.sizeInPoints
        let scale = points.width > 0 ? Double(pixels.width) / Double(points.width) : 1
        return StageLayout(windowPixels: config.display.rotation.logicalSize(ofPhysical: pixels), pointScale: scale, fit: config.display.fit)
    }
}
