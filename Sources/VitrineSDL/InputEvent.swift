import CSDL2
import VitrineCore

/// Everything the kiosk hears from SDL, as Swift values; ``InputEvent/init(_:window:)`` is the one place that reads `SDL_Event`.
public enum InputEvent: Equatable, Sendable {
    /// A key went down (auto-repeat included): SDL's key name in lower case ("right", "q", "keypad 3") and the
    /// modifiers held. ``KioskKeymap`` and ``Lockdown`` in the core say what it means.
    case key(name: String, modifiers: KeyChord.Modifiers)
    /// The window's close button or the window manager asked the window to close.
    case closeRequest
    /// Input for the deck: pointers in window points (the mouse has id -1) and the wheel.
    case kiosk(KioskInput)
    /// The window changed size; lay out again.
    case resized
    /// The window must be drawn again (exposed, shown, restored).
    case redraw
    /// The renderer lost its target textures; compose again.
    case targetsReset
    /// Another thread woke the loop (``LoopWaker``): its reasons wait in the waker's inbox.
    case wake

    /// The mouse's pointer id.
    public static let mouseID = -1

    /// Translates one SDL event, or nil for events the kiosk ignores. Touch coordinates (normalized) are mapped to
    /// points with `windowPoints`; mouse events synthesized from touch are dropped, since the finger events carry them.
    /// An event of `wakeEventType` is a ``wake``.
    public init?(_ event: SDL_Event, windowPoints: PixelSize, wakeEventType: UInt32 = UInt32.max) {
        if wakeEventType != UInt32.max, event.type == wakeEventType {
            self = .wake
            return
        }
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            // With SDL's signal handlers off, SDL_QUIT only follows the last window's close request.
            self = .closeRequest
        case SDL_KEYDOWN:
            let name = String(cString: SDL_GetKeyName(event.key.keysym.sym)).lowercased()
            guard !name.isEmpty else { return nil }
            let mod = UInt32(event.key.keysym.mod)
            var modifiers: KeyChord.Modifiers = []
            if mod & UInt32(KMOD_CTRL.rawValue) != 0 { modifiers.insert(.ctrl) }
            if mod & UInt32(KMOD_ALT.rawValue) != 0 { modifiers.insert(.alt) }
            if mod & UInt32(KMOD_SHIFT.rawValue) != 0 { modifiers.insert(.shift) }
            if mod & UInt32(KMOD_GUI.rawValue) != 0 { modifiers.insert(.gui) }
            self = .key(name: name, modifiers: modifiers)
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let b = event.button
            guard b.which != UInt32.max /* SDL_TOUCH_MOUSEID */, b.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
            let point = Point(x: Double(b.x), y: Double(b.y))
            self = .kiosk(event.type == SDL_MOUSEBUTTONDOWN.rawValue ? .pointerDown(id: InputEvent.mouseID, at: point) : .pointerUp(id: InputEvent.mouseID, at: point))
        case SDL_MOUSEMOTION:
            let m = event.motion
            guard m.which != UInt32.max /* SDL_TOUCH_MOUSEID */, m.state & (1 << (UInt32(SDL_BUTTON_LEFT) - 1)) != 0 else { return nil }
            self = .kiosk(.pointerMove(id: InputEvent.mouseID, to: Point(x: Double(m.x), y: Double(m.y))))
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let f = event.tfinger
            let id = Int(truncatingIfNeeded: f.fingerId)
            let point = Point(x: Double(f.x) * Double(windowPoints.width), y: Double(f.y) * Double(windowPoints.height))
            switch SDL_EventType(event.type) {
            case SDL_FINGERDOWN: self = .kiosk(.pointerDown(id: id, at: point))
            case SDL_FINGERMOTION: self = .kiosk(.pointerMove(id: id, to: point))
            default: self = .kiosk(.pointerUp(id: id, at: point))
            }
        case SDL_MOUSEWHEEL:
            let w = event.wheel
            let flip = w.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1.0 : 1.0
            self = .kiosk(.wheel(dx: Double(w.preciseX) * flip, dy: Double(w.preciseY) * flip))
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED: self = .resized
            case SDL_WINDOWEVENT_CLOSE: self = .closeRequest
            case SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED: self = .redraw
            default: return nil
            }
        case SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET:
            self = .targetsReset
        default:
            return nil
        }
    }
}
