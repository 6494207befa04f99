import VitrineCore
import VitrineSystem

/// What one reload did.
public enum ReloadOutcome: Sendable, Equatable {
    /// The config was valid: the deck now has `cards` cards and shows `page`.
    case reloaded(cards: Int, page: Int)
    /// The config could not be used, for the reasons given; the last good deck stays on screen.
    case kept(ConfigError)
}

/// Hot reload without a window: re-reads the config, swaps the deck in one step and keeps the card on screen.
///
/// `KioskApp` drives one of these from its event loop, and the tests drive one headless: both go through
/// ``reload(changed:session:at:t:)``. With ``startWatching(debounce:wake:)`` it watches the config and every image
/// it names; `wake` is called on the watcher's thread, and the owner then calls ``reloadPending(session:at:t:)``
/// on its own thread.
public final class DeckReloader {
    /// The last good config: the deck on screen.
    public private(set) var config: KioskConfig
    /// The renderer whose cards are swapped.
    public let deck: DeckRenderer
    /// Where `deckReloaded` and the pager's events are written.
    public let events: EventLog?
    /// Receives one line per problem: each config diagnostic, warnings, folders that cannot be watched.
    public let report: (String) -> Void

    private let inbox = ChangeInbox()
    private var watcher: FileWatcher?
    private var reportedWatchProblems: Set<PathKey> = []  // By operation, which holds a folder path: bytes.
    /// The latest reload's error, so that reloading for an image alone does not repeat it word for word.
    private var lastFailure: ConfigError?

    /// A reloader for `config`, whose `file` is read again on each reload, showing its cards through `deck`.
    public init(config: KioskConfig, deck: DeckRenderer, events: EventLog?, report: @escaping (String) -> Void) {
        self.config = config
        self.deck = deck
        self.events = events
        self.report = report
    }

    /// The config file and every image the deck names: what a change is looked for in (as bytes: ``PathKey``).
    public var watchedPaths: Set<PathKey> { Set(([config.file] + config.cards.map(\.image)).map { PathKey($0) }) }

    /// Starts watching ``watchedPaths``; after each burst of changes, `wake` is called on the watcher's thread.
    ///
    /// - Throws: ``FileWatcherError`` when inotify cannot be set up; the kiosk then runs without hot reload.
    public func startWatching(debounce: Double = FileWatcher.defaultDebounce,
                              wake: @escaping @Sendable () -> Void) throws(FileWatcherError) {
        let inbox = inbox
        let watcher = try FileWatcher(paths: watchedPaths, debounce: debounce) { paths in
            inbox.add(paths)
            wake()
        }
        self.watcher = watcher
        reportWatchProblems(watcher.initialProblems)
    }

    /// Stops watching; changes not yet reloaded stay pending.
    public func stopWatching() {
        watcher?.stop()
        watcher = nil
    }

    /// Whether the watcher has reported changes that are not reloaded yet.
    public var hasPendingChanges: Bool { inbox.hasChanges }

    /// Reloads if the watcher reported changes since the last reload; nil when there were none.
    @discardableResult
    public func reloadPending(session: inout KioskSession, at time: Double, t: Double) -> ReloadOutcome? {
        let changed = inbox.take()
        guard !changed.isEmpty else { return nil }
        return reload(changed: changed, session: &session, at: time, t: t)
    }

    /// Reads the config again and, when it is valid, swaps the deck in one step, staying on the same card.
    ///
    /// - `changed`: the files that changed; the cards showing a changed image are composed again (a deleted
    ///   image becomes the placeholder). nil means everything may have changed (a `SIGHUP`).
    /// - `session`: the running session; it gets the new deck on the matching page
    ///   (``DeckReload/matchedPage(current:in:newCards:)``), a running animation landed first.
    /// - `time`: the simulated time of the session; `t`: the event log's time stamp.
    ///
    /// An invalid config changes nothing but the changed images: each diagnostic is reported on its own line,
    /// with its field path (not again while the same error recurs), and the last good deck stays. A valid one
    /// writes `deckReloaded` to the event log.
    @discardableResult
    public func reload(changed: Set<PathKey>? = nil, session: inout KioskSession, at time: Double, t: Double) -> ReloadOutcome {
        if let changed { deck.invalidate(imagePaths: changed) } else { deck.invalidate() }
        let loaded: (config: KioskConfig, warnings: [ConfigDiagnostic])
        do {
            loaded = try KioskConfig.load(path: config.file)
        } catch {
            if error != lastFailure {
                for diagnostic in error.diagnostics { report("config reload failed, keeping the last good deck: \(diagnostic)") }
                for warning in error.warnings { report("\(warning)") }
            }
            lastFailure = error
            return .kept(error)
        }
        lastFailure = nil
        for warning in loaded.warnings { report("\(warning)") }
        let old = config, new = loaded.config
        if new.display.window != old.display.window || new.display.fullscreen != old.display.fullscreen {
            report("\(new.file): display.window and display.fullscreen take effect at the next start")
        }
        deck.replaceCards(new.cards)
        deck.background = new.display.background
        if new.display.exifOrientation != deck.exifOrientation { deck.exifOrientation = new.display.exifOrientation; deck.invalidate() }
        if new.display.fit != deck.stage.fit {
            let stage = StageLayout(windowPixels: deck.stage.windowPixels, pointScale: deck.stage.pointScale, fit: new.display.fit)
            deck.setStage(stage)
            session.setStage(stage)
        }
        let pagerEvents = session.replaceDeck(pageCount: new.cards.count, wraps: new.wrap, at: time) { oldPage in
            DeckReload.matchedPage(current: oldPage, in: old.cards, newCards: new.cards)
        }
        events?.write(pagerEvents, t: t)
        events?.writeDeckReloaded(cards: new.cards.count, t: t)
        config = new
        if let watcher { reportWatchProblems(watcher.watch(watchedPaths)) }
        return .reloaded(cards: new.cards.count, page: session.pager.currentPage)
    }

    /// Reports each folder that cannot be watched, once per run.
    private func reportWatchProblems(_ problems: [FileWatcherError]) {
        for problem in problems where reportedWatchProblems.insert(PathKey(problem.operation)).inserted {
            report("cannot watch for changes: \(problem); edits there need a reload")
        }
    }
}

/// The changed paths the watcher's thread hands to the thread that reloads.
private final class ChangeInbox: @unchecked Sendable {
    private let lock = Lock()
    private var paths: Set<PathKey> = []

    /// Adds paths that changed.
    func add(_ changed: Set<PathKey>) { lock.withLock { paths.formUnion(changed) } }

    /// Whether any change waits.
    var hasChanges: Bool { lock.withLock { !paths.isEmpty } }

    /// Every path that changed since the last call, and forgets them.
    func take() -> Set<PathKey> { lock.withLock { defer { paths = [] }; return paths } }
}
