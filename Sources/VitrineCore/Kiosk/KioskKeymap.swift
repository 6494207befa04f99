/// What a key press means to the kiosk, by SDL's key name.
public enum KioskKeymap {
    /// The navigation key a key name stands for ("right", "pagedown", "keypad 3" …), or nil.
    public static func navigation(forKey name: String) -> KioskKey? {
        let key = name.lowercased()
        switch key {
        case "right": return .right
        case "left": return .left
        case "pagedown": return .next
        case "pageup": return .previous
        case "home": return .first
        case "end": return .last
        default:
            let digits = key.hasPrefix("keypad ") ? String(key.dropFirst("keypad ".count)) : key
            guard digits.count == 1, let n = Int(digits), (1...9).contains(n) else { return nil }
            return .number(n)
        }
    }
}

/// Who may stop the kiosk: in a window, Escape and the close button; in kiosk mode, only the exit chord.
///
/// SIGINT and SIGTERM always stop it cleanly; that is the app's business, not a key's.
public struct Lockdown: Sendable, Equatable {
    /// Windowed or kiosk.
    public var mode: DisplayMode
    /// The chord that quits in either mode; nil for none.
    public var exitChord: KeyChord?

    /// A policy for `mode` with an optional exit chord.
    public init(mode: DisplayMode, exitChord: KeyChord?) {
        self.mode = mode
        self.exitChord = exitChord
    }

    /// Whether a press of `key` with `modifiers` held quits.
    public func quits(key: String, modifiers: KeyChord.Modifiers) -> Bool {
        if let exitChord, exitChord.matches(key: key, modifiers: modifiers) { return true }
        return mode == .windowed && key.lowercased() == "escape"
    }

    /// Whether a request to close the window (its close button, the window manager) quits.
    public var closeRequestQuits: Bool { mode == .windowed }
}
