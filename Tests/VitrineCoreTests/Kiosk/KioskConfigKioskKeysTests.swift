import Testing
@testable import VitrineCore

/// The config keys for kiosk operation: display.mode, index, exitChord, rotation, and autoplay.
@Suite struct KioskConfigKioskKeysTests {
    /// A document with three cards and the given extra top-level members.
    func doc(_ members: String) -> String {
        #"{"cards": [{"title": "A", "image": "a.jpg"}, {"title": "B", "image": "b.jpg"}, {"title": "C", "image": "c.jpg"}], \#(members)}"#
    }

    func display(_ members: String) -> String { doc(#""display": {\#(members)}"#) }

    /// Every error `text` fails with, as `path: message`.
    func errors(_ text: String) -> [String] {
        guard let error = configError(text) else { return [] }
        #expect(error.kind == .invalid)
        return error.diagnostics.map { "\($0.path): \($0.message)" }
    }

    // MARK: display

    @Test func displayDefaults() throws {
        let config = try decodeConfig(doc(#""wrap": true"#)).config
        #expect(config.display.mode == .windowed)
        #expect(config.display.displayIndex == 0)
        #expect(config.display.exitChord == nil)
        #expect(config.display.rotation == .none)
        #expect(config.autoplay == nil)
    }

    @Test func modeDecodes() throws {
        #expect(try decodeConfig(display(#""mode": "kiosk""#)).config.display.mode == .kiosk)
        #expect(try decodeConfig(display(#""mode": "windowed""#)).config.display.mode == .windowed)
    }

    @Test func badModeNamesTheField() {
        #expect(errors(display(#""mode": "fullscreen""#)) == [#"display.mode: expected "windowed" or "kiosk", found "fullscreen""#])
        #expect(errors(display(#""mode": "Kiosk""#)) == [#"display.mode: expected "windowed" or "kiosk", found "Kiosk""#])
        #expect(errors(display(#""mode": true"#)) == [#"display.mode: expected "windowed" or "kiosk", found a boolean"#])
    }

    @Test func rendererDecodesAndDefaultsToAuto() throws {
        #expect(try decodeConfig(doc(#""wrap": true"#)).config.display.renderer == .auto)
        #expect(try decodeConfig(display(#""renderer": "accelerated""#)).config.display.renderer == .accelerated)
        #expect(try decodeConfig(display(#""renderer": "software""#)).config.display.renderer.usesSoftware)
        #expect(RendererChoice.auto.usesSoftware && !RendererChoice.accelerated.usesSoftware)
        #expect(errors(display(#""renderer": "opengl""#)) == [#"display.renderer: expected "auto", "software" or "accelerated", found "opengl""#])
    }

    @Test func displayIndexDecodes() throws {
        #expect(try decodeConfig(display(#""index": 2"#)).config.display.displayIndex == 2)
        #expect(try decodeConfig(display(#""index": 15"#)).config.display.displayIndex == 15)
        #expect(try decodeConfig(display(#""index": 0"#)).warnings.isEmpty)
    }

    @Test func badDisplayIndexNamesTheField() {
        #expect(errors(display(#""index": 16"#)) == ["display.index: expected a whole number from 0 to 15, found 16"])
        #expect(errors(display(#""index": -1"#)) == ["display.index: expected a whole number from 0 to 15, found -1"])
        #expect(errors(display(#""index": 1.5"#)) == ["display.index: expected a whole number from 0 to 15, found 1.5"])
        #expect(errors(display(#""index": "1""#)) == ["display.index: expected a whole number from 0 to 15, found a string"])
        #expect(errors(display(#""index": null"#)) == ["display.index: expected a whole number from 0 to 15, found null"])
    }

    /// `displayIndex`, the key's old name, is still read, with one warning naming the new one.
    @Test func displayIndexIsTheOldNameOfIndex() throws {
        let (config, warnings) = try decodeConfig(display(#""displayIndex": 1"#))
        #expect(config.display.displayIndex == 1)
        #expect(warnings.map { "\($0.path): \($0.message)" }
                == [#"display.displayIndex: "displayIndex" is the old name of "index": it is still read, but write "index""#])
        #expect(errors(display(#""displayIndex": 16"#)) == ["display.displayIndex: expected a whole number from 0 to 15, found 16"])
        #expect(errors(display(#""index": 1, "displayIndex": 1"#))
                == [#"display.displayIndex: "displayIndex" is the old name of "index": give "index" alone"#])
        // A misspelt key is offered "index", never the old name.
        let misspelt = try decodeConfig(display(#""indx": 1"#)).warnings
        #expect(misspelt.map(\.message) == [#"unknown key "indx" (ignored); did you mean "index"?"#])
    }

    @Test func aMissingDisplayIsOneLineNamingItAndTheDisplaysThere() {
        #expect(DisplayConfig.missingDisplayMessage(index: 2, count: 2) == "display 2 does not exist (this machine has 2 displays: 0-1)")
        #expect(DisplayConfig.missingDisplayMessage(index: 1, count: 1) == "display 1 does not exist (this machine has 1 display: 0)")
        #expect(DisplayConfig.missingDisplayMessage(index: 5, count: 3) == "display 5 does not exist (this machine has 3 displays: 0-2)")
        #expect(DisplayConfig.missingDisplayMessage(index: 0, count: 0) == "display 0 does not exist (this machine has no display)")
    }

    @Test func exitChordDecodes() throws {
        let config = try decodeConfig(display(#""mode": "kiosk", "exitChord": "Ctrl+Alt+Shift+Q""#)).config
        #expect(config.display.exitChord == KeyChord(modifiers: [.ctrl, .alt, .shift], key: "q"))
        #expect(try decodeConfig(display(#""exitChord": "super+f12""#)).config.display.exitChord == KeyChord(modifiers: [.gui], key: "f12"))
    }

    @Test func badExitChordNamesTheField() {
        let wording = #"expected a key chord such as "ctrl+alt+shift+q" (modifiers ctrl, alt, shift, super, then one key)"#
        #expect(errors(display(#""exitChord": "hyper+q""#)) == [#"display.exitChord: \#(wording), found "hyper+q""#])
        #expect(errors(display(#""exitChord": "ctrl+""#)) == [#"display.exitChord: \#(wording), found "ctrl+""#])
        #expect(errors(display(#""exitChord": "ctrl+q+w""#)) == [#"display.exitChord: \#(wording), found "ctrl+q+w""#])
        #expect(errors(display(#""exitChord": """#)) == ["display.exitChord: expected a non-empty string, found an empty string"])
        #expect(errors(display(#""exitChord": 12"#)) == ["display.exitChord: expected a non-empty string, found a number"])
    }

    @Test func rotationDecodesEachAngle() throws {
        for rotation in Rotation.allCases {
            let config = try decodeConfig(display(#""rotation": \#(rotation.rawValue)"#)).config
            #expect(config.display.rotation == rotation)
        }
        #expect(try decodeConfig(display(#""rotation": 90.0"#)).config.display.rotation == .clockwise90)
    }

    @Test func badRotationNamesTheField() {
        let wording = "display.rotation: expected 0, 90, 180 or 270 (degrees clockwise), found"
        #expect(errors(display(#""rotation": 45"#)) == ["\(wording) 45"])
        #expect(errors(display(#""rotation": 360"#)) == ["\(wording) 360"])
        #expect(errors(display(#""rotation": -90"#)) == ["\(wording) -90"])
        #expect(errors(display(#""rotation": 90.5"#)) == ["\(wording) 90.5"])
        #expect(errors(display(#""rotation": 1e300"#)) == ["\(wording) 1e+300"])
        #expect(errors(display(#""rotation": "90""#)) == ["\(wording) a string"])
        #expect(errors(display(#""rotation": null"#)) == ["\(wording) null"])
    }

    @Test func allDisplayKeysTogether() throws {
        let (config, warnings) = try decodeConfig(display(
            #""mode": "kiosk", "index": 1, "exitChord": "ctrl+alt+shift+q", "rotation": 270, "fit": "cover""#))
        #expect(warnings.isEmpty)
        #expect(config.display.mode == .kiosk)
        #expect(config.display.displayIndex == 1)
        #expect(config.display.exitChord?.description == "ctrl+alt+shift+q")
        #expect(config.display.rotation == .clockwise270)
        #expect(config.display.fit == .cover)
    }

    @Test func unknownDisplayKeySuggestsTheNewOnes() throws {
        let warnings = try decodeConfig(display(#""rotaton": 90"#)).warnings
        #expect(warnings.map { "\($0.path): \($0.message)" } == [#"display.rotaton: unknown key "rotaton" (ignored); did you mean "rotation"?"#])
    }

    // MARK: autoplay

    @Test func autoplayDecodesEveryKey() throws {
        let (config, warnings) = try decodeConfig(doc(
            #""autoplay": {"interval": 12.5, "resumeAfterIdle": 45, "homeAfterIdle": 300, "home": 2, "progressBar": true}"#))
        #expect(warnings.isEmpty)
        #expect(config.autoplay == AutoplayConfig(interval: 12.5, resumeAfterIdle: 45, homeAfterIdle: 300, home: 2, progressBar: true))
    }

    @Test func emptyAutoplayObjectTurnsItOnWithDefaults() throws {
        #expect(try decodeConfig(doc(#""autoplay": {}"#)).config.autoplay == AutoplayConfig())
        #expect(try decodeConfig(doc(#""autoplay": {"interval": 5}"#)).config.autoplay == AutoplayConfig(interval: 5))
    }

    @Test func autoplayAbsentIsNil() throws {
        #expect(try decodeConfig(#"{"cards": []}"#).config.autoplay == nil)
        #expect(try decodeConfig(doc(#""wrap": false"#)).config.autoplay == nil)
    }

    @Test func autoplayMustBeAnObject() {
        #expect(errors(doc(#""autoplay": true"#)) == ["autoplay: expected an object, found a boolean"])
        #expect(errors(doc(#""autoplay": 8"#)) == ["autoplay: expected an object, found a number"])
    }

    @Test func badIntervalNamesTheField() {
        #expect(errors(doc(#""autoplay": {"interval": 0}"#)) == ["autoplay.interval: expected a number from 0.5 to 86400, found 0"])
        #expect(errors(doc(#""autoplay": {"interval": 0.25}"#)) == ["autoplay.interval: expected a number from 0.5 to 86400, found 0.25"])
        #expect(errors(doc(#""autoplay": {"interval": 86401}"#)) == ["autoplay.interval: expected a number from 0.5 to 86400, found 86401"])
        #expect(errors(doc(#""autoplay": {"interval": "8"}"#)) == ["autoplay.interval: expected a number from 0.5 to 86400, found a string"])
    }

    @Test func intervalBoundsAreInclusive() throws {
        #expect(try decodeConfig(doc(#""autoplay": {"interval": 0.5}"#)).config.autoplay?.interval == 0.5)
        #expect(try decodeConfig(doc(#""autoplay": {"interval": 86400}"#)).config.autoplay?.interval == 86400)
    }

    @Test func otherBadAutoplayValuesNameTheirFields() {
        #expect(errors(doc(#""autoplay": {"resumeAfterIdle": -1}"#)) == ["autoplay.resumeAfterIdle: expected a number from 0 to 86400, found -1"])
        #expect(errors(doc(#""autoplay": {"homeAfterIdle": 0}"#)) == ["autoplay.homeAfterIdle: expected a number from 1 to 86400, found 0"])
        #expect(errors(doc(#""autoplay": {"home": -1}"#)) == ["autoplay.home: expected a whole number from 0 to 1000000, found -1"])
        #expect(errors(doc(#""autoplay": {"home": 1.5}"#)) == ["autoplay.home: expected a whole number from 0 to 1000000, found 1.5"])
        #expect(errors(doc(#""autoplay": {"progressBar": "yes"}"#)) == ["autoplay.progressBar: expected true or false, found a string"])
    }

    @Test func resumeAfterIdleZeroIsAllowed() throws {
        #expect(try decodeConfig(doc(#""autoplay": {"resumeAfterIdle": 0}"#)).config.autoplay?.resumeAfterIdle == 0)
    }

    @Test func homePastTheLastCardIsAnError() {
        #expect(errors(doc(#""autoplay": {"home": 12}"#)) == ["autoplay.home: card 12 does not exist: the deck has 3 cards, numbered 0 to 2"])
        #expect(errors(doc(#""autoplay": {"home": 3}"#)) == ["autoplay.home: card 3 does not exist: the deck has 3 cards, numbered 0 to 2"])
    }

    @Test func homeOnTheLastCardIsFine() throws {
        #expect(try decodeConfig(doc(#""autoplay": {"home": 2}"#)).config.autoplay?.home == 2)
    }

    @Test func homeIsNotCheckedAgainstAnEmptyDeck() throws {
        #expect(try decodeConfig(#"{"cards": [], "autoplay": {"home": 4}}"#).config.autoplay?.home == 4)
    }

    @Test func homeErrorComesWithTheOtherErrors() {
        let found = errors(doc(#""autoplay": {"interval": 0, "home": 7}, "display": {"rotation": 45}"#))
        #expect(found.count == 3)
        #expect(found.contains("autoplay.interval: expected a number from 0.5 to 86400, found 0"))
        #expect(found.contains("autoplay.home: card 7 does not exist: the deck has 3 cards, numbered 0 to 2"))
        #expect(found.contains("display.rotation: expected 0, 90, 180 or 270 (degrees clockwise), found 45"))
    }

    @Test func unknownAutoplayKeyWarnsWithASuggestion() throws {
        let (config, warnings) = try decodeConfig(doc(#""autoplay": {"intervall": 5}"#))
        #expect(config.autoplay == AutoplayConfig())
        #expect(warnings.map { "\($0.path): \($0.message)" } == [#"autoplay.intervall: unknown key "intervall" (ignored); did you mean "interval"?"#])
        let home = try decodeConfig(doc(#""autoplay": {"homeAfterIdel": 60}"#)).warnings
        #expect(home.map { "\($0.path): \($0.message)" } == [#"autoplay.homeAfterIdel: unknown key "homeAfterIdel" (ignored); did you mean "homeAfterIdle"?"#])
    }

    @Test func unknownAutoplayKeyFarFromAnyListsTheKnownKeys() throws {
        let warnings = try decodeConfig(doc(#""autoplay": {"speed": 5}"#)).warnings
        #expect(warnings.map(\.message) == [#"unknown key "speed" (ignored); known keys are "interval", "resumeAfterIdle", "homeAfterIdle", "home", "progressBar" and "shuffle""#])
    }
}
