import CSDL2
import CSplash
import Glibc
import VitrineCore
import VitrineSystem

/// The first card on an X screen before SDL's window is up, in a window of its own over a libxcb connection
/// (Splash.c), closed once SDL's window shows the same picture on top of it.
///
/// A restart reads its first card from the card cache in a millisecond, while SDL still opens (3-4 ms) and starts
/// its video (4-8 ms): the card goes on screen at once, at the place and size SDL's window will have, and SDL's
/// window, which has no background of its own, opens over it without a flash. Only on X with no window manager, for
/// a window whose size is known ahead (``KioskApp/splashPlan(options:)``).
public final class Splash: @unchecked Sendable {
    /// Where the card will be in SDL's window, so the splash shows it the same.
    public struct Plan: Sendable, Equatable {
        /// SDL's window, in pixels.
        public var windowSize: PixelSize
        /// The card's place in it.
        public var cardRect: PixelRect
        /// What the window shows around the card.
        public var background: Color

        public init(windowSize: PixelSize, cardRect: PixelRect, background: Color) {
            self.windowSize = windowSize
            self.cardRect = cardRect
            self.background = background
        }
    }

    /// The connection and window; used by one thread at a time (made on the first-card thread, closed by the app's).
    private let pointer: OpaquePointer
    /// Where the window is on the screen.
    public let frame: PixelRect

    /// Shows `pixels` (ARGB8888 rows of `size`, `pitch` bytes apart) as `plan` says, on X display `display` (nil:
    /// `$DISPLAY`); nil when it cannot (no X display, a window manager, a screen of other pixels, a card that is not
    /// the plan's size), logged at debug.
    public init?(plan: Plan, pixels: UnsafeRawPointer, pitch: Int, size: PixelSize, display: String? = nil) {
        guard size.width == plan.cardRect.width, size.height == plan.cardRect.height else { return nil }
        var why: UnsafePointer<CChar>?
        let c = plan.background
        let background = UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue)
        guard let made = vitrine_splash_show(display, pixels, Int32(pitch), Int32(size.width), Int32(size.height),
                                             Int32(plan.windowSize.width), Int32(plan.windowSize.height),
                                             Int32(plan.cardRect.x), Int32(plan.cardRect.y), background, &why) else {
            Logger.shared.log(.debug, "splash: none: \(why.map { String(cString: $0) } ?? "it could not be shown")")
            return nil
        }
        pointer = made
        var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        vitrine_splash_frame(made, &x, &y, &w, &h)
        frame = PixelRect(x: Int(x), y: Int(y), width: Int(w), height: Int(h))
        StartupTimeline.mark("splash shown")
    }

    /// Shows `surface` as `plan` says; nil as for ``init(plan:pixels:pitch:size:)``.
    public convenience init?(plan: Plan, surface: Surface) {
        let s = surface.pointer.pointee
        guard let pixels = s.pixels, s.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue else { return nil }
        self.init(plan: plan, pixels: pixels, pitch: Int(s.pitch), size: surface.size)
    }

    deinit { vitrine_splash_close(pointer) }
}
