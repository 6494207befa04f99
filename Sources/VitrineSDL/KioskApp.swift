import Dispatch
import Glibc
import VitrineCore
import VitrineSystem

/// The thin SDL edge of a running kiosk: pumps SDL's events into the ``KioskRuntime``, sleeps until it next needs
/// to wake, draws the frames it asks for and carries out its effects. Every rule of the loop is the runtime's.
public final class KioskApp {
    /// What `run` was asked for.
    public struct Options: Sendable {
        /// The deck and display settings.
        public var config: KioskConfig
        /// The window size in points, when windowed.
        public var windowSize: PixelSize
        /// Whether to cover the whole screen.
        public var fullscreen: Bool
        /// Where to make the control socket (`--control`, or the config's `control.socket`); systemd's socket,
        /// when it passes one, comes first.
        public var controlPath: String?
        /// The display `--display` named, which a reload does not change; nil: the config's `display.index`.
        public var commandLineDisplay: Int?

        /// Options for a run; `config.display.mode` says whether it is a locked-down kiosk.
        public init(config: KioskConfig, windowSize: PixelSize, fullscreen: Bool) {
            self.config = config; self.windowSize = windowSize; self.fullscreen = fullscreen
        }

        /// Whether this run is a locked-down kiosk.
        public var isKiosk: Bool { config.display.mode == .kiosk }
        /// Whether the window covers the screen: full screen, or a kiosk.
        public var coversScreen: Bool { fullscreen || isKiosk }
    }

    /// The frame interval when the renderer cannot wait for vsync (see ``KioskRuntime/frameInterval``).
    public static let fallbackFrameInterval = KioskRuntime.frameInterval

    /// Called once, right after the first frame is on screen (systemd's READY=1 goes here).
    public var onFirstFrame: () -> Void = {}
    /// Called when the runtime asks to feed the systemd watchdog.
    public var onWatchdog: () -> Void = {}
    /// Called on SIGUSR1 (statistics go here).
    public var onUser1: () -> Void = {}
    /// Called after each frame is presented, with the seconds it took to build, draw and present (`--stats`).
    public var onFrameDrawn: (Double) -> Void = { _ in }
    /// Whether the frame last presented showed cards moving: a slide or a fade under way (`--stats`).
    public private(set) var lastFrameMoved = false

    var window: Window?
    var deck: DeckRenderer?
    var runtime: KioskRuntime
    let events: EventLog?
    let report: (String) -> Void
    let waker: LoopWaker
    /// The queue the signal sources run on (the file watcher's callbacks run on its own queue, `vitrine.watcher`).
    private let workerQueue = DispatchQueue(label: "vitrine.signals")
    /// The queue a reload reads the config on (a folder deck of 10,000 images takes 0.1 s), so the loop keeps drawing.
    let reloadQueue = DispatchQueue(label: "vitrine.reload")
    private var signals: SignalWatcher?
    var watcher: FileWatcher?
    var control: ControlServer?
    /// The MQTT client of a fleet member (`mqtt`), connected once the first frame is shown.
    var fleet: FleetLink?
    var reportedWatchProblems: Set<PathKey> = []  // By operation, which holds a folder path: bytes.
    /// Handed to the deck after the first frame: the first card comes from ``FirstCard`` or is composed in line, so
    /// the first picture is a card.
    var cardPreparer: CardPreparer?
    private let start = MonotonicClock.seconds
    /// How the display was powered down while the kiosk sleeps (Window+Power.swift); nil while awake.
    var poweredDown: Window.PowerDown?
    /// Runs `display.onSleep` and `onWake` beside the loop (queue `vitrine.hooks`).
    let hooks = HookRunner()
    /// Speaks the cards through speech-dispatcher beside the loop (queue `vitrine.speech`), when the config allows.
    let speaker = Speaker(report: { Logger.shared.log(.warning, $0) })

    /// Opens the window and its renderer; needs an initialised ``SDLLibrary`` with video.
    ///
    /// `firstCard`, started before the display was opened, gives the first card (see ``FirstCard``).
    public init(options: Options, fonts: FontLibrary, events: EventLog?, heartbeatPeriod: Double?, firstCard: FirstCard? = nil,
                report: @escaping (String) -> Void) throws(SDLError) {
        self.events = events
        self.report = report
        let display = options.config.display
        let visual = Window.chooseDrawableVisual(displayIndex: display.displayIndex)
        let window = try Window(title: "Vitrine", size: options.windowSize, fullscreen: options.fullscreen || options.isKiosk,
                                displayIndex: display.displayIndex)
        if options.isKiosk { window.enterKioskMode() }
        let renderer = try Renderer(window: window, software: display.renderer.usesSoftware)
        if let visual {
            report("the screen's default visual has no renderer, so the window uses visual 0x\(String(visual, radix: 16)) "
                   + "(8 bits a channel)")
        }
        StartupTimeline.mark("window and renderer made")
        var settings = KioskRuntime.Settings(heartbeatPeriod: heartbeatPeriod, localeNames: .system)
        settings.udevTouchMatrix = KioskApp.udevTouchMatrix(configHasOne: display.touchMatrix != nil)
        settings.commandLineDisplay = options.commandLineDisplay
        runtime = KioskRuntime(config: options.config, pixels: renderer.outputSize, pointScale: KioskApp.pointScale(window, renderer),
                               settings: settings, start: 0, localTime: LocalClock.now)
        runtime.textMeasurer = fonts
        let stage = runtime.session.stage
        if let tile = options.config.sync?.tile, stage.wall == nil { report(WallTile(tile, screenPixels: stage.screenPixels).tooLarge) }
        let deck = DeckRenderer(renderer: renderer, fonts: fonts, cards: options.config.cards,
                                background: display.background, stage: stage, report: report)
        deck.rotation = display.rotation
        deck.exifOrientation = display.exifOrientation
        deck.look = options.config.look(direction: stage.direction)
        if let firstCard {
            deck.adopt(firstCard, pageCount: options.config.cards.count)
            StartupTimeline.mark("first card taken")
            if deck.isHeldByFrame(firstCard.index) {
                Logger.shared.log(.debug, "resting: the first card is written straight into the window's frame, with no texture of its own")
            }
        }
        self.window = window
        self.deck = deck
        waker = LoopWaker()
        // Cards are composed off this thread; a finished one wakes the loop to draw it.
        let preparer = CardPreparer(fonts: fonts)
        preparer.onReady = { [waker] in waker.post(.cardReady) }
        cardPreparer = preparer
        signals = SignalWatcher(queue: workerQueue) { [waker] signal in
            // A stop abandons the decodes under way, the loop's own too, so the loop gets to the signal at once.
            if signal == SIGTERM || signal == SIGINT { DecodeStop.process.stop() }
            waker.post(.signal(signal))
        }
        XlibErrors.watch(window) { [waker] in waker.post(.displayLost("the window was destroyed by another X client")) }
        let command: @Sendable (ControlCommand, Int) -> Void = { [waker] in waker.post(.control($0, client: $1)) }
        if let activated = ControlServer.activatedSocket() {
            control = ControlServer(listening: activated, onCommand: command)
        } else if let path = options.controlPath ?? options.config.controlSocket {
            do throws(SystemError) {
                control = try ControlServer(path: path, onCommand: command)
            } catch {
                report("remote control is off: cannot make the control socket: \(error)")
            }
        }
        fleet = options.config.mqtt.map { FleetLink($0, sync: options.config.sync) { [waker] in waker.post($0) } }
    }

    /// Seconds since the app started, from the monotonic clock.
    private var now: Double { MonotonicClock.seconds - start }

    /// Pixels per point of the window's drawable.
    private static func pointScale(_ window: Window, _ renderer: Renderer) -> Double {
        let points = window.sizeInPoints
        return points.width > 0 ? Double(renderer.outputSize.width) / Double(points.width) : 1
    }

    /// Makes the run stop as signal `number` (SIGTERM, SIGINT) would: for a signal caught while the app was made,
    /// before it watched signals itself.
    public func stop(bySignal number: Int32) { waker.post(.signal(number)) }

    /// ``stop(bySignal:)`` for any thread to keep.
    public var signalStop: @Sendable (Int32) -> Void { { [waker] in waker.post(.signal($0)) } }

    /// Shows the deck until it is told to stop, shuts down in order, and says why it stopped.
    ///
    /// When nothing moves it blocks waiting for SDL's next event (``EventQueue``), or until the runtime's next
    /// deadline, using no CPU until the next input or timer.
    public func run() -> KioskExit {
        var keptCardsReported = false
        while runtime.exit == nil {
            perform(runtime.advance(to: now, wallClock: LocalClock.now))
            drawIfWanted(after: followVideo())
            if deck?.videoStartTrimDue() == true { SDLLibrary.returnFreeMemory() }  // Once presented.
            guard runtime.exit == nil else { break }
            if !runtime.wantsFrames, let deck {
                // Idle: the card at rest gives its texture up to the window's frame (DeckRenderer+Resting.swift)
                // and the heap what it no longer uses; the runtime asks for the idle chores (IdleChores) when due.
                let quiet = deck.isPlayingVideo ? 0 : runtime.timerDeadline.map { $0 - now } ?? .infinity
                let rested = deck.restCard(quietFor: quiet)
                if rested { Logger.shared.log(.debug, "resting: the card on screen is held by the window's frame, its texture let go") }
                if rested || deck.composedSinceTrim {
                    deck.composedSinceTrim = false
                    SDLLibrary.returnFreeMemory()
                }
                if !keptCardsReported, deck.keptCardsReady {
                    keptCardsReported = true
                    send(.keptCardsReady)
                    continue  // The chores may be due at once.
                }
            }
            var wait = EventQueue.Wait.forever
            if let wake = [runtime.nextWake, deck?.nextVideoFrame].compactMap({ $0 }).min() { wait = .milliseconds(max(0, Int32(min((wake - now) * 1000, Double(Int32.max)).rounded(.up)))) }
            if case .input(let input) = nextEvent(wait) { handle(input) }
            while runtime.exit == nil {
                let next = nextEvent(.poll)
                guard next != .nothing else { break }
                if case .input(let input) = next { handle(input) }
            }
        }
        shutDown()
        return runtime.exit ?? .userQuit
    }

    /// Gives the heap's free memory back, after letting the clean file pages go when `work` says so (MappedFiles);
    /// returns whether the heap gave memory back.
    func doIdleChores(_ work: IdleChores.Work) -> Bool {
        if work.lettingGoPages {
            let began = now
            if let outcome = MappedFiles.letGo() {
                let took = Int(((now - began) * 1000).rounded())
                Logger.shared.log(.debug, "idle: \(outcome.bytes >> 10) KiB of code and read-only data in \(outcome.mappings) mappings let go in \(took) ms")
            }
        }
        return SDLLibrary.returnFreeMemory()  // After the let-go, whose reading of /proc is freed by then.
    }

    /// Draws and presents the frame the runtime wants, if any; returns whether it drew one. `videoWork`: the
    /// seconds a video frame took to be drawn into its card just before, counted in this frame's time.
    @discardableResult
    private func drawIfWanted(after videoWork: Double = 0) -> Bool {
        guard let deck, let frame = runtime.frame(at: now) else { return false }
        let began = now - videoWork
        for error in deck.draw(frame, cards: runtime.config.cards) { report("\(error)") }
        deck.renderer.present()
        let duration = now - began
        lastFrameMoved = frame.pager.blend != nil || frame.pager.position != frame.pager.position.rounded()
        onFrameDrawn(duration)
        perform(runtime.framePresented(at: now, duration: duration))
        return true
    }

    /// Writes the frame on screen to a PNG at `path`: it is drawn once more and read back before it is presented
    /// (after a present, a renderer's back buffer may hold anything).
    func screenshot(to path: String) -> ControlReply {
        guard let deck else { return .failure("no window") }
        do throws(SDLError) {
            for error in deck.draw(runtime.settledFrame, cards: runtime.config.cards) { report("\(error)") }
            let pixels = try deck.renderer.readPixels()
            deck.renderer.present()
            try pixels.writeScreenshot(to: path)
            return ControlReply(ok: true, fields: [("path", JSONText.quoted(path)),
                                                   ("width", "\(pixels.size.width)"), ("height", "\(pixels.size.height)")])
        } catch {
            return .failure("cannot write the screenshot \(JSONText.shortened(path)): \(error.message)")
        }
    }

    /// SDL's next event, waiting as `wait` says; touch points are mapped to the window's points.
    private func nextEvent(_ wait: EventQueue.Wait) -> EventQueue.Next {
        EventQueue.next(wait, windowPoints: { [window] in window?.sizeInPoints ?? PixelSize(width: 0, height: 0) },
                        wakeEventType: waker.eventType)
    }

    /// Turns one event into runtime inputs.
    private func handle(_ input: InputEvent) {
        guard let window else { return }
        switch input {
        case .wake:
            // A decoded video frame only wakes the loop: followVideo shows it when it is due.
            for input in waker.take() where input != .videoFrame { send(input) }
        case .key(let name, let modifiers): send(.keyPress(name: name, modifiers: modifiers))
        case .closeRequest: send(.closeRequest)
        case .kiosk(let kioskInput): send(.paging(kioskInput))
        case .resized:
            guard let deck else { return }
            deck.windowFrameMadeAnew()  // SDL made the frame anew, even if the size came back to what it was.
            window.coverDisplay()  // Fullscreen with no window manager: follow the display (Window+Cover.swift).
            send(.resized(pixels: deck.renderer.outputSize, pointScale: KioskApp.pointScale(window, deck.renderer)))
        case .targetsReset: send(.targetsReset)
        case .redraw: send(.exposed)
        }
    }

    /// Gives the runtime one input now and carries out what it says.
    func send(_ input: RuntimeInput) {
        perform(runtime.handle(input, at: now), after: input)
    }

    /// Ends the run in order: no more wake-ups from other threads, the workers stopped and joined, then the
    /// textures, the renderer and the window, while SDL is still up (the caller quits SDL after).
    private func shutDown() {
        XlibErrors.unwatch()
        control?.stop()
        control = nil
        fleet?.stop()
        fleet = nil
        signals?.stop()
        watcher?.stop()
        cardPreparer?.stop()
        // From here no thread pushes an SDL event, so none can aim at the window being destroyed.
        waker.close()
        workerQueue.sync {}
        signals = nil
        watcher = nil
        deck?.preparer = nil
        cardPreparer = nil
        deck?.stopVideo()
        videoStatistics = deck?.videoStatistics ?? videoStatistics
        deck = nil
        // Quitting asleep undoes the power-down: DPMS the kiosk enabled would otherwise stay on for what runs next.
        if let down = poweredDown { window?.powerUp(down) }
        poweredDown = nil
        window = nil
        // Events pushed before the close are for a window that is gone.
        EventQueue.dropAll()
    }

    /// The touch screen's `LIBINPUT_CALIBRATION_MATRIX` from udev, logged once when the config has no
    /// `display.touchMatrix` to override it.
    private static func udevTouchMatrix(configHasOne: Bool) -> TouchMatrix? {
        let found = TouchCalibration.fromUdev()
        if !configHasOne, let line = TouchCalibration.message(found) { Logger.shared.log(.info, line) }
        if case .matrix(let matrix, _) = found { return matrix }
        return nil
    }

    /// What the videos played so far came to (`run --stats`).
    public private(set) var videoStatistics = VideoStatistics()

    /// Follows the runtime's playing video: its decode thread starts as its card comes and stops when it goes,
    /// and a new frame due by its clock is drawn into the card, then onto the screen. Returns the seconds the new
    /// frame took to draw into the card (0 for none).
    private func followVideo() -> Double {
        guard let deck else { return 0 }
        let began = now
        deck.hardwareDecoding = runtime.config.display.hardwareDecoding  // As a reload left it, for the next video.
        if deck.awaitsFirstVideoFrame, runtime.playingVideo?.clock != nil { deck.expectLanding(runtime.settledFrame) }  // Landed: drawn next.
        guard deck.followVideo(runtime.playingVideo, at: now, wake: { [waker] in waker.post(.videoFrame) }) else { return 0 }
        videoStatistics = deck.videoStatistics
        send(.videoFrame)
        return now - began
    }

    /// Where the window is on the X screen, as the server has it now; nil off X11.
    public var windowFrameOnScreen: PixelRect? { window?.frameOnScreen }
}
