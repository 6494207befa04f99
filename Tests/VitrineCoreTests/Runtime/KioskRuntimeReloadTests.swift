import Testing
@testable import VitrineCore

/// Hot reload's rules in the runtime: which card stays, what the log says, what the renderer is told.
@Suite struct KioskRuntimeReloadTests {
    /// The config file every fixture deck is read from.
    static let file = "/deck/kiosk.json"

    @Test func aReloadThatMovesTheCardOnScreenLogsPageChanged() {
        let cards = RuntimeFixture.cards(5)
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(cards), files: [
            Self.file: RuntimeFixture.config([cards[1], cards[2], cards[3], cards[0], cards[4]]),
        ])
        kiosk.advance(to: 1)
        kiosk.send(.filesChanged([PathKey(Self.file)]), at: 2)
        // Card a0 was on screen at index 0; it is now at index 3, and the screen stays on it.
        #expect(kiosk.runtime.session.pager.currentPage == 3)
        let lines = kiosk.events.compactMap(\.jsonLine)
        #expect(lines == [
            #"{"t":0.000,"event":"pageChanged","page":0,"from":null,"reason":"start"}"#,
            #"{"t":2.000,"event":"pageChanged","page":3,"from":0,"reason":"reload"}"#,
            #"{"t":2.000,"event":"deckReloaded","cards":5}"#,
        ])
        // The log's last page is the page on screen.
        #expect(RuntimeFixture.pageChanges(kiosk.events).last?.page == kiosk.runtime.session.pager.currentPage)
    }

    @Test func aReloadThatFlipsExifOrientationChangesTheNextFrame() {
        let cards = RuntimeFixture.cards(3)
        var flipped = RuntimeFixture.config(cards)
        flipped.display.exifOrientation = false
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(cards), files: [Self.file: flipped])
        kiosk.advance(to: 1)
        #expect(kiosk.frames.last?.frame.exifOrientation == true)
        let drawn = kiosk.frames.count
        kiosk.send(.reloadRequested, at: 2)
        kiosk.advance(to: 3)
        // The renderer reacts to the frame alone: the setting is in it, so the next frame differs and is drawn.
        #expect(kiosk.frames.count > drawn)
        #expect(kiosk.frames.last?.frame.exifOrientation == false)
        let after = kiosk.frames.count
        kiosk.advance(to: 4)
        #expect(kiosk.frames.count == after, "drawn once, then nothing changes")
    }

    @Test func aReloadThatChangesTheStyleChangesTheNextFrame() {
        let cards = RuntimeFixture.cards(3)
        var gold = RuntimeFixture.config(cards)
        gold.style.textColor = Color(red: 255, green: 200, blue: 0)
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(cards), files: [Self.file: gold])
        kiosk.advance(to: 1)
        #expect(kiosk.frames.last?.frame.look == CardLook())
        let drawn = kiosk.frames.count
        kiosk.send(.reloadRequested, at: 2)
        kiosk.advance(to: 3)
        // The renderer composes its cards anew from the frame alone (KioskApp no longer compares the config).
        #expect(kiosk.frames.count > drawn)
        #expect(kiosk.frames.last?.frame.look.textColor == Color(red: 255, green: 200, blue: 0))
    }

    @Test func aReloadThatKeepsTheIndexLogsNoPageChange() {
        let cards = RuntimeFixture.cards(3)
        var edited = cards
        edited[2].title = "Edited"
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(cards), files: [Self.file: RuntimeFixture.config(edited)])
        kiosk.send(.reloadRequested, at: 1)
        #expect(kiosk.events.map(\.event) == [.started(page: 0), .deckReloaded(cards: 3)])
    }

    @Test func aReloadDuringATransitionLandsItFirst() {
        let cards = RuntimeFixture.cards(5)
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(cards), files: [
            Self.file: RuntimeFixture.config([cards[4], cards[3], cards[2], cards[1], cards[0]]),
        ])
        kiosk.send(.paging(.key(.next)), at: 1)
        kiosk.send(.reloadRequested, at: 1.1)
        // The move to a1 lands at once (pageChanged 1), then a1 is found at index 3.
        let pages = RuntimeFixture.pageChanges(kiosk.events).map(\.page)
        #expect(pages == [1, 3])
        #expect(kiosk.runtime.session.pager.currentPage == 3)
    }

    @Test func anInvalidConfigKeepsTheDeckAndIsReportedOnce() {
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(3)), files: [:])
        kiosk.send(.paging(.key(.last)), at: 0.5)
        kiosk.send(.filesChanged([PathKey(Self.file)]), at: 2)
        kiosk.send(.filesChanged(["/deck/a1.jpg"]), at: 3)
        #expect(kiosk.reports.count == 1)
        #expect(kiosk.reports.first?.contains("config reload failed, keeping the last good deck") == true)
        #expect(kiosk.runtime.config.cards.count == 3)
        #expect(kiosk.runtime.session.pager.currentPage == 2)
        #expect(!kiosk.events.contains { if case .deckReloaded = $0.event { true } else { false } })
    }

    @Test func changedImagesAreForgottenEvenWhenTheConfigIsBad() {
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(3)), files: [:])
        kiosk.send(.filesChanged(["/deck/a1.jpg"]), at: 1)
        #expect(kiosk.otherEffects.contains(.forgetImages(["/deck/a1.jpg"])))
    }

    @Test func afterTheFirstFrameTheNewDecksFilesAreWatched() {
        let cards = RuntimeFixture.cards(2)
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(cards), files: [Self.file: RuntimeFixture.config(RuntimeFixture.cards(3, prefix: "b"))])
        kiosk.advance(to: 0.1)
        #expect(kiosk.watched == [PathKey(Self.file), "/deck/a0.jpg", "/deck/a1.jpg"])
        kiosk.send(.reloadRequested, at: 1)
        #expect(kiosk.watched == [PathKey(Self.file), "/deck/b0.jpg", "/deck/b1.jpg", "/deck/b2.jpg"])
    }

    @Test func settingsThatNeedARestartAreKeptAndSaidSo() {
        let cards = RuntimeFixture.cards(2)
        var rotated = RuntimeFixture.config(cards)
        rotated.display.rotation = .clockwise90
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(cards), files: [Self.file: rotated])
        kiosk.send(.reloadRequested, at: 1)
        #expect(kiosk.runtime.session.rotation == Rotation.none)
        #expect(kiosk.reports.contains { $0.contains("take effect at the next start") })
    }

    /// `run --display 1`: the reloaded file says nothing of the display (index 0), and that is no change to report.
    @Test func theCommandLinesDisplayIsNotAChangeOnReload() {
        let cards = RuntimeFixture.cards(2)
        var started = RuntimeFixture.config(cards)
        started.display.displayIndex = 1
        var kiosk = EmbeddedKiosk(config: started, pixels: RuntimeFixture.pixels, commandLineDisplay: 1,
                                  loadConfig: RuntimeFixture.loader([Self.file: RuntimeFixture.config(RuntimeFixture.cards(3))]))
        kiosk.send(.reloadRequested, at: 1)
        #expect(kiosk.runtime.config.cards.count == 3, "the reload took")
        #expect(kiosk.runtime.config.display.displayIndex == 1)
        #expect(!kiosk.reports.contains { $0.contains("take effect at the next start") }, "\(kiosk.reports)")
        // Without --display, the file's new index is kept for the next start and said so.
        var plain = EmbeddedKiosk(config: started, pixels: RuntimeFixture.pixels,
                                  loadConfig: RuntimeFixture.loader([Self.file: RuntimeFixture.config(RuntimeFixture.cards(3))]))
        plain.send(.reloadRequested, at: 1)
        #expect(plain.runtime.config.display.displayIndex == 1)
        #expect(plain.reports.contains { $0.contains("rotation, index, renderer") })
    }

    @Test func aReplayReloadLineSwapsTheDeck() throws {
        let cards = RuntimeFixture.cards(2)
        var kiosk = RuntimeFixture.kiosk(RuntimeFixture.config(cards))
        let other = RuntimeFixture.config(RuntimeFixture.cards(4, prefix: "c"))
        try kiosk.play(ReplayScript.parse(#"{"at":1,"reload":"other.json"}"#, file: "s"), windowPoints: RuntimeFixture.pixels,
                       load: RuntimeFixture.loader(["other.json": other])) { (_: KioskFrame, _: KioskConfig, _: String, _: ReplayStep) in }
        #expect(kiosk.runtime.config.cards.count == 4)
        #expect(kiosk.events.compactMap(\.jsonLine) == [#"{"t":0.000,"event":"pageChanged","page":0,"from":null,"reason":"start"}"#, #"{"t":1.000,"event":"deckReloaded","cards":4}"#])
    }
}
