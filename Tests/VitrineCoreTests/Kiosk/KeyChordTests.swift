import Testing
@testable import VitrineCore

@Suite struct KeyChordTests {
    @Test func parsesModifiersAndKey() {
        let chord = KeyChord(parsing: "ctrl+alt+shift+q")
        #expect(chord == KeyChord(modifiers: [.ctrl, .alt, .shift], key: "q"))
        #expect(chord?.modifiers == [.ctrl, .alt, .shift])
        #expect(chord?.key == "q")
    }

    @Test func parsingIsCaseInsensitive() {
        #expect(KeyChord(parsing: "CTRL+Alt+Shift+Q") == KeyChord(modifiers: [.ctrl, .alt, .shift], key: "q"))
        #expect(KeyChord(parsing: "Ctrl+F12")?.key == "f12")
    }

    @Test func spacesAroundPartsAreIgnored() {
        #expect(KeyChord(parsing: " ctrl + alt + q ") == KeyChord(modifiers: [.ctrl, .alt], key: "q"))
        #expect(KeyChord(parsing: "shift +escape") == KeyChord(modifiers: [.shift], key: "escape"))
    }

    @Test func modifierOrderDoesNotMatter() {
        #expect(KeyChord(parsing: "shift+ctrl+q") == KeyChord(parsing: "ctrl+shift+q"))
    }

    @Test(arguments: ["super+q", "gui+q", "win+q", "meta+q", "SUPER+Q"])
    func guiAliases(text: String) {
        #expect(KeyChord(parsing: text) == KeyChord(modifiers: [.gui], key: "q"))
    }

    @Test func controlIsAnAliasOfCtrl() {
        #expect(KeyChord(parsing: "control+q") == KeyChord(modifiers: [.ctrl], key: "q"))
    }

    @Test func singleKeyHasNoModifiers() {
        let chord = KeyChord(parsing: "f12")
        #expect(chord?.modifiers == [])
        #expect(chord?.key == "f12")
    }

    @Test(arguments: ["", " ", "+", "ctrl+", "ctrl", "shift", "ctrl+alt", "ctrl+q+w", "hyper+q", "ctrl++q", "+q", "ctrl+ +q"])
    func rejects(text: String) {
        #expect(KeyChord(parsing: text) == nil, "\(text.debugDescription) should not parse")
    }

    @Test func initLowercasesTheKey() {
        #expect(KeyChord(modifiers: [.ctrl], key: "Q").key == "q")
    }

    @Test func matchesRequiresExactlyTheModifiers() throws {
        let chord = try #require(KeyChord(parsing: "ctrl+alt+shift+q"))
        #expect(chord.matches(key: "q", modifiers: [.ctrl, .alt, .shift]))
        #expect(chord.matches(key: "Q", modifiers: [.shift, .alt, .ctrl]))
        #expect(!chord.matches(key: "q", modifiers: [.ctrl, .alt]))
        #expect(!chord.matches(key: "q", modifiers: [.ctrl, .shift]))
        #expect(!chord.matches(key: "q", modifiers: []))
        #expect(!chord.matches(key: "q", modifiers: [.ctrl, .alt, .shift, .gui]))
        #expect(!chord.matches(key: "w", modifiers: [.ctrl, .alt, .shift]))
        #expect(!chord.matches(key: "escape", modifiers: [.ctrl, .alt, .shift]))
    }

    @Test func singleKeyChordMatchesOnlyWithoutModifiers() throws {
        let chord = try #require(KeyChord(parsing: "F12"))
        #expect(chord.matches(key: "F12", modifiers: []))
        #expect(!chord.matches(key: "F12", modifiers: [.shift]))
        #expect(!chord.matches(key: "F11", modifiers: []))
    }

    @Test func descriptionListsModifiersInAFixedOrder() {
        #expect(KeyChord(parsing: "shift+super+alt+ctrl+q")?.description == "ctrl+alt+shift+super+q")
        #expect(KeyChord(parsing: "win+Delete")?.description == "super+delete")
        #expect(KeyChord(parsing: "F12")?.description == "f12")
        #expect("\(KeyChord(modifiers: [.alt, .ctrl], key: "X"))" == "ctrl+alt+x")
    }

    @Test(arguments: ["ctrl+alt+shift+q", "Q", "super+f1", "gui+shift+escape", "control+meta+delete",
                      "alt+backspace", "ctrl+alt+shift+super+end"])
    func descriptionRoundTrips(text: String) throws {
        let chord = try #require(KeyChord(parsing: text))
        #expect(KeyChord(parsing: chord.description) == chord)
    }

    @Test func everyModifierSetRoundTrips() {
        for raw in 0..<16 {
            let chord = KeyChord(modifiers: KeyChord.Modifiers(rawValue: raw), key: "k")
            #expect(KeyChord(parsing: chord.description) == chord, "\(chord)")
        }
    }

    /// SDL names some keys with a space ("Keypad Enter", "Keypad 5"); a chord naming one must match the press.
    @Test
    func chordOnAKeyWhoseSDLNameHasASpaceMatches() throws {
        let chord = try #require(KeyChord(parsing: "ctrl+Keypad Enter"))
        #expect(chord.matches(key: "Keypad Enter", modifiers: [.ctrl]))
    }
}
