/// What a running kiosk can be told: a person's input, the window, the files, the workers and the system.
///
/// The SDL edge turns SDL events into these, the replay turns script lines into them, and tests make them by hand.
public enum RuntimeInput: Sendable, Equatable {
    /// Pointer, wheel, key or programmatic paging (see ``KioskInput``).
    case paging(KioskInput)
    /// A key press by its SDL name with the modifiers held: the runtime decides whether it quits (lockdown and the
    /// exit chord) or pages (``KioskKeymap``).
    case keyPress(name: String, modifiers: KeyChord.Modifiers)
    /// The window's close button or the window manager asked to close.
    case closeRequest
    /// The window's drawable is now `pixels` (physical, before rotation) at `pointScale` pixels per point.
    case resized(pixels: PixelSize, pointScale: Double)
    /// The window must be drawn again (it was exposed or restored).
    case exposed
    /// The renderer lost its target textures: everything composed is gone.
    case targetsReset
    /// A card composed in the background, or a preview of one, is ready to be shown.
    case cardReady
    /// The playing video's card (``KioskRuntime/playingVideo``) shows its next frame: draw it.
    case videoFrame
    /// Watched files changed (the config or images); the runtime decides when to read the config again.
    case filesChanged(Set<PathKey>)
    /// Read the config again now, everything included (as SIGHUP does).
    case reloadRequested
    /// The config was read again, in answer to ``KioskEffect/loadConfig(changedImages:)``: the config and its
    /// warnings, or why it cannot be used. `changedImages` is passed back as it was asked for.
    case configLoaded(Result<LoadedConfig, ConfigError>, changedImages: Set<PathKey>?)
    /// A POSIX signal arrived, by its number: SIGHUP reloads, SIGUSR1 logs the statistics, SIGINT and SIGTERM
    /// quit (see `KioskRuntime+Signals.swift`).
    case signal(Int32)
    /// The display went away (the X server died, the window was destroyed by another client).
    case displayLost(String)
    /// A remote-control command from control client `client` (any number the driver uses to route the reply).
    case control(ControlCommand, client: Int)
    /// The local wall clock shows this now: at the start, and whenever the system clock jumps.
    case wallClock(LocalTime)
    /// A synchronized group's command arrived, or the broker connection came or went (see `KioskRuntime+Sync.swift`).
    case group(GroupInput)
    /// The renderer has the card on screen and its neighbours ready: the start is over, and the idle chores come
    /// at once (a replay, which composes nothing, says so at its first frame).
    case keptCardsReady
    /// The idle chores asked for by ``KioskEffect/idleChores(_:)`` are done; `heapGaveBack` says whether the heap
    /// returned memory (then they come again later).
    case idleChoresDone(heapGaveBack: Bool)
}

/// A config read from its file, with the warnings that did not stop it loading.
public struct LoadedConfig: Sendable, Equatable {
    /// The config.
    public var config: KioskConfig
    /// Warnings, such as unknown keys.
    public var warnings: [ConfigDiagnostic]
    /// The images the config names that do not exist (yet), as the loader found them: a reload waits for them.
    public var missingImages: Set<PathKey>

    /// A loaded config.
    public init(config: KioskConfig, warnings: [ConfigDiagnostic] = [], missingImages: Set<PathKey> = []) {
        self.config = config
        self.warnings = warnings
        self.missingImages = missingImages
    }
}

/// What the runtime asks its driver to do; the driver does it, in order, and tells the runtime what came of it.
public enum KioskEffect: Sendable, Equatable {
    /// Write these lines to the event log.
    case log([TimedKioskEvent])
    /// Tell the operator (standard error, the journal): one line.
    case report(String)
    /// Read the config file again and answer with ``RuntimeInput/configLoaded(_:changedImages:)``; when
    /// `changedImages` is not nil only those images changed, nil means everything may have.
    case loadConfig(changedImages: Set<PathKey>?)
    /// The image files in the set changed: forget what was decoded or composed from them.
    case forgetImages(Set<PathKey>)
    /// Forget everything composed (the deck changed shape, or the renderer lost its textures).
    case forgetAllCards
    /// Watch exactly these files for changes from now on.
    case watch(Set<PathKey>)
    /// The first frame is on screen: tell systemd (READY=1) and start what waits for it.
    case firstFrameShown
    /// Tell systemd's watchdog the kiosk is alive (WATCHDOG=1).
    case feedWatchdog
    /// Log the frame statistics.
    case logStatistics
    /// The kiosk is idle: give memory back as `work` says (see ``IdleChores``), then answer
    /// ``RuntimeInput/idleChoresDone(heapGaveBack:)``.
    case idleChores(IdleChores.Work)
    /// Stop the loop: the kiosk quits for `reason`.
    case quit(KioskExit)
    /// Send `reply` to control client `client`.
    case reply(client: Int, ControlReply)
    /// Write the frame on screen to a PNG at `path`, then reply to control client `client` (ok, or why not).
    case screenshot(path: String, client: Int)
    /// The screen fell asleep (true: let the display power down) or woke (false: power it on); `note` says why,
    /// one line for the log at info level.
    case displaySleep(Bool, note: String)
    /// Run a power hook (`display.onSleep`, `onWake`) beside the loop, stopped at its timeout; nothing answers.
    case runHook(PowerHookRun)
    /// Cancel what the kiosk is saying, then say the request's utterances in order (`accessibility`); nothing
    /// answers, and a kiosk without a voice stays silent.
    case speak(SpeechRequest)
    /// Stop speaking: cancel what is being said (speech was turned off).
    case stopSpeaking
    /// Publish `command` on the group's topic (`sync`), adding this member's id and sequence number.
    case groupSend(GroupCommand)
}

/// Why a kiosk stopped.
public enum KioskExit: Sendable, Equatable {
    /// Escape, the close button or the exit chord.
    case userQuit
    /// SIGINT or SIGTERM.
    case signal(Int32)
    /// The display went away; the message says how.
    case displayLost(String)
}
