import CSDL2
import VitrineCore

/// The window the kiosk runs in, its renderer and its event loop.
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

    private let options: Options
    private let window: Window
    private let deck: DeckRenderer
    private var page = 0
    private var running = true

    /// Opens the window and its renderer; needs an initialised ``SDLLibrary`` with video.
    public init(options: Options, fonts: FontLibrary, report: @escaping (String) -> Void) throws(SDLError) {
        self.options = options
        window = try Window(title: "Vitrine", size: options.windowSize, fullscreen: options.fullscreen)
        let renderer = try Renderer(window: window, software: true)
        deck = DeckRenderer(renderer: renderer, fonts: fonts, cards: options.config.cards,
                            background: options.config.display.background, stage: StageLayout(windowPixels: renderer.outputSize, fit: options.config.display.fit),
                            report: report)
        relayout()
    }

    /// Shows the deck until the window is closed or Escape is pressed; blocks on events while nothing changes.
    public func run() {
        draw()
        var event = SDL_Event()
        while running {
            guard SDL_WaitEvent(&event) == 1 else { continue }
            var dirty = handle(event)
            while SDL_PollEvent(&event) == 1 { dirty = handle(event) || dirty }
            if dirty && running { draw() }
        }
    }

    /// Handles one event; returns whether the screen must be drawn again.
    private func handle(_ sdlEvent: SDL_Event) -> Bool {
        guard let input = InputEvent(sdlEvent, windowPoints: window.sizeInPoints) else { return false }
        let count = options.config.cards.count
        switch input {
        case .quit, .key(.escape):
            running = false
            return false
        case .key(.right), .key(.pageDown):
            guard count > 0 else { return false }
            page = (page + 1) % count
        case .key(.left), .key(.pageUp):
            guard count > 0 else { return false }
            page = (page + count - 1) % count
        case .resized:
            relayout()
        case .targetsReset:
            deck.invalidate()
        case .redraw:
            break
        default:
            return false
        }
        return true
    }

    private func relayout() {
        let pixels = deck.renderer.outputSize
        let points = window.sizeInPoints
        let scale = points.width > 0 ? Double(pixels.width) / Double(points.width) : 1
        deck.setStage(StageLayout(windowPixels: pixels, pointScale: scale, fit: options.config.display.fit))
    }

    private func draw() {
        let snapshot = PagerSnapshot(pageCount: options.config.cards.count, currentPage: page, position: Double(page), wraps: options.config.wrap)
        for error in deck.drawFrame(snapshot) { deck.report("\(error)") }
        deck.renderer.present()
    }
}
