internal import CX11
import Glibc
import Synchronization
import VitrineSystem

/// Xlib's error handlers, set so that X's errors end the kiosk on its own terms.
///
/// By default Xlib prints a few lines and calls `exit(1)` both for a protocol error (such as an event sent to a
/// window that was just destroyed) and for a lost connection (the X server died). Exit 1 is not one of Vitrine's
/// exit codes, and a protocol error need not be fatal to a kiosk at all. Installed before SDL opens the display,
/// these handlers are the ones SDL's own safety net passes errors on to.
public enum XlibErrors {
    /// How many protocol errors are logged; later ones are counted, not logged, so a storm cannot flood the log.
    public static let loggedErrorLimit = 10

    /// The exit status when the display is lost; set by ``install(lostDisplayExitCode:)``.
    private static let lostDisplayStatus = Atomic<Int32>(69)
    private static let errorCount = Atomic<Int>(0)
    /// The kiosk's own X window, and what to do when an error says it is gone (another client destroyed it).
    private static let watched = Mutex<(window: UInt, lost: @Sendable () -> Void)?>(nil)
    /// The watched window once it was reported gone: later errors about it are expected and not logged.
    private static let goneWindow = Atomic<UInt>(0)

    /// Calls `lost` (once, on the thread that met the error) when an X error says `window`'s X window no longer
    /// exists; with no X window (another video driver) it does nothing.
    public static func watch(_ window: Window, lost: @escaping @Sendable () -> Void) {
        let id = window.x11WindowID
        guard id != 0 else { return }
        watched.withLock { $0 = (id, lost) }
    }

    /// Stops watching the window; call before destroying it.
    public static func unwatch() {
        watched.withLock { $0 = nil }
    }

    /// Installs the handlers: a lost display logs one line and ends the process with `lostDisplayExitCode` (its
    /// X connection is gone, so there is nothing left to shut down in order); a protocol error is logged and the
    /// kiosk goes on.
    public static func install(lostDisplayExitCode: Int32) {
        lostDisplayStatus.store(lostDisplayExitCode, ordering: .relaxed)
        XSetIOErrorHandler { _ in
            Logger.shared.log(.error, "lost the display: the connection to the X server closed; exiting so that the service manager restarts the kiosk")
            _exit(XlibErrors.lostDisplayStatus.load(ordering: .relaxed))
        }
        XSetErrorHandler { display, event in
            guard let event else { return 0 }
            if event.pointee.error_code == UInt8(BadWindow) {
                let resource = UInt(event.pointee.resourceid)
                if resource != 0, resource == XlibErrors.goneWindow.load(ordering: .relaxed) { return 0 }
                let lost = XlibErrors.watched.withLock { watched -> (@Sendable () -> Void)? in
                    guard let current = watched, current.window == UInt(event.pointee.resourceid) else { return nil }
                    watched = nil
                    XlibErrors.goneWindow.store(current.window, ordering: .relaxed)
                    return current.lost
                }
                if let lost {
                    lost()
                    return 0
                }
            }
            let count = XlibErrors.errorCount.add(1, ordering: .relaxed).newValue
            guard count <= XlibErrors.loggedErrorLimit else { return 0 }
            var text = [CChar](repeating: 0, count: 160)
            XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
            let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            Logger.shared.log(.warning, "X error ignored: \(name) (request \(event.pointee.request_code).\(event.pointee.minor_code))"
                        + (count == XlibErrors.loggedErrorLimit ? "; later X errors are not logged" : ""))
            return 0
        }
    }
}
