/// The kiosk runtime on a clock moved by hand, as swift-nio's `EmbeddedEventLoop` runs a real loop's work:
/// `vitrine replay` and the tests drive the kiosk through it.
///
/// Moving time to `t` wakes the runtime at every moment it asked for on the way (fixed steps while something
/// moves, frame times, timers), in order, and does at each what the window's loop does: advance, draw the frame if
/// one is wanted, carry out the effects. Effects that need the outside world go to the closures it was given.
public struct EmbeddedKiosk {
    /// The runtime.
    public private(set) var runtime: KioskRuntime
    /// The current time.
    public private(set) var now: Double
    /// Every frame drawn, with its time: the loop's draw-only-on-change rule made visible.
    public private(set) var frames: [(t: Double, frame: KioskFrame)] = []
    /// Every line of the event log so far.
    public private(set) var events: [TimedKioskEvent] = []
    /// Every line reported to the operator so far.
    public private(set) var reports: [String] = []
    /// When the watchdog was fed.
    public private(set) var watchdogFeeds: [Double] = []
    /// The files the runtime watches.
    public private(set) var watched: Set<PathKey> = []
    /// The replies to control commands, in order, with their client.
    public private(set) var replies: [(client: Int, reply: ControlReply)] = []
    /// When the idle chores ran, and what they were to do.
    public private(set) var idleChores: [(t: Double, work: IdleChores.Work)] = []
    /// The effects not handled here, in order (forgetting images, statistics, the first frame), for the tests.
    public private(set) var otherEffects: [KioskEffect] = []

    /// Reads a config file (in the system target for real files; a table in tests).
    public typealias ConfigLoader = (String) -> Result<LoadedConfig, ConfigError>
    private let loadConfig: ConfigLoader
    /// Receives each batch of event-log lines as they happen (the replay's `--events` file).
    private let onEvents: ([TimedKioskEvent]) -> Void
    /// What the wall clock shows at a runtime time, read at every wake as a window reads its system clock.
    public typealias WallClock = (Double) -> LocalTime
    private let wallClock: WallClock?

    /// A kiosk showing `config` in a drawable of `pixels`, at time `start`, when the wall clock shows `localStart`
    /// (nil: no wall clock); `loadConfig` answers reloads.
    ///
    /// With `wallClock`, the wall clock is read from it at every wake instead (`localStart` is then ignored): a
    /// replay in a time zone with daylight-saving changes follows them as a window does.
    public init(config: KioskConfig, pixels: PixelSize, heartbeatPeriod: Double? = nil, start: Double = 0,
                localStart: LocalTime? = nil, wallClock: WallClock? = nil, localeNames: LocaleNames = .english,
                commandLineDisplay: Int? = nil, loadConfig: @escaping ConfigLoader,
                onEvents: @escaping ([TimedKioskEvent]) -> Void = { _ in }) {
        var settings = KioskRuntime.Settings(heartbeatPeriod: heartbeatPeriod, manualTime: true, localeNames: localeNames)
        settings.commandLineDisplay = commandLineDisplay
        runtime = KioskRuntime(config: config, pixels: pixels, settings: settings,
                               start: start, localTime: wallClock.map { $0(start) } ?? localStart)
        self.wallClock = wallClock
        now = start
        self.loadConfig = loadConfig
        self.onEvents = onEvents
    }

    /// Has the runtime measure the detail panel's text with `measurer` (the fonts frames are drawn with).
    public mutating func measureText(with measurer: any TextMeasuring & Sendable) {
        runtime.textMeasurer = measurer
    }

    /// Moves time to `t`, waking the runtime at every moment it asks for on the way; then draws at `t` if wanted.
    public mutating func advance(to t: Double) {
        while let wake = runtime.nextWake, wake <= t, runtime.exit == nil {
            tick(at: max(wake, now))
        }
        tick(at: max(t, now))
    }

    /// Gives the runtime `input` at time `t` (time moves there first).
    public mutating func send(_ input: RuntimeInput, at t: Double) {
        advance(to: t)
        perform(runtime.handle(input, at: now))
        drawIfWanted()
    }

    /// Moves time on until nothing moves, at most `limit` seconds.
    public mutating func settle(within limit: Double) {
        let end = now + limit
        while runtime.wantsFrames, runtime.exit == nil, let wake = runtime.nextWake, wake <= end {
            tick(at: max(wake, now))
        }
    }

    /// How many times the loop woke on its own (at a moment the runtime asked for, or the end of an advance).
    public private(set) var wakeCount = 0

    /// One wake of the loop at `t`: advance, carry out, draw.
    private mutating func tick(at t: Double) {
        now = t
        wakeCount += 1
        perform(runtime.advance(to: t, wallClock: wallClock?(t)))
        drawIfWanted()
    }

    /// Draws the frame the runtime wants, as the window's loop would (here drawing is recording it).
    private mutating func drawIfWanted() {
        guard runtime.exit == nil, let frame = runtime.frame(at: now) else { return }
        frames.append((now, frame))
        perform(runtime.framePresented(at: now))
    }

    /// Carries out `effects`; a config read is answered at once.
    private mutating func perform(_ effects: [KioskEffect]) {
        for effect in effects {
            switch effect {
            case .log(let lines):
                events += lines
                onEvents(lines)
            case .report(let line):
                reports.append(line)
            case .loadConfig(let changed):
                let result = loadConfig(runtime.config.file)
                perform(runtime.handle(.configLoaded(result, changedImages: changed), at: now))
            case .watch(let paths):
                watched = paths
            case .feedWatchdog:
                watchdogFeeds.append(now)
            case .reply(let client, let reply):
                replies.append((client, reply))
            case .idleChores(let work):
                // Nothing to give back here: the chores are done at once, and the heap never gives back.
                idleChores.append((now, work))
                perform(runtime.handle(.idleChoresDone(heapGaveBack: false), at: now))
            case .firstFrameShown:
                otherEffects.append(effect)
                // Nothing is composed here: the cards are ready as soon as they are drawn.
                perform(runtime.handle(.keptCardsReady, at: now))
            case .screenshot(_, let client):
                // A replay writes its frames with `screenshot` lines; here there is no screen to read back.
                replies.append((client, .failure("screenshot needs a window; in a replay, use a screenshot line")))
            default:
                otherEffects.append(effect)
            }
        }
    }
}
