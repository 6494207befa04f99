import CSDL2
import VitrineCore

/// An SDL window, destroyed when this object goes.
public final class Window {
    /// The wrapped pointer, valid for this object's lifetime.
    public let pointer: OpaquePointer
    /// Whether the window is to cover its display (fullscreen or kiosk): see ``coverDisplay()``.
    public let coversDisplay: Bool
    /// The display it covers.
    let coveredDisplay: Int32
    /// Whether the root window's size changes are heard (bare X: ``coverDisplay()``).
    var watchesRootSize = false

    /// Opens a window of `size` points on display `displayIndex`, or a fullscreen-desktop one; HiDPI-aware and
    /// resizable. A display index past the last display falls back to the first.
    ///
    /// A fullscreen window covers the display's bounds even when no window manager makes it fullscreen
    /// (``coverDisplay()``).
    ///
    /// A fullscreen window is made hidden and shown once it covers the display: SDL's fullscreen asks the window
    /// manager, and with none to answer (bare X) SDL waited about 100 ms for a reply that never came (measured: the
    /// window was made 100 ms after the display opened, against 2 ms for a window). On bare X it is shown as a
    /// borderless window at the display's bounds at once; elsewhere SDL's fullscreen-desktop is set before it shows.
    public init(title: String, size: PixelSize, fullscreen: Bool, displayIndex: Int = 0) throws(SDLError) {
        var flags = SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_RESIZABLE.rawValue
        if fullscreen { flags |= SDL_WINDOW_HIDDEN.rawValue }
        let display = Window.display(displayIndex)
        let centered = Int32(SDL_WINDOWPOS_CENTERED_MASK | UInt32(display))  // SDL_WINDOWPOS_CENTERED_DISPLAY(display)
        guard let p = SDL_CreateWindow(title, centered, centered, Int32(size.width), Int32(size.height), flags) else {
            throw SDLError.current("SDL_CreateWindow(\(size))")
        }
        pointer = p
        coversDisplay = fullscreen
        coveredDisplay = display
        if fullscreen {
            if coverOnBareX() == nil { SDL_SetWindowFullscreen(p, SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue) }
            SDL_ShowWindow(p)
            // Sized before anything was drawn: the size change, which SDL hears from the X server with the window's
            // mapping, would only make the window's frame anew after the first frame (measured: the card went black
            // for 20 ms, until it was composed again). SDL takes it in now and its window events are dropped; any
            // other event stays queued.
            SDL_PumpEvents()
            SDL_FlushEvents(SDL_WINDOWEVENT.rawValue, SDL_WINDOWEVENT.rawValue)
        }
    }

    deinit { SDL_DestroyWindow(pointer) }

    /// Display `index`, or the first display when there is no such display.
    static func display(_ index: Int) -> Int32 {
        index < Int(SDL_GetNumVideoDisplays()) ? Int32(index) : 0
    }

    /// The window's size in points (screen coordinates).
    public var sizeInPoints: PixelSize {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(pointer, &w, &h)
        return PixelSize(width: Int(w), height: Int(h))
    }
}
