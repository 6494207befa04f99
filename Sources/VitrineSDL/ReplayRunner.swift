import VitrineCore
import VitrineSystem

/// Plays a replay script headless: `vitrine replay`. The kiosk is the same ``KioskRuntime`` a window runs, on a
/// manual clock (``EmbeddedKiosk``); this type only draws its screenshots.
///
/// The same script, config and size give the same events and the same screenshot bytes on every run.
public final class ReplayRunner {
    /// How long, in simulated seconds after the script's last line, the deck may take to come to rest.
    public static let settleLimit = EmbeddedKiosk.settleLimit

    private let headless: HeadlessRenderer
    private let windowSize: PixelSize
    private var kiosk: EmbeddedKiosk

    /// A runner for `config`'s deck in a `size` window (1 pixel to the point), whose manual clock begins when the
    /// wall clock shows `localStart` (nil: no wall clock, schedules not applied). With `wallClock` (what the wall
    /// clock shows at each simulated time, in the replay's zone), the wall clock is read from it at every wake.
    public init(config: KioskConfig, size: PixelSize, fonts: FontLibrary, events: EventLog?, localStart: LocalTime? = nil,
                wallClock: EmbeddedKiosk.WallClock? = nil, report: @escaping (String) -> Void) throws(SDLError) {
        headless = try HeadlessRenderer(config: config, size: size, fonts: fonts, report: report)
        windowSize = size
        kiosk = EmbeddedKiosk(config: config, pixels: size, localStart: localStart, wallClock: wallClock,
                              localeNames: .system, loadConfig: ReplayRunner.loadConfig,
                              onEvents: { [events] in events?.write($0) })
        kiosk.measureText(with: fonts)
    }

    /// The simulated time reached.
    public var time: Double { kiosk.now }

    /// The session, for inspection after a run.
    public var state: KioskSession { kiosk.runtime.session }

    /// The kiosk, for inspection after a run.
    public var embedded: EmbeddedKiosk { kiosk }

    /// Runs `script` to its end and until the deck comes to rest; `screenshot` receives each frame to write.
    public func run(_ script: ReplayScript, screenshot: (Surface, String, ReplayStep) throws(SDLError) -> Void) throws(SDLError) {
        let headless = headless
        try kiosk.play(script, windowPoints: windowSize, load: ReplayRunner.loadConfig) { (frame, config, path, step) throws(SDLError) in
            headless.showMoment(step.landed, of: frame.pageCards(of: config.cards))
            for error in headless.deck.draw(frame, cards: config.cards) { headless.deck.report("\(error)") }
            headless.deck.renderer.present()
            try screenshot(headless.surface, path, step)
        }
        for line in kiosk.reports { headless.deck.report(line) }
    }

    /// Reads a config file for a reload (a script's `reload` line, a `reload` command): exactly as a window does
    /// (``LoadedConfig/read(_:)``), the pictures not there yet included.
    public static func loadConfig(_ path: String) -> Result<LoadedConfig, ConfigError> { LoadedConfig.read(path) }
}
