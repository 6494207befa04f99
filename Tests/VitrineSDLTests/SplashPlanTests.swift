import Testing
import VitrineCore
import VitrineSDL

extension SDLTests {
    /// When `run` shows the first card before SDL's window is up (``KioskApp/splashPlan(options:environment:)``),
    /// and where: only where SDL's window is sure to show it the same.
    @Suite struct SplashPlans {
        static let x11 = ["DISPLAY": ":5"]

        func plan(_ configure: (inout KioskApp.Options) -> Void = { _ in }, screen: PixelSize? = nil,
                  environment: [String: String] = x11) -> Splash.Plan? {
            var options = KioskApp.Options(config: KioskConfig(cards: [CardConfig(title: "A", image: "/nowhere/a.jpg")], file: "deck.json"),
                                           windowSize: PixelSize(width: 1200, height: 900), fullscreen: false)
            options.config.display.background = Color(red: 10, green: 20, blue: 30)
            configure(&options)
            return KioskApp.splashPlan(options: options, screen: screen) { environment[$0] }
        }

        @Test func aWindowOnX11GetsTheCardWhereTheStagePutsIt() throws {
            let made = try #require(plan())
            // 1200x900 is taller than 3:2: the card is 1200x800, centred, with the background above and below.
            #expect(made.windowSize == PixelSize(width: 1200, height: 900))
            #expect(made.cardRect == PixelRect(x: 0, y: 50, width: 1200, height: 800))
            #expect(made.background == Color(red: 10, green: 20, blue: 30))
            #expect(plan(environment: ["DISPLAY": ":5", "SDL_VIDEODRIVER": "x11", "WAYLAND_DISPLAY": "wayland-0"]) == made)
        }

        @Test func fullScreenTheCardIsWhereTheStagePutsItOnTheScreen() throws {
            let screen = PixelSize(width: 1920, height: 1080)
            let made = try #require(plan({ $0.fullscreen = true }, screen: screen))
            // 1920x1080 is wider than 3:2: the card is 1620x1080, centred, with the background left and right.
            #expect(made.windowSize == screen && made.cardRect == PixelRect(x: 150, y: 0, width: 1620, height: 1080))
            #expect(plan({ $0.config.display.mode = .kiosk }, screen: screen) == made)
            #expect(plan(screen: screen) == plan(), "a window keeps its own size")
        }

        @Test func noSplashWhereSDLsWindowCouldShowOtherwise() {
            #expect(plan { $0.fullscreen = true } == nil, "full screen: the size comes with the window, unless the screen's is known")
            #expect(plan { $0.config.display.mode = .kiosk } == nil)
            #expect(plan { $0.config.display.rotation = .clockwise90 } == nil, "rotated")
            #expect(plan { $0.config.display.displayIndex = 1 } == nil, "another display")
            #expect(plan { $0.config.display.renderer = .accelerated } == nil, "a hardware renderer")
            #expect(plan { $0.config.cards = [] } == nil, "no card")
            #expect(plan(environment: [:]) == nil, "no X display")
            #expect(plan(environment: ["DISPLAY": ":5", "WAYLAND_DISPLAY": "wayland-0"]) == nil, "SDL may pick Wayland")
            #expect(plan(environment: ["DISPLAY": ":5", "SDL_VIDEODRIVER": "kmsdrm"]) == nil, "another driver")
        }
    }
}
