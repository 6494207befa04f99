import Testing
@testable import VitrineCore
import VitrineFixtures

/// A folder deck under the runtime on manual time: files added and removed reload it, and the card on screen stays
/// on screen by identity while the cards around it come and go.
@Suite struct KioskRuntimeFolderTests {
    static let source = FolderSource(path: "/srv/photos")

    /// The folder deck of the image files `names` (a sidecar titles each `name.json` given in `sidecars`).
    static func config(_ names: [String], sidecars: [String: String] = [:]) -> KioskConfig {
        var entries = names.map { FolderEntry(name: $0, header: ImageHeaders.jpeg(width: 30, height: 20)) }
        for (name, text) in sidecars { entries.append(FolderEntry(name: name, contents: .success(Array(text.utf8)))) }
        var config = KioskConfig.folderDeck(source.path)
        config.cards = FolderDeck.cards(from: FolderListing(entries: entries), source: source).cards
        return config
    }

    /// What the folder holds now: each reload lists it again.
    final class Folder: @unchecked Sendable {
        var config: KioskConfig
        init(_ config: KioskConfig) { self.config = config }
    }

    static func kiosk(_ folder: Folder) -> EmbeddedKiosk {
        EmbeddedKiosk(config: folder.config, pixels: RuntimeFixture.pixels) { _ in .success(LoadedConfig(config: folder.config)) }
    }

    @Test func theFolderItselfIsWatchedAndNoConfigFile() {
        let folder = Folder(Self.config(["b.jpg", "d.jpg"]))
        var kiosk = Self.kiosk(folder)
        kiosk.advance(to: 0.1)
        #expect(kiosk.watched == ["/srv/photos/.", "/srv/photos/b.jpg", "/srv/photos/d.jpg"])
    }

    @Test func addingAFileBeforeTheCurrentCardAddsACardWithoutMovingIt() {
        let folder = Folder(Self.config(["b.jpg", "d.jpg", "f.jpg"]))
        var kiosk = Self.kiosk(folder)
        kiosk.send(.paging(.key(.next)), at: 1)
        kiosk.advance(to: 3)
        #expect(kiosk.runtime.session.pager.currentPage == 1)
        let framesBefore = kiosk.frames.count
        // a.jpg and c.jpg arrive; both sort before d.jpg, the card on screen.
        folder.config = Self.config(["a.jpg", "b.jpg", "c.jpg", "d.jpg", "f.jpg"])
        kiosk.send(.filesChanged(["/srv/photos/.", "/srv/photos/a.jpg", "/srv/photos/c.jpg"]), at: 4)
        kiosk.advance(to: 6)
        let current = kiosk.runtime.session.pager.currentPage
        #expect(current == 3)
        #expect(kiosk.runtime.config.cards[current].image == "/srv/photos/d.jpg")
        // The log says the card's number changed, and nothing moved: no transition, and every frame since rests on it.
        let lines = kiosk.events.compactMap(\.jsonLine).filter { $0.contains("\"t\":4.000") }
        #expect(lines == [#"{"t":4.000,"event":"pageChanged","page":3,"from":1,"reason":"reload"}"#,
                          #"{"t":4.000,"event":"deckReloaded","cards":5}"#])
        #expect(!kiosk.events.contains { $0.t >= 4 && { if case .pager(.transitionStarted) = $0 { true } else { false } }($0.event) })
        for (_, frame) in kiosk.frames[framesBefore...] {
            #expect(frame.pager.currentPage == 3 && frame.pager.position == 3)
        }
    }

    @Test func aRetitledAndMovedCardIsStillFoundByItsFileName() {
        let folder = Folder(Self.config(["b.jpg", "d.jpg"]))
        var kiosk = Self.kiosk(folder)
        kiosk.send(.paging(.key(.next)), at: 1)
        kiosk.advance(to: 3)
        folder.config = Self.config(["a.jpg", "b.jpg", "d.jpg"], sidecars: ["d.json": #"{"title": "Renamed"}"#])
        kiosk.send(.filesChanged(["/srv/photos/.", "/srv/photos/a.jpg", "/srv/photos/d.json"]), at: 4)
        #expect(kiosk.runtime.session.pager.currentPage == 2)
        #expect(kiosk.runtime.config.cards[2].title == "Renamed")
    }

    @Test func aBadSidecarIsReportedOnceNotAtEveryReload() {
        var entries = ["a.jpg", "b.jpg"].map { FolderEntry(name: $0, header: ImageHeaders.jpeg(width: 30, height: 20)) }
        entries.append(FolderEntry(name: "a.json", contents: .success(Array(#"{"title": 3}"#.utf8))))
        let loaded = FolderDeck.cards(from: FolderListing(entries: entries), source: Self.source)
        var config = KioskConfig.folderDeck(Self.source.path)
        config.cards = loaded.cards
        var kiosk = EmbeddedKiosk(config: config, pixels: RuntimeFixture.pixels) { _ in
            .success(LoadedConfig(config: config, warnings: loaded.problems))
        }
        kiosk.send(.filesChanged(["/srv/photos/."]), at: 1)
        kiosk.send(.filesChanged(["/srv/photos/."]), at: 2)
        kiosk.send(.filesChanged(["/srv/photos/."]), at: 3)
        #expect(kiosk.reports == ["/srv/photos/a.json: title: expected a non-empty string, found a number; the card uses its fallback title"])
    }

    @Test func removingTheCurrentFileKeepsTheIndexInTheDeck() {
        let folder = Folder(Self.config(["a.jpg", "b.jpg", "c.jpg"]))
        var kiosk = Self.kiosk(folder)
        kiosk.send(.paging(.key(.last)), at: 1)
        kiosk.advance(to: 3)
        folder.config = Self.config(["a.jpg", "b.jpg"])
        kiosk.send(.filesChanged(["/srv/photos/.", "/srv/photos/c.jpg"]), at: 4)
        #expect(kiosk.runtime.config.cards.count == 2)
        #expect(kiosk.runtime.session.pager.currentPage == 1)
        #expect(kiosk.watched == ["/srv/photos/.", "/srv/photos/a.jpg", "/srv/photos/b.jpg"])
    }
}
