/// The running kiosk without a screen, threads or I/O: every rule of the loop, driven alike by the SDL edge,
/// `vitrine replay` and the tests.
///
/// It owns the kiosk's state: the config, the session (pager, stage, rotation), attract mode, lockdown, the
/// reload state, the fixed-timestep clock, and what is on screen. A driver gives it inputs at a time
/// (``handle(_:at:)``), moves its time (``advance(to:)``), draws the frames it asks for (``frame(at:)``), and
/// carries out the ``KioskEffect``s it returns. Between calls the driver may sleep until ``nextDeadline``, or, while
/// ``wantsFrames``, until the next frame is due. Time is in seconds from any fixed origin: the monotonic clock in a
/// real window, the script's time in a replay. Like swift-nio's `EmbeddedEventLoop`, the same work runs on a clock
/// moved by hand.
public struct KioskRuntime: Sendable {
    /// How the driver runs the runtime.
    public struct Settings: Sendable, Equatable {
        /// How often to feed systemd's watchdog, in seconds; nil when there is none.
        public var heartbeatPeriod: Double?
        /// Whether time is moved by hand (replay, tests): it never stalls, so the clock does not clamp long frames
        /// and every simulated step falls where the script's time says.
        public var manualTime: Bool
        /// The day and month names the overlay spells (read from the system's locale by the driver).
        public var localeNames = LocaleNames.english
        /// The touch screen's calibration from udev, used while the config has no `display.touchMatrix`.
        public var udevTouchMatrix: TouchMatrix? = nil
        /// The display `run --display` named: a reloaded config's `display.index` neither moves nor is reported
        /// against it.
        public var commandLineDisplay: Int? = nil

        /// Settings for a real window (`manualTime` false) or a manual clock.
        public init(heartbeatPeriod: Double? = nil, manualTime: Bool = false, localeNames: LocaleNames = .english) {
            self.heartbeatPeriod = heartbeatPeriod
            self.manualTime = manualTime
            self.localeNames = localeNames
        }
    }

    /// The frame interval when the renderer cannot wait for vsync (see ``RuntimeTuning/frameInterval``).
    public static let frameInterval = RuntimeTuning.frameInterval
    /// How many times per autoplay interval the progress bar moves (see ``RuntimeTuning/progressBarSteps``).
    public static let progressBarSteps = RuntimeTuning.progressBarSteps

    /// The settings.
    public let settings: Settings
    /// The last good config: the deck on screen.
    public internal(set) var config: KioskConfig
    /// The pager, the page geometry and the input routing.
    public internal(set) var session: KioskSession
    /// Why the kiosk stopped, once it has.
    public internal(set) var exit: KioskExit?

    var autoplay: Autoplay?
    /// When an idle kiosk gives memory back, and whether the driver is at it (see `KioskRuntime+IdleChores.swift`).
    var chores: IdleChores
    var choresOut = false
    /// The card whose attract interval runs (see `KioskRuntime+Attract.swift`).
    var attract = AttractState()
    /// The card that landed last and when: video cards' clocks (`KioskRuntime+Video.swift`).
    var landing = LandingState()
    /// The landed card's Ken Burns clock, paused while the pager moves (`KioskRuntime+KenBurns.swift`).
    var kenBurnsClock = KenBurnsClock()
    /// The landed card's clock less the time held, and the hold without attract mode (`KioskRuntime+CardClock.swift`).
    var cardClock = CardClockState()
    let lockdown: Lockdown
    var clock: FixedTimestepClock
    /// The window's drawable in physical pixels, and pixels per point.
    var physicalPixels: PixelSize
    var pointScale: Double
    /// Which frames are handed out and presented, and when the next is due (see `FramePacing.swift`).
    var pacing = FramePacing()
    var deckGeneration = 0
    /// When to feed systemd's watchdog (see `WatchdogState.swift`).
    var watchdog: WatchdogState
    /// The latest time the runtime was given.
    var now: Double
    /// Local wall time minus runtime time, once the driver has said what the wall clock shows.
    var localOffset: Double?
    /// Which cards the pager pages through and when to look at the clock again (see `KioskRuntime+Schedule.swift`).
    var schedule = ScheduleState()
    /// The sleeping screen (see `KioskRuntime+Sleep.swift`).
    var sleep = SleepState()
    /// Reloading: the read that is out and what follows it, the wait for a new deck's pictures, what was last
    /// reported, and who waits for the outcome (see `KioskRuntime+Reload.swift`).
    var reload = ReloadState()
    /// The open detail panel, if any (see `KioskRuntime+Detail.swift`).
    var detail: DetailPanel?
    /// Whether the kiosk speaks its cards (see `KioskRuntime+Speech.swift`).
    var speech = SpeechState()
    /// The synchronized group's timing (see `KioskRuntime+Sync.swift`).
    var group = GroupState()
    /// Measures the detail panel's text as the driver will draw it (its fonts); nil: an estimate (tests).
    public var textMeasurer: (any TextMeasuring & Sendable)?
    /// When the kiosk started and when a frame was last presented, for `status`.
    let startTime: Double
    /// Presented frames that took longer than ``frameInterval`` to build, draw and present.
    public var framesOverBudget: Int { pacing.overBudget }

    /// A kiosk showing `config` in a drawable of `pixels` (physical) at `pointScale`, starting at time `start`,
    /// when the wall clock shows `localTime` (nil: not known yet).
    public init(config: KioskConfig, pixels: PixelSize, pointScale: Double = 1, settings: Settings = Settings(), start: Double,
                localTime: LocalTime? = nil) {
        self.settings = settings
        self.config = config
        physicalPixels = pixels
        self.pointScale = pointScale
        let display = config.display
        lockdown = Lockdown(mode: display.mode, exitChord: display.exitChord)
        session = KioskSession(pageCount: config.cards.count, wraps: config.wrap,
                               stage: KioskRuntime.stage(pixels: pixels, pointScale: pointScale, display: display, tile: config.sync?.tile,
                                                         direction: config.deckDirection),
                               rotation: display.rotation)
        session.pager.transition = config.transition
        session.pager.motion = config.motion
        session.pager.transitionDuration = config.style.transition
        session.dotsShown = config.style.dots
        session.pauseButtonShown = config.autoplay != nil && config.cards.count > 1  // And a moving card: followPauseButton.
        session.longPressShown = config.accessibility.speech != nil
        speech.on = config.accessibility.speech?.startsOn ?? false
        clock = FixedTimestepClock(maxFrameTime: settings.manualTime ? .infinity : PagingTuning.maxFrameTime)
        _ = clock.advance(to: start)
        now = start
        startTime = start
        localOffset = localTime.map { $0.seconds - start }
        autoplay = config.autoplay.map { Autoplay(config: $0, start: start) }
        watchdog = WatchdogState(period: settings.heartbeatPeriod, start: start)
        chores = IdleChores(startedAt: start)
        startSchedule()
        attract.card = headingCard
    }

    /// The page geometry for a drawable of `pixels` (physical) at `pointScale`, upright for the panel's rotation;
    /// laid out over the whole wall for a video wall's `tile` (WallLayout.swift), for a deck that reads in
    /// `direction` (``KioskConfig/deckDirection``).
    public static func stage(pixels: PixelSize, pointScale: Double, display: DisplayConfig, tile: SyncConfig.Tile? = nil,
                             direction: TextDirection = .leftToRight) -> StageLayout {
        var stage = StageLayout(screenPixels: display.rotation.logicalSize(ofPhysical: pixels), pointScale: pointScale, fit: display.fit, tile: tile)
        stage.readability = display.readability
        stage.direction = direction
        return stage
    }

    /// Whether something moves, a finger is down, or a frame is owed: the driver should draw at the frame rate
    /// rather than sleep until ``nextDeadline``.
    public var wantsFrames: Bool {
        !session.isIdle || pacing.wants(currentFrame(alpha: 1))
    }

    /// Whether attract mode is paused by recent input or the hold; without attract mode, whether the hold holds
    /// the card's motion.
    public var isAutoplayPaused: Bool { autoplay?.isPaused(at: now) ?? cardClock.motionHeld }

    /// Gives the runtime one input at time `now`; returns what to do.
    ///
    /// Time first moves to `now` (fixed steps and timers due by then run first), so the input lands after them.
    /// Every card that lands on the way is spoken when speech is on (``voiced(_:)``).
    public mutating func handle(_ input: RuntimeInput, at now: Double) -> [KioskEffect] {
        let effects = advance(to: now)
        guard exit == nil else { return effects }
        let responded = respond(to: input)  // First: voicing reads the state it leaves.
        return effects + voiced(responded)
    }

    /// What `input` does, once time has moved to its moment.
    private mutating func respond(to input: RuntimeInput) -> [KioskEffect] {
        var effects: [KioskEffect] = []
        noteForIdleChores(input)
        if sleepConsumes(input, effects: &effects) { return effects }
        switch input {
        case .paging(let kioskInput):
            effects += page(kioskInput)
        case .keyPress(let name, let modifiers):
            if detail != nil, name.lowercased() == "escape" {
                autoplay?.noteInput(at: now)
                effects += closeDetail(.escape)
            } else if lockdown.quits(key: name, modifiers: modifiers) {
                effects += quit(.userQuit)
            } else if let key = KioskKeymap.navigation(forKey: name) {
                effects += page(.key(key))
            } else if KioskRuntime.isPauseKey(name) {
                effects += togglePauseByVisitor()
            } else if KioskRuntime.isSpeechKey(name), modifiers.isEmpty {
                effects += setSpeech(nil, reason: "key")
            }
        case .closeRequest:
            if lockdown.closeRequestQuits { effects += quit(.userQuit) }
        case .resized(let pixels, let scale):
            physicalPixels = pixels
            pointScale = scale
            session.setStage(KioskRuntime.stage(pixels: pixels, pointScale: scale, display: config.display, tile: config.sync?.tile,
                                                direction: session.stage.direction))
            pacing.needsFrame = true
        case .exposed, .cardReady, .videoFrame:
            pacing.needsFrame = true
        case .targetsReset:
            pacing.needsFrame = true
            effects.append(.forgetAllCards)
        case .filesChanged(let paths):
            effects += requestReload(.files(paths))
        case .reloadRequested:
            effects += requestReload(.everything)
        case .configLoaded(let result, let changed):
            effects += applyReload(result, changedImages: changed)
        case .signal(let number):
            effects += signal(number)
        case .displayLost(let message):
            effects += quit(.displayLost(message))
        case .control(let command, let client):
            effects += control(command, client: client)
        case .wallClock(let local):
            effects += setWallClock(local)
        case .group(let input):
            effects += groupInput(input)
        case .keptCardsReady, .idleChoresDone:
            break  // Taken by noteForIdleChores.
        }
        effects += updateSleep()
        effects += keepDetailInStep()
        followCardOnScreen()
        return effects
    }

    /// Gives the pager a paging input at the current simulated time; a person's input also pauses attract mode.
    mutating func page(_ input: KioskInput) -> [KioskEffect] {
        let input = calibrated(input)  // A finger, where the panel says it is (display.touchMatrix).
        // A press on the pause button is the visitor's control, as Space is: it does not count as paging input.
        let person = KioskSession.isUserInput(input) && !session.isPauseButtonPress(input)
        let groupBefore = groupBeforePaging(input)  // A group member's input goes to the group (KioskRuntime+Sync).
        if person {
            autoplay?.noteInput(at: now)
            detailBeforePaging(input)
        }
        let events = session.handle(input, at: clock.simulatedTime(at: now))
        var effects = log(events, t: now) + (person ? detailAfterPaging(input, events: events) : [])
        for _ in 0..<session.takePauseTaps() { effects += togglePauseByVisitor() }
        for _ in 0..<session.takeLongPresses() { effects += setSpeech(nil, reason: "press") }
        return groupBefore.map { groupAfterPaging($0, effects: effects) } ?? effects
    }

    /// Stops the kiosk for `reason` (the first reason stands).
    mutating func quit(_ reason: KioskExit) -> [KioskEffect] {
        guard exit == nil else { return [] }
        exit = reason
        return [.quit(reason)]
    }

    /// The log effect for the pager's `events` at `t`, or none when nothing in them is logged.
    func log(_ events: [PagerEvent], t: Double) -> [KioskEffect] {
        let lines = events.compactMap { event -> TimedKioskEvent? in
            if case .tap = event { return nil }
            return TimedKioskEvent(t: t, .pager(schedule.deckIndexed(event)))
        }
        return lines.isEmpty ? [] : [.log(lines)]
    }
}
