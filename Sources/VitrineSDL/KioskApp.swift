import CSDL2
import Foundation
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

        /// Options for a run.
        public init(config: KioskConfig, windowSize: PixelSize, fullscreen: Bool) {
            self.config = config; self.windowSize = windowSize; self.fullscreen = fullscreen
        }
    }

    /// The frame interval when the renderer cannot wait for vsync: 60 Hz, the common panel rate.
    public static let fallbackFrameInterval = 1.0 / 60.0

    private var options: Options
    private let window: Window
    private let deck: DeckRenderer
    private let events: EventLog?
    private var session: KioskSession
    private var clock = FixedTimestepClock()
    private var running = true
    /// Set when the screen must be drawn again whatever the pager says (first frame, resize, expose).
    private var dirty = true
    private var lastDrawn: PagerSnapshot?
    private let start = DispatchTime.now().uptimeNanoseconds
    /// Reads the config again when it or its images change (see `KioskApp+Reload.swift`).
    let reloader: DeckReloader

    /// Opens the window and its renderer; needs an initialised ``SDLLibrary`` with video.
    public init(options: Options, fonts: FontLibrary, events: EventLog?, report: @escaping (String) -> Void) throws(SDLError) {
        self.options = options
        self.events = events
        window = try Window(title: "Vitrine", size: options.windowSize, fullscreen: options.fullscreen)
        let renderer = try Renderer(window: window, software: true)
        let stage = KioskApp.stage(window: window, renderer: renderer, fit: options.config.display.fit)
        deck = DeckRenderer(renderer: renderer, fonts: fonts, cards: options.config.cards,
                            background: options.config.display.background, stage: stage, report: report)
        session = KioskSession(pageCount: options.config.cards.count, wraps: options.config.wrap, stage: stage)
        reloader = DeckReloader(config: options.config, deck: deck, events: events, report: report)
        startWatchingForReload()
    }

    /// Seconds since the app started, from a monotonic clock.
    private var now: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

    /// Shows the deck until the window is closed or Escape is pressed.
    ///
    /// While a card moves it simulates at the fixed step and draws at most once per frame interval; when nothing
    /// moves it blocks in `SDL_WaitEvent`, using no CPU until the next input.
    public func run() {
        var event = SDL_Event()
        clock.resume(at: now)
        while running {
            if session.isIdle && !dirty && lastDrawn == session.snapshot() {
                guard SDL_WaitEvent(&event) == 1 else { continue }
                clock.resume(at: now)
                handle(event)
            } else {
                let frameStart = now
                draw(alpha: advance())
                let wait = KioskApp.fallbackFrameInterval - (now - frameStart)
                if wait > 0.001, SDL_WaitEventTimeout(&event, Int32(wait * 1000)) == 1 { handle(event) }
            }
            while running, SDL_PollEvent(&event) == 1 { handle(event) }
        }
    }

    /// Runs the fixed steps due by now and returns the interpolation alpha for drawing.
    private func advance() -> Double {
        let frame = clock.advance(to: now)
        for i in 0..<frame.steps {
            events?.write(session.step(to: frame.stepTime(i)), t: now)
        }
        return frame.alpha
    }

    /// Handles one SDL event.
    private func handle(_ sdlEvent: SDL_Event) {
        if handleReloadEvent(sdlEvent) { return }
        guard let input = InputEvent(sdlEvent, windowPoints: window.sizeInPoints) else { return }
        switch input {
        case .quit, .escape:
            running = false
        case .kiosk(let kioskInput):
            events?.write(session.handle(kioskInput, at: clock.simulatedTime), t: now)
        case .resized:
            let stage = KioskApp.stage(window: window, renderer: deck.renderer, fit: options.config.display.fit)
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
        let snapshot = session.snapshot(alpha: alpha)
        guard dirty || snapshot != lastDrawn else { return }
        for error in deck.drawFrame(snapshot) { deck.report("\(error)") }
        deck.renderer.present()
        lastDrawn = snapshot
        dirty = false
    }

    private static func stage(window: Window, renderer: Renderer, fit: FitMode) -> StageLayout {
        let pixels = renderer.outputSize
        let points = window.sizeInPoints
        let scale = points.width > 0 ? Double(pixels.width) / Double(points.width) : 1
        return StageLayout(windowPixels: pixels, pointScale: scale, fit: fit)
    }
}
