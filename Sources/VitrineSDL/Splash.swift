internal import CSplash
import Glibc
import VitrineCore
import VitrineSystem

/// The first card on an X screen before SDL's window is up, in a window of its own over a libxcb connection
/// (Splash.c), closed (by letting it go) once SDL's window shows the same picture on top of it.
///
/// A restart reads its first card from the card cache in a millisecond, while SDL still opens (3-4 ms) and starts
/// its video (4-8 ms): the card goes on screen at once, at the place and size SDL's window will have, and SDL's
/// window, which has no background of its own, opens over it without a flash. Only on X with no window manager, for
/// a window whose size is known ahead (``KioskApp/splashPlan(options:screen:environment:)``): a window of a given
/// size, or the whole screen when `--fullscreen` or `--kiosk` says so before the config is read.
public final class Splash: @unchecked Sendable {
    /// Where the card will be in SDL's window, so the splash shows it the same: the start-up plan's layout.
    public typealias Plan = SplashLayout

    /// The connection and window; used by one thread at a time (opened by the app's thread or the first-card
    /// thread, shown on the first-card thread, closed by the app's).
    private let pointer: OpaquePointer
    /// The X screen's size, in pixels.
    public let screenSize: PixelSize
    /// Where the window is on the screen, once shown.
    public private(set) var frame: PixelRect?

    /// Connects to X display `display` (nil: `$DISPLAY`) when a splash can be shown there; nil when it cannot (no X
    /// display, a window manager, a screen of other pixels), logged at debug.
    public init?(display: String? = nil) {
        var why: UnsafePointer<CChar>?
        guard let opened = vitrine_splash_open(display, &why) else {
            Logger.shared.log(.debug, "splash: none: \(why.map { String(cString: $0) } ?? "no X display")")
            return nil
        }
        pointer = opened
        var w: Int32 = 0, h: Int32 = 0
        vitrine_splash_screen_size(opened, &w, &h)
        screenSize = PixelSize(width: Int(w), height: Int(h))
    }

    deinit { vitrine_splash_close(pointer) }

    /// Shows `pixels` (ARGB8888 rows of `size`, `pitch` bytes apart) as `plan` says, in a window centred on the
    /// screen; whether it is shown (a card that is not the plan's size is not, and a splash shows once), logged at
    /// debug when not.
    @discardableResult
    public func show(plan: Plan, pixels: UnsafeRawPointer, pitch: Int, size: PixelSize) -> Bool {
        guard size.width == plan.cardRect.width, size.height == plan.cardRect.height else {
            Logger.shared.log(.debug, "splash: none: the card is \(size), the plan's \(plan.cardRect)")
            return false
        }
        var why: UnsafePointer<CChar>?
        let c = plan.background
        let background = UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue)
        guard vitrine_splash_show(pointer, pixels, Int32(pitch), Int32(size.width), Int32(size.height),
                                  Int32(plan.windowSize.width), Int32(plan.windowSize.height),
                                  Int32(plan.cardRect.x), Int32(plan.cardRect.y), background, &why) != 0 else {
            Logger.shared.log(.debug, "splash: none: \(why.map { String(cString: $0) } ?? "it could not be shown")")
            return false
        }
        var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        vitrine_splash_frame(pointer, &x, &y, &w, &h)
        frame = PixelRect(x: Int(x), y: Int(y), width: Int(w), height: Int(h))
        StartupTimeline.mark("splash shown")
        return true
    }

    /// Shows `surface` as `plan` says; as ``show(plan:pixels:pitch:size:)``.
    @discardableResult
    public func show(plan: Plan, surface: Surface) -> Bool {
        guard surface.isARGB8888 else { return false }
        return surface.withPixels { rows in show(plan: plan, pixels: rows.base, pitch: rows.pitch, size: surface.size) } ?? false
    }
}
