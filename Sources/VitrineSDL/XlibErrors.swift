import CX11
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
