internal import CSDL2
internal import CX11Facts
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
    /// The window or a display changed size, or a display came or went: cover the display again when
    /// fullscreen (``Window/coverDisplay()``) and lay out again.
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
    init?(_ event: SDL_Event, windowPoints: PixelSize, wakeEventType: UInt32 = UInt32.max) {
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
            // preciseX/Y are in notches: whole clicks from a notched wheel (and from any trackpad under X11, where
            // SDL 2 has no smooth scrolling), fractions from a trackpad on Wayland, macOS and Windows. The core
            // tells them apart from the values, so both pass through unrounded.
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
        case SDL_DISPLAYEVENT:
            self = .resized
        case SDL_SYSWMEVENT:
            // Enabled only on bare X by Window.coverDisplay(): of those, the root window's resize is wanted.
            guard withUnsafePointer(to: event, { vitrine_x11_is_root_resize($0) }) != 0 else { return nil }
            self = .resized
        case SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET:
            self = .targetsReset
        default:
            return nil
        }
    }
}

/// SDL's event queue: the loop waits on it for ``InputEvent``s, and other threads wake the loop through it
/// (``LoopWaker``). Events are read only here, through ``InputEvent/init(_:windowPoints:wakeEventType:)``.
enum EventQueue {
    /// How long ``next(_:windowPoints:wakeEventType:)`` waits for an event.
    enum Wait {
        /// Until one comes.
        case forever
        /// At most this many milliseconds.
        case milliseconds(Int32)
        /// Not at all: only an event already queued.
        case poll
    }

    /// What the queue gave.
    enum Next: Equatable {
        /// No event came in the time.
        case nothing
        /// An event the kiosk ignores.
        case ignored
        /// An event, as input.
        case input(InputEvent)
    }

    /// The next event, waiting as `wait` says; touch points are mapped with `windowPoints()` (see
    /// ``InputEvent/init(_:windowPoints:wakeEventType:)``).
    static func next(_ wait: Wait, windowPoints: () -> PixelSize, wakeEventType: UInt32) -> Next {
        var event = SDL_Event()
        let got = switch wait {
        case .forever: SDL_WaitEvent(&event)
        case .milliseconds(let ms): SDL_WaitEventTimeout(&event, ms)
        case .poll: SDL_PollEvent(&event)
        }
        guard got == 1 else { return .nothing }
        return InputEvent(event, windowPoints: windowPoints(), wakeEventType: wakeEventType).map(Next.input) ?? .ignored
    }

    /// A new event type of the application's own, or `UInt32.max` when SDL has none left.
    static func registerEventType() -> UInt32 { SDL_RegisterEvents(1) }

    /// Pushes an event of `type` (from ``registerEventType()``), which wakes the loop; whether SDL took it. Any thread.
    static func push(_ type: UInt32) -> Bool {
        var event = SDL_Event()
        event.type = type
        return SDL_PushEvent(&event) == 1
    }

    /// Drops every event waiting.
    static func dropAll() { SDL_FlushEvents(SDL_FIRSTEVENT.rawValue, SDL_LASTEVENT.rawValue) }
}
