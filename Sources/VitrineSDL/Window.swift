internal import CSDL2
internal import CX11Facts
internal import CX11Power
import VitrineCore
import VitrineSystem

/// An SDL window, destroyed when this object goes.
///
/// Its pointer is this file's alone: covering the display on bare X, powering the display down and what X says of
/// the window are here too, and the renderer is made here (``makeRenderer(flags:)``) for ``Renderer`` to own.
public final class Window {
    /// The wrapped pointer, valid for this object's lifetime.
    private let pointer: OpaquePointer
    /// Whether the window is to cover its display (fullscreen or kiosk): see ``coverDisplay()``.
    public let coversDisplay: Bool
    /// The display it covers.
    let coveredDisplay: Int32
    /// Whether the root window's size changes are heard (bare X: ``coverDisplay()``).
    var watchesRootSize = false

    /// Opens a window of `size` points on display `displayIndex`, or a fullscreen-desktop one; HiDPI-aware and
    /// resizable. A display index past the last display is an error: a second kiosk must not cover the first's.
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
        let count = Int(SDL_GetNumVideoDisplays())
        guard displayIndex >= 0, displayIndex < count else {
            throw SDLError(operation: "SDL_CreateWindow", message: DisplayConfig.missingDisplayMessage(index: displayIndex, count: count))
        }
        let display = Int32(displayIndex)
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

    /// The window's size in points (screen coordinates).
    public var sizeInPoints: PixelSize {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(pointer, &w, &h)
        return PixelSize(width: Int(w), height: Int(h))
    }

    /// An SDL renderer for this window with SDL's `flags`, for ``Renderer/init(window:software:)`` to own.
    func makeRenderer(flags: UInt32) -> OpaquePointer? { SDL_CreateRenderer(pointer, -1, flags) }

    /// The window's frame, which a software renderer draws into; valid until the window changes size.
    var frame: Surface? {
        SDL_GetWindowSurface(pointer).map { Surface(borrowing: $0, heldBy: self) }
    }

    /// Whether the window's pixels keep four bytes a pixel (ARGB or XRGB): not so on a 16-bit display.
    var frameHoldsFullColour: Bool { PixelFormat.holdsFullColour(SDL_GetWindowPixelFormat(pointer)) }

    /// Hides the mouse cursor and keeps the screen saver off, for a locked-down kiosk.
    public func enterKioskMode() {
        SDL_ShowCursor(SDL_DISABLE)
        SDL_DisableScreenSaver()
    }

    /// The X11 id of the window, or 0 when it has none (another video driver).
    ///
    /// Asked through CX11Facts alone: CX11 has a C function of the same name, and both `static inline` bodies in
    /// one file's object code called the wrong one (the X display left null: a crash in libX11).
    var x11WindowID: UInt {
        var display: OpaquePointer?
        var id: UInt = 0
        return vitrine_x11_window(pointer, &display, &id) != 0 ? id : 0
    }

    /// Where the window is on the X screen, as the server has it now; nil off X11.
    public var frameOnScreen: PixelRect? {
        let facts = vitrine_x11_facts(pointer)
        guard facts.known != 0 else { return nil }
        return PixelRect(x: Int(facts.x), y: Int(facts.y), width: Int(facts.width), height: Int(facts.height))
    }
}

extension Window {
    /// Makes a fullscreen window cover its display's bounds when no window manager does; gives whether it moved it.
    ///
    /// SDL's fullscreen-desktop asks the window manager for `_NET_WM_STATE_FULLSCREEN`. On bare X (`xinit` running
    /// only the kiosk) nobody answers, and the window stays at its windowed size while SDL reports the display's.
    /// So on X11 with no EWMH window manager, the window leaves SDL's fullscreen mode and becomes a borderless
    /// window at the display's bounds, which SDL then reports truly (a size-changed event follows, so the layout
    /// follows the real size). With a window manager, or off X11 (KMS/DRM, Wayland), fullscreen is left to them.
    ///
    /// Call it again when the window or the display changes size (the kiosk does on every resize and display
    /// event, and on bare X on the root window's size changes, which SDL does not report itself): it does nothing
    /// while the window already covers the display. The screen's size is read from the X server each time, since
    /// SDL keeps the size it saw at start-up.
    @discardableResult
    public func coverDisplay() -> Bool { coverOnBareX() ?? false }

    /// ``coverDisplay()``: nil when the window is not to cover its display or is not on bare X (a window manager
    /// runs, or the driver is not X11), else whether it moved the window.
    func coverOnBareX() -> Bool? {
        guard coversDisplay else { return nil }
        let facts = vitrine_x11_facts(pointer)
        guard facts.known != 0, facts.hasWindowManager == 0, let bounds = coveredBounds(facts) else { return nil }
        if !watchesRootSize {
            watchesRootSize = true
            // SDL does not see the screen resized on bare X: hear the root window's size changes (as
            // SDL_SYSWMEVENT, which ``InputEvent`` turns into `.resized` for the root window only).
            if vitrine_x11_watch_root_size(pointer) != 0 { SDL_EventState(SDL_SYSWMEVENT.rawValue, SDL_ENABLE) }
        }
        let real = SDL_Rect(x: facts.x, y: facts.y, w: facts.width, h: facts.height)
        guard real.x != bounds.x || real.y != bounds.y || real.w != bounds.w || real.h != bounds.h else { return false }
        Logger.shared.log(.debug, "cover: the window at \(real.w)x\(real.h)+\(real.x)+\(real.y) is moved to the display's \(bounds.w)x\(bounds.h)+\(bounds.x)+\(bounds.y)")
        if SDL_GetWindowFlags(pointer) & SDL_WINDOW_FULLSCREEN.rawValue != 0 { SDL_SetWindowFullscreen(pointer, 0) }
        SDL_SetWindowBordered(pointer, SDL_FALSE)
        SDL_SetWindowPosition(pointer, bounds.x, bounds.y)
        SDL_SetWindowSize(pointer, bounds.w, bounds.h)
        SDL_RaiseWindow(pointer)
        return true
    }

    /// The bounds of the display the window covers: SDL's, except that with a single display the root window's
    /// current size wins (SDL does not see a screen resized after start-up).
    private func coveredBounds(_ facts: VitrineX11Facts) -> SDL_Rect? {
        let displays = SDL_GetNumVideoDisplays()
        var bounds = SDL_Rect()
        guard SDL_GetDisplayBounds(coveredDisplay, &bounds) == 0 else { return nil }
        if displays == 1, facts.rootWidth > 0, facts.rootHeight > 0 {
            bounds = SDL_Rect(x: 0, y: 0, w: facts.rootWidth, h: facts.rootHeight)
        }
        return bounds.w > 0 && bounds.h > 0 ? bounds : nil
    }
}

extension Window {
    /// Prepares SDL to make windows its renderers can draw into on display `displayIndex`; gives the X visual it
    /// chose, or nil when SDL's own choice is fine. Call it before making the first window.
    ///
    /// A 30-bit X screen's default visual has no SDL pixel format (SDL reports the desktop's as unknown), and SDL's
    /// renderers none for its windows ("Couldn't find matching render driver"). A window of an 8-bit-a-channel
    /// TrueColor visual on the same screen (``SDL_HINT_VIDEO_X11_WINDOW_VISUALID``) gets one. It is chosen before the
    /// first window: a window made with the default visual and then replaced was mapped, named "Vitrine", and
    /// destroyed a moment later, for anyone looking for the kiosk's window to find gone.
    static func chooseDrawableVisual(displayIndex: Int) -> UInt? {
        guard let driver = SDL_GetCurrentVideoDriver(), String(cString: driver) == "x11" else { return nil }
        var mode = SDL_DisplayMode()
        guard SDL_GetDesktopDisplayMode(Int32(displayIndex), &mode) == 0, mode.format == SDL_PIXELFORMAT_UNKNOWN.rawValue else { return nil }
        let visual = vitrine_x11_eight_bit_visual()
        guard visual != 0 else { return nil }
        SDL_SetHint(SDL_HINT_VIDEO_X11_WINDOW_VISUALID, String(visual))
        return UInt(visual)
    }
}

extension Window {
    /// How a sleeping kiosk let its display power down, to undo it on waking.
    public struct PowerDown: Sendable {
        /// Whether SDL's screen saver inhibition was on before the kiosk slept (kiosk mode turns it on at start,
        /// and SDL 2 turns it on by default): it is turned on again on waking.
        var screenSaverWasDisabled: Bool
        /// How the display was powered down: DPMS, the X screen saver, or not at all (not on X11).
        var method: VitrinePowerMethod
        /// Whether DPMS was off and the kiosk enabled it to power down; disabled again on waking.
        var enabledDPMS: Bool

        /// What was done, for the log.
        public var description: String {
            switch method {
            case VITRINE_POWER_DPMS: "the display is powered down (X11 DPMS off)"
            case VITRINE_POWER_SCREEN_SAVER: "the X screen saver is active (the server has no DPMS)"
            default: "the screen is black (this video driver has no display power control in SDL 2)"
            }
        }
    }

    /// Lets the display power down while the kiosk sleeps: the screen saver is allowed again, then under X11 the
    /// display is asked to power down at once (DPMS, else the screen saver). Call only when the kiosk falls asleep.
    ///
    /// The screen saver goes first: while SDL inhibits it, it resets the X screen saver every few seconds, and a
    /// reset powers a DPMS display on again.
    public func powerDown() -> PowerDown {
        let wasDisabled = SDL_IsScreenSaverEnabled() == SDL_FALSE
        SDL_EnableScreenSaver()
        var enabledDPMS: Int32 = 0
        let method = vitrine_power_off(pointer, &enabledDPMS)
        return PowerDown(screenSaverWasDisabled: wasDisabled, method: method, enabledDPMS: enabledDPMS != 0)
    }

    /// Powers the display on again after ``powerDown()`` and inhibits the screen saver again if it was.
    public func powerUp(_ down: PowerDown) {
        vitrine_power_on(pointer, down.method, down.enabledDPMS ? 1 : 0)
        if down.screenSaverWasDisabled { SDL_DisableScreenSaver() }
    }
}
