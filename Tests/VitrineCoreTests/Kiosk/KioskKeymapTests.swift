import Testing
@testable import VitrineCore

@Suite struct KioskKeymapTests {
    static let navigation: [(String, KioskKey)] = [
        // The arrows are sides of the screen (which card they bring depends on the deck's direction); the page keys
        // are next and previous in any deck.
        ("Right", .right), ("right", .right), ("PageDown", .next), ("pagedown", .next),
        ("Left", .left), ("PageUp", .previous), ("pageup", .previous),
        ("Home", .first), ("End", .last),
        ("1", .number(1)), ("5", .number(5)), ("9", .number(9)),
        ("Keypad 1", .number(1)), ("Keypad 5", .number(5)), ("keypad 9", .number(9)),
    ]

    @Test func navigationKeysMap() {
        for (name, key) in Self.navigation {
            #expect(KioskKeymap.navigation(forKey: name) == key, "\(name)")
        }
    }

    @Test func everyDigitOneToNineMaps() {
        for n in 1...9 {
            #expect(KioskKeymap.navigation(forKey: "\(n)") == .number(n))
            #expect(KioskKeymap.navigation(forKey: "Keypad \(n)") == .number(n))
        }
    }

    @Test(arguments: ["0", "Keypad 0", "10", "Keypad 10", "Keypad", "Keypad ", "keypad5", "Up", "Down", "Escape", "Space",
                      "Return", "a", "q", "F1", "", "-1", "+1", "Page Down", " 5", "Keypad +", "Delete"])
    func otherKeysMapToNothing(name: String) {
        #expect(KioskKeymap.navigation(forKey: name) == nil, "\(name.debugDescription)")
    }
}

@Suite struct LockdownTests {
    static let chord = KeyChord(modifiers: [.ctrl, .alt, .shift], key: "q")
    static let allModifiers: [KeyChord.Modifiers] = (0..<16).map { KeyChord.Modifiers(rawValue: $0) }
    static let otherKeys = ["Escape", "q", "Q", "Return", "F4", "Right", "Home", "1", "Delete", "Backspace", "w"]

    @Test func windowedEscapeQuits() {
        let lockdown = Lockdown(mode: .windowed, exitChord: nil)
        #expect(lockdown.quits(key: "Escape", modifiers: []))
        #expect(lockdown.quits(key: "escape", modifiers: []))
        #expect(lockdown.closeRequestQuits)
        #expect(!lockdown.quits(key: "q", modifiers: [.ctrl]))
        #expect(!lockdown.quits(key: "Right", modifiers: []))
    }

    @Test func windowedChordAlsoQuits() {
        let lockdown = Lockdown(mode: .windowed, exitChord: Self.chord)
        #expect(lockdown.quits(key: "Q", modifiers: [.ctrl, .alt, .shift]))
        #expect(lockdown.quits(key: "Escape", modifiers: []))
    }

    @Test func kioskEscapeAndCloseRequestDoNotQuit() {
        for chord in [nil, Self.chord] {
            let lockdown = Lockdown(mode: .kiosk, exitChord: chord)
            #expect(!lockdown.closeRequestQuits)
            for modifiers in Self.allModifiers {
                #expect(!lockdown.quits(key: "Escape", modifiers: modifiers), "\(modifiers)")
            }
        }
    }

    @Test func kioskChordQuitsWithExactlyItsModifiers() {
        let lockdown = Lockdown(mode: .kiosk, exitChord: Self.chord)
        for modifiers in Self.allModifiers {
            let expected = modifiers == [.ctrl, .alt, .shift]
            #expect(lockdown.quits(key: "q", modifiers: modifiers) == expected, "\(modifiers.rawValue)")
            #expect(lockdown.quits(key: "Q", modifiers: modifiers) == expected, "\(modifiers.rawValue)")
        }
    }

    @Test func kioskOtherKeysNeverQuit() {
        let lockdown = Lockdown(mode: .kiosk, exitChord: Self.chord)
        for key in Self.otherKeys where key.lowercased() != "q" {
            for modifiers in Self.allModifiers {
                #expect(!lockdown.quits(key: key, modifiers: modifiers), "\(key) \(modifiers.rawValue)")
            }
        }
    }

    @Test func kioskWithoutAChordNothingQuits() {
        let lockdown = Lockdown(mode: .kiosk, exitChord: nil)
        for key in Self.otherKeys {
            for modifiers in Self.allModifiers {
                #expect(!lockdown.quits(key: key, modifiers: modifiers), "\(key) \(modifiers.rawValue)")
            }
        }
    }

    @Test func kioskSingleKeyChord() {
        let lockdown = Lockdown(mode: .kiosk, exitChord: KeyChord(parsing: "f12"))
        #expect(lockdown.quits(key: "F12", modifiers: []))
        #expect(!lockdown.quits(key: "F12", modifiers: [.ctrl]))
        #expect(!lockdown.quits(key: "Escape", modifiers: []))
    }
}
