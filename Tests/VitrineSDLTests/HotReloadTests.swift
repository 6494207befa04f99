import Foundation
import Testing
import VitrineCore
import VitrineSystem
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// Hot reload headless, through the same ``DeckReloader`` the kiosk's loop uses, on real files in a fresh folder.
    @Suite struct HotReload {
        /// How long a test waits for the watcher before it fails; the wait ends as soon as the change arrives.
        static let timeout = 5.0
        /// A short debounce keeps the watcher tests quick.
        static let debounce = 0.05
        /// The frame size: small, since only differences matter here.
        static let size = PixelSize(width: 300, height: 200)

        /// One card as written to the config; `image` is a file name in the rig's folder.
        struct Card {
            var id: String? = nil
            var title: String
            var image: String
        }

        static let a = Card(title: "Ember Mesa", image: "a.jpg")
        static let b = Card(title: "Alpine Lake", image: "b.jpg")
        static let c = Card(title: "Misty Hills", image: "c.jpg")
        static let x = Card(title: "Starwater Tarn", image: "x.jpg")
        static let y = Card(title: "Goldgrass Prairie", image: "y.jpg")

        /// A config and its images in a fresh folder, a headless deck showing it, and the reloader over both.
        final class Rig {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-reload-\(UUID().uuidString)").path
            var configPath: String { "\(folder)/kiosk.json" }
            var eventsPath: String { "\(folder)/events.jsonl" }
            let problems = Problems()
            let headless: HeadlessRenderer
            let reloader: DeckReloader
            var session: KioskSession
            var time = 0.0

            /// Lines reported so far.
            final class Problems {
                var lines: [String] = []
            }

            init(_ cards: [Card], page: Int = 0) throws {
                _ = Fixture.library
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                let demo = ["a.jpg": "ember-mesa", "b.jpg": "alpine-lake", "c.jpg": "misty-hills", "x.jpg": "starry-lake", "y.jpg": "prairie-panorama"]
                for (file, name) in demo {
                    try FileManager.default.copyItem(atPath: "\(Fixture.root)/Assets/Demo/\(name).jpg", toPath: "\(folder)/\(file)")
                }
                try Rig.configText(cards).write(toFile: "\(folder)/kiosk.json", atomically: false, encoding: .utf8)
                let config = try KioskConfig.load(path: "\(folder)/kiosk.json").config
                let problems = problems
                headless = try HeadlessRenderer(config: config, size: HotReload.size, fonts: FontLibrary(paths: Fixture.fontPaths),
                                                report: { problems.lines.append($0) })
                reloader = DeckReloader(config: config, deck: headless.deck, events: try EventLog(path: "\(folder)/events.jsonl"),
                                        report: { problems.lines.append($0) })
                session = KioskSession(pageCount: config.cards.count, wraps: config.wrap, stage: headless.deck.stage, currentPage: page)
            }

            deinit {
                reloader.stopWatching()
                try? FileManager.default.removeItem(atPath: folder)
            }

            /// The config text for `cards`, images relative to the config's folder.
            static func configText(_ cards: [Card]) -> String {
                let items = cards.map { card in
                    let id = card.id.map { "\"id\": \"\($0)\", " } ?? ""
                    return "    {\(id)\"title\": \"\(card.title)\", \"image\": \"\(card.image)\"}"
                }
                return "{\n  \"cards\": [\n" + items.joined(separator: ",\n") + "\n  ]\n}\n"
            }

            /// Overwrites the config in place.
            func write(_ text: String) throws { try text.write(toFile: configPath, atomically: false, encoding: .utf8) }

            /// Replaces the config as deploy tools do: write `kiosk.json.tmp`, then rename it over `kiosk.json`.
            func renameReplace(_ text: String) throws {
                try text.write(toFile: configPath + ".tmp", atomically: false, encoding: .utf8)
                #expect(rename(configPath + ".tmp", configPath) == 0)
            }

            /// Reloads as the kiosk does after the watcher reported `changed`.
            func reload(changed: Set<String>) -> ReloadOutcome {
                reloader.reload(changed: changed, session: &session, at: time, t: time)
            }

            /// The current frame.
            func frame() throws -> RGBAImage { try RGBAImage(headless.render(session.snapshot())) }

            /// The frame a fresh renderer draws for the reloader's config on `page`: what a reload must match.
            func freshFrame(page: Int) throws -> RGBAImage {
                let fresh = try HeadlessRenderer(config: reloader.config, size: HotReload.size, fonts: FontLibrary(paths: Fixture.fontPaths))
                let snapshot = PagerSnapshot(pageCount: reloader.config.cards.count, currentPage: page, position: Double(page),
                                             wraps: reloader.config.wrap)
                return try RGBAImage(fresh.render(snapshot))
            }

            /// The event log's lines so far.
            func eventLines() throws -> [String] {
                try String(contentsOfFile: eventsPath, encoding: .utf8).split(separator: "\n").map(String.init)
            }

            /// Starts the watcher; the returned semaphore is signalled each time it wakes the "loop".
            func watch() throws -> DispatchSemaphore {
                let woke = DispatchSemaphore(value: 0)
                try reloader.startWatching(debounce: HotReload.debounce) { woke.signal() }
                return woke
            }

            /// Waits for the watcher to wake us (at most ``HotReload/timeout``), then reloads what it reported.
            func reloadWhenWoken(_ woke: DispatchSemaphore, until done: (ReloadOutcome) -> Bool) -> ReloadOutcome? {
                let deadline = DispatchTime.now() + HotReload.timeout
                while woke.wait(timeout: deadline) == .success {
                    if let outcome = reloader.reloadPending(session: &session, at: time, t: time), done(outcome) { return outcome }
                }
                return nil
            }
        }

        @Test func aValidEditReloadsTheDeckOnTheSameCardAndLogsIt() throws {
            let rig = try Rig([Self.a, Self.b, Self.c], page: 1)
            let before = try rig.frame()
            #expect(rig.headless.deck.isComposed(1))
            rig.time = 1.5
            try rig.write(Rig.configText([Self.a, Card(title: "Lac Émeraude", image: "b.jpg"), Self.c]))
            #expect(rig.reload(changed: [rig.configPath]) == .reloaded(cards: 3, page: 1))
            #expect(rig.reloader.config.cards[1].title == "Lac Émeraude")
            #expect(rig.headless.deck.cards[1].title == "Lac Émeraude")
            #expect(!rig.headless.deck.isComposed(1), "the edited card is composed again")
            let after = try rig.frame()
            #expect(after != before)
            #expect(after == (try rig.freshFrame(page: 1)))
            #expect(try rig.eventLines() == [#"{"t":1.500,"event":"deckReloaded","cards":3}"#])
            #expect(rig.problems.lines.isEmpty)
        }

        @Test func malformedJSONKeepsTheLastGoodDeckAndSaysWhere() throws {
            let rig = try Rig([Self.a, Self.b, Self.c], page: 2)
            let before = try rig.frame()
            let good = rig.reloader.config
            try rig.write("{\n  \"cards\": [\n    {\"title\": \"Ember Mesa\" \"image\": \"a.jpg\"}\n  ]\n}\n")
            guard case .kept(let error) = rig.reload(changed: [rig.configPath]) else {
                Issue.record("an invalid config must not be taken")
                return
            }
            #expect(error.kind == .invalid)
            #expect(rig.reloader.config == good)
            #expect(rig.session.pager.currentPage == 2 && rig.session.pager.pageCount == 3)
            #expect(try rig.frame() == before, "the last good deck stays on screen")
            #expect(rig.problems.lines.count == 1)
            #expect(rig.problems.lines.first?.hasPrefix("config reload failed, keeping the last good deck: \(rig.configPath): line 3, column ") == true,
                    "\(rig.problems.lines)")
            #expect(try rig.eventLines().isEmpty)

            _ = rig.reload(changed: ["\(rig.folder)/a.jpg"])
            #expect(rig.problems.lines.count == 1, "the same error is not reported again when only an image changed")
            try rig.write(Rig.configText([Self.a, Self.b]))
            #expect(rig.reload(changed: [rig.configPath]) == .reloaded(cards: 2, page: 1))
        }

        @Test func anInvalidFieldIsReportedWithItsPathOneLineEach() throws {
            let rig = try Rig([Self.a, Self.b], page: 1)
            try rig.write(#"{"cards": [{"title": "Ember Mesa", "image": "a.jpg"}, {"title": 5, "image": ""}]}"#)
            guard case .kept(let error) = rig.reload(changed: [rig.configPath]) else {
                Issue.record("an invalid config must not be taken")
                return
            }
            #expect(rig.problems.lines.count == error.diagnostics.count)
            #expect(rig.problems.lines.count >= 2)
            #expect(rig.problems.lines.contains { $0.contains("\(rig.configPath): cards[1].title: ") })
            #expect(rig.problems.lines.contains { $0.contains("\(rig.configPath): cards[1].image: ") })
            #expect(rig.reloader.config.cards.count == 2)
        }

        @Test func aRenameReplaceIsSeenByTheWatcherAndReloaded() throws {
            let rig = try Rig([Self.a, Self.b, Self.c], page: 1)
            let woke = try rig.watch()
            try rig.renameReplace(Rig.configText([Self.a, Card(title: "Renamed", image: "b.jpg"), Self.c]))
            let outcome = rig.reloadWhenWoken(woke) { _ in rig.reloader.config.cards[1].title == "Renamed" }
            #expect(outcome == .reloaded(cards: 3, page: 1))
            #expect(try rig.eventLines().last == #"{"t":0.000,"event":"deckReloaded","cards":3}"#)
        }

        @Test func aDeletedImageRecomposesAsThePlaceholder() throws {
            let rig = try Rig([Self.a, Self.b, Self.c], page: 1)
            let before = try rig.frame()
            let woke = try rig.watch()
            try FileManager.default.removeItem(atPath: "\(rig.folder)/b.jpg")
            let outcome = rig.reloadWhenWoken(woke) { _ in !rig.headless.deck.isComposed(1) }
            #expect(outcome == .reloaded(cards: 3, page: 1))
            let after = try rig.frame()
            #expect(after != before)
            #expect(after == (try rig.freshFrame(page: 1)), "the same as a deck whose image was missing from the start")
            #expect(rig.problems.lines.contains { $0.hasPrefix("image unavailable: \(rig.folder)/b.jpg") }, "\(rig.problems.lines)")
        }

        @Test func anImageAddedByAReloadIsWatchedToo() throws {
            let rig = try Rig([Self.a], page: 0)
            let woke = try rig.watch()
            try rig.renameReplace(Rig.configText([Self.x, Self.a]))
            #expect(rig.reloadWhenWoken(woke) { $0 == .reloaded(cards: 2, page: 1) } != nil)
            try FileManager.default.removeItem(atPath: "\(rig.folder)/x.jpg")
            #expect(rig.reloadWhenWoken(woke) { _ in true } == .reloaded(cards: 2, page: 1))
        }

        @Test func theCardIsKeptWhenCardsAreInsertedBeforeItMatchedByID() throws {
            let lake = Card(id: "lake", title: "Alpine Lake", image: "b.jpg")
            let rig = try Rig([Self.a, lake, Self.c], page: 1)
            let retitled = Card(id: "lake", title: "Lac Émeraude", image: "b.jpg")
            try rig.write(Rig.configText([Self.x, Self.y, Self.a, retitled, Self.c]))
            #expect(rig.reload(changed: [rig.configPath]) == .reloaded(cards: 5, page: 3))
            #expect(try rig.frame() == (try rig.freshFrame(page: 3)))
        }

        @Test func theCardIsKeptWhenCardsAreInsertedBeforeItMatchedByTitleAndImage() throws {
            let rig = try Rig([Self.a, Self.b, Self.c], page: 1)
            try rig.write(Rig.configText([Self.x, Self.y, Self.a, Self.b, Self.c]))
            #expect(rig.reload(changed: [rig.configPath]) == .reloaded(cards: 5, page: 3))
            #expect(try rig.frame() == (try rig.freshFrame(page: 3)))
        }

        @Test func aRunningTransitionLandsBeforeTheSwapAndIsLogged() throws {
            let rig = try Rig([Self.a, Self.b, Self.c], page: 0)
            rig.time = 0.05
            _ = rig.session.handle(.key(.next), at: 0)
            _ = rig.session.step(to: rig.time)
            try rig.write(Rig.configText([Self.x, Self.a, Self.b, Self.c]))
            #expect(rig.reload(changed: [rig.configPath]) == .reloaded(cards: 4, page: 2))
            #expect(try rig.eventLines() == [
                #"{"t":0.050,"event":"transitionFinished","from":0,"to":1,"completed":true}"#,
                #"{"t":0.050,"event":"pageChanged","page":1}"#,
                #"{"t":0.050,"event":"deckReloaded","cards":4}"#,
            ])
        }

        @Test func aFullReloadReadsEveryImageAgain() throws {
            let rig = try Rig([Self.a, Self.b], page: 0)
            _ = try rig.frame()
            #expect(rig.headless.deck.isComposed(0))
            #expect(rig.reloader.reload(session: &rig.session, at: 0, t: 0) == .reloaded(cards: 2, page: 0))
            #expect(rig.headless.deck.composedCount == 0)
        }
    }
}
