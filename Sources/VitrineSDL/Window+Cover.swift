import CSDL2
internal import CX11Facts
import VitrineCore
import VitrineSystem

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
        guard SDL_GetDisplayBounds(coveredDisplay < displays ? coveredDisplay : 0, &bounds) == 0 else { return nil }
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
        guard SDL_GetDesktopDisplayMode(Window.display(displayIndex), &mode) == 0, mode.format == SDL_PIXELFORMAT_UNKNOWN.rawValue else { return nil }
        let visual = vitrine_x11_eight_bit_visual()
        guard visual != 0 else { return nil }
        SDL_SetHint(SDL_HINT_VIDEO_X11_WINDOW_VISUALID, String(visual))
        return UInt(visual)
    }
}
