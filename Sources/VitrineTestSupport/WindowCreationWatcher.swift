import CX11

/// Counts the top-level windows made on an X display from the moment it is made: the root window's
/// `CreateNotify` events, which the X server queues for this connection in the order it made the windows.
///
/// Nothing is missed however briefly a window lived: a window made and destroyed within a millisecond is counted as
/// surely as one that stays, which no polling of the window list can promise.
public final class WindowCreationWatcher {
    private let connection: OpaquePointer

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
        // The round trip comes back after every event the server queued for this connection before it.
        XSync(connection, 0)
        var made = 0
        var event = XEvent()
        while XPending(connection) > 0 {
            XNextEvent(connection, &event)
            if event.type == CreateNotify { made += 1 }
        }
        return made
    }
}
