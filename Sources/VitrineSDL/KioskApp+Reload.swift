import CSDL2
import VitrineCore
import VitrineSystem

/// Hot reload in the running kiosk: the watcher's thread wakes the SDL loop with a user event, and the loop's
/// thread reloads.
extension KioskApp {
    /// The SDL event type that wakes the loop to reload, registered once per process (`UInt32.max` if SDL ran out).
    static let reloadEventType: UInt32 = SDL_RegisterEvents(1)
    /// The reload event's `user.code` when the watcher saw files change: only those are read again.
    static let filesChangedCode: Int32 = 0
    /// The reload event's `user.code` for ``requestReload()``: everything is read again.
    static let reloadEverythingCode: Int32 = 1

    /// Reads the config and every image again now, keeping the card on screen; call on the loop's thread.
    ///
    /// An invalid config is reported one line per problem and the last good deck stays.
    public func reload() { applyReload(pendingOnly: false) }

    /// Asks the running loop to ``reload()``, from any thread (such as a `SIGHUP` handler's); false when SDL's
    /// event queue refused.
    @discardableResult
    public static func requestReload() -> Bool { pushReloadEvent(code: reloadEverythingCode) }

    /// Pushes the reload event; `SDL_PushEvent` is safe from any thread.
    static func pushReloadEvent(code: Int32) -> Bool {
        let type = reloadEventType
        guard type != UInt32.max else { return false }
        var event = SDL_Event()
        event.user.type = type
        event.user.code = code
        return SDL_PushEvent(&event) == 1
    }

    /// Starts the file watcher; without inotify the kiosk runs on, without hot reload.
    func startWatchingForReload() {
        guard KioskApp.reloadEventType != UInt32.max else {
            reloader.report("hot reload is off: SDL has no user event type left")
            return
        }
        do throws(FileWatcherError) {
            try reloader.startWatching { _ = KioskApp.pushReloadEvent(code: KioskApp.filesChangedCode) }
        } catch {
            reloader.report("hot reload is off: \(error)")
        }
    }

    /// Handles the loop's reload event; false for every other event.
    func handleReloadEvent(_ event: SDL_Event) -> Bool {
        guard event.type == KioskApp.reloadEventType, event.type != UInt32.max else { return false }
        applyReload(pendingOnly: event.user.code != KioskApp.reloadEverythingCode)
        return true
    }
}
