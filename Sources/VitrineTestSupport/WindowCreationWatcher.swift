internal import CX11

/// Counts the top-level windows made on an X display from the moment it is made: the root window's
/// `CreateNotify` events, which the X server queues for this connection in the order it made the windows, and the
/// `DestroyNotify` events of those it took down.
///
/// Nothing is missed however briefly a window lived: a window made and destroyed within a millisecond is counted as
/// surely as one that stays, which no polling of the window list can promise.
public final class WindowCreationWatcher {
    private let connection: OpaquePointer
    private var made = 0
    private var overrideRedirectMade = 0
    /// The override-redirect windows made and not destroyed yet.
    private var overrideRedirectOpen: Set<UInt> = []

    /// Starts counting on `display`; nil when it cannot be opened.
    public init?(display: String) {
        guard let connection = XOpenDisplay(display) else { return nil }
        self.connection = connection
        XSelectInput(connection, XDefaultRootWindow(connection), SubstructureNotifyMask)
        XSync(connection, 0)
    }

    deinit { XCloseDisplay(connection) }

    /// How many top-level windows were made since ``init(display:)``, up to what the server has done by now.
    public func windowsMade() -> Int {
        readEvents()
        return made
    }

    /// How many of the windows made since ``init(display:)`` are override-redirect (a splash, a menu: windows a
    /// window manager leaves alone), and how many of those are still there, up to what the server has done by now.
    public func overrideRedirectWindows() -> (made: Int, open: Int) {
        readEvents()
        return (overrideRedirectMade, overrideRedirectOpen.count)
    }

    /// Reads the events queued so far.
    private func readEvents() {
        // The round trip comes back after every event the server queued for this connection before it.
        XSync(connection, 0)
        var event = XEvent()
        while XPending(connection) > 0 {
            XNextEvent(connection, &event)
            switch event.type {
            case CreateNotify:
                made += 1
                if event.xcreatewindow.override_redirect != 0 {
                    overrideRedirectMade += 1
                    overrideRedirectOpen.insert(event.xcreatewindow.window)
                }
            case DestroyNotify:
                overrideRedirectOpen.remove(event.xdestroywindow.window)
            default:
                break
            }
        }
    }
}
