import Foundation
import Testing
import VitrineCore
import VitrineSystem
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// Hot reload headless, through the same ``KioskRuntime`` the kiosk's loop uses (on a manual clock), with the real
    /// loader and watcher, on real files in a fresh folder.
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

        /// What one reload did, read from the runtime's log and state.
        enum ReloadOutcome: Equatable {
            /// The config was taken: the deck has `cards` cards and shows `page`.
            case reloaded(cards: Int, page: Int)
            /// The config was not taken.
            case kept
        }

        /// A config and its images in a fresh folder, and the kiosk runtime over them on a manual clock (the same
        /// runtime and reload rules as a window), drawing headless.
        final class Rig {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-reload-\(UUID().uuidString)").path
            var configPath: String { "\(folder)/kiosk.json" }
            var eventsPath: String { "\(folder)/events.jsonl" }
            let problems = Problems()
            let headless: HeadlessRenderer
            var kiosk: EmbeddedKiosk
            var time = 0.0
            private var watcher: FileWatcher?
            private var effectsApplied = 0
            private var reportsSeen = 0
            /// Event-log lines written while the rig was set up (paging to the first card), left out of ``eventLines()``.
            private var setUpLines = 0

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
                let log = try EventLog(path: "\(folder)/events.jsonl")
                kiosk = EmbeddedKiosk(config: config, pixels: HotReload.size, loadConfig: LoadedConfig.read, onEvents: { log.write($0) })
                kiosk.advance(to: 0)  // The start line is part of the set-up.
                if page != 0 {
                    kiosk.send(.paging(.setPage(page)), at: 0)
                    kiosk.settle(within: 2)
                }
                setUpLines = try eventLines(all: true).count
                time = kiosk.now
            }

            deinit {
                watcher?.stop()
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

            /// The deck the runtime shows.
            var config: KioskConfig { kiosk.runtime.config }
            /// The session the runtime drives.
            var session: KioskSession { kiosk.runtime.session }

            /// Carries out the effects the renderer cares about (forgotten pictures), and passes new reports on.
            private func applyEffects() {
                for effect in kiosk.otherEffects.dropFirst(effectsApplied) {
                    switch effect {
                    case .forgetImages(let paths): headless.deck.invalidate(imagePaths: paths)
                    case .forgetAllCards: headless.deck.invalidate()
                    default: break
                    }
                }
                effectsApplied = kiosk.otherEffects.count
                problems.lines += kiosk.reports.dropFirst(reportsSeen)
                reportsSeen = kiosk.reports.count
            }

            /// Gives the runtime `input` at the rig's time and says what became of the deck.
            func send(_ input: RuntimeInput) -> ReloadOutcome {
                let reloadsBefore = reloads
                kiosk.send(input, at: max(time, kiosk.now))
                applyEffects()
                return reloads > reloadsBefore ? .reloaded(cards: config.cards.count, page: session.pager.currentPage) : .kept
            }

            /// How many `deckReloaded` lines the runtime has logged.
            private var reloads: Int { kiosk.events.filter { if case .deckReloaded = $0.event { true } else { false } }.count }

            /// Reloads as the kiosk does after the watcher reported `changed`.
            func reload(changed: Set<String>) -> ReloadOutcome {  // Paths as bytes: distinct spellings stay distinct.
                send(.filesChanged(Set(changed.map { PathKey($0) })))
            }

            /// The current frame, as the runtime has it drawn.
            func frame() throws -> RGBAImage {
                applyEffects()
                for error in headless.deck.draw(kiosk.runtime.settledFrame, cards: config.cards) { headless.deck.report("\(error)") }
                headless.deck.renderer.present()
                return try RGBAImage(headless.surface)
            }

            /// The frame a fresh renderer draws for the runtime's config on `page`: what a reload must match.
            func freshFrame(page: Int) throws -> RGBAImage {
                let fresh = try HeadlessRenderer(config: config, size: HotReload.size, fonts: FontLibrary(paths: Fixture.fontPaths))
                let snapshot = PagerSnapshot(pageCount: config.cards.count, currentPage: page, position: Double(page), wraps: config.wrap)
                return try RGBAImage(fresh.render(snapshot))
            }

            /// The event log's lines since the rig was set up (`all`: from the start).
            func eventLines(all: Bool = false) throws -> [String] {
                let lines = try String(contentsOfFile: eventsPath, encoding: .utf8).split(separator: "\n").map(String.init)
                return all ? lines : Array(lines.dropFirst(setUpLines))
            }

            /// Starts the real watcher on the runtime's files; the returned inbox gets what it reports, and the
            /// semaphore is signalled each time it wakes the "loop".
            func watch() throws -> (DispatchSemaphore, Inbox) {
                let woke = DispatchSemaphore(value: 0)
                let inbox = Inbox()
                watcher = try FileWatcher(paths: kiosk.runtime.watchedPaths, debounce: HotReload.debounce) { changed in
                    inbox.add(changed)
                    woke.signal()
                }
                return (woke, inbox)
            }

            /// Waits for the watcher to wake us (at most ``HotReload/timeout``), then hands the runtime what it
            /// reported, and watches what the runtime then watches.
            func reloadWhenWoken(_ watching: (DispatchSemaphore, Inbox), until done: (ReloadOutcome) -> Bool) -> ReloadOutcome? {
                let deadline = DispatchTime.now() + HotReload.timeout
                while watching.0.wait(timeout: deadline) == .success {
                    let changed = watching.1.take()
                    guard !changed.isEmpty else { continue }
                    let outcome = send(.filesChanged(changed))
                    watcher?.watch(kiosk.watched)
                    if done(outcome) { return outcome }
                }
                return nil
            }
        }

        /// The paths the watcher reported, handed from its queue to the test.
        final class Inbox: @unchecked Sendable {
            private let lock = NSLock()
            private var paths: Set<PathKey> = []
            func add(_ changed: Set<PathKey>) { lock.lock(); paths.formUnion(changed); lock.unlock() }
            func take() -> Set<PathKey> { lock.lock(); defer { paths = []; lock.unlock() }; return paths }
        }

        @Test func aValidEditReloadsTheDeckOnTheSameCardAndLogsIt() throws {
            let rig = try Rig([Self.a, Self.b, Self.c], page: 1)
            let before = try rig.frame()
            #expect(rig.headless.deck.isComposed(1))
            rig.time = 1.5
            try rig.write(Rig.configText([Self.a, Card(title: "Lac Émeraude", image: "b.jpg"), Self.c]))
            #expect(rig.reload(changed: [rig.configPath]) == .reloaded(cards: 3, page: 1))
            #expect(rig.config.cards[1].title == "Lac Émeraude")
            let after = try rig.frame()  // The edited card is composed again: the renderer follows the runtime's deck.
            #expect(after != before)
            #expect(after == (try rig.freshFrame(page: 1)))
            #expect(try rig.eventLines() == [#"{"t":1.500,"event":"deckReloaded","cards":3}"#])
            #expect(rig.problems.lines.isEmpty)
        }

        @Test func malformedJSONKeepsTheLastGoodDeckAndSaysWhere() throws {
            let rig = try Rig([Self.a, Self.b, Self.c], page: 2)
            let before = try rig.frame()
            let good = rig.config
            try rig.write("{\n  \"cards\": [\n    {\"title\": \"Ember Mesa\" \"image\": \"a.jpg\"}\n  ]\n}\n")
            #expect(rig.reload(changed: [rig.configPath]) == .kept, "an invalid config must not be taken")
            #expect(rig.config == good)
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
            #expect(rig.reload(changed: [rig.configPath]) == .kept, "an invalid config must not be taken")
            #expect(rig.problems.lines.count >= 2)
            #expect(rig.problems.lines.contains { $0.contains("\(rig.configPath): cards[1].title: ") })
            #expect(rig.problems.lines.contains { $0.contains("\(rig.configPath): cards[1].image: ") })
            #expect(rig.config.cards.count == 2)
        }

        @Test func aRenameReplaceIsSeenByTheWatcherAndReloaded() throws {
            let rig = try Rig([Self.a, Self.b, Self.c], page: 1)
            let woke = try rig.watch()
            try rig.renameReplace(Rig.configText([Self.a, Card(title: "Renamed", image: "b.jpg"), Self.c]))
            let outcome = rig.reloadWhenWoken(woke) { _ in rig.config.cards[1].title == "Renamed" }
            #expect(outcome == .reloaded(cards: 3, page: 1))
            #expect(try rig.eventLines().last?.hasSuffix(#""event":"deckReloaded","cards":3}"#) == true)
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
            rig.time = 1
            _ = rig.send(.paging(.key(.next)))
            rig.time = 1.05
            try rig.write(Rig.configText([Self.x, Self.a, Self.b, Self.c]))
            #expect(rig.reload(changed: [rig.configPath]) == .reloaded(cards: 4, page: 2))
            #expect(try rig.eventLines() == [
                #"{"t":1.000,"event":"transitionStarted","from":0,"to":1}"#,
                #"{"t":1.050,"event":"transitionFinished","from":0,"to":1,"completed":true}"#,
                #"{"t":1.050,"event":"pageChanged","page":1}"#,
                #"{"t":1.050,"event":"pageChanged","page":2,"from":1,"reason":"reload"}"#,
                #"{"t":1.050,"event":"deckReloaded","cards":4}"#,
            ])
        }

        @Test func aFullReloadReadsEveryImageAgain() throws {
            let rig = try Rig([Self.a, Self.b], page: 0)
            _ = try rig.frame()
            #expect(rig.headless.deck.isComposed(0))
            #expect(rig.send(.reloadRequested) == .reloaded(cards: 2, page: 0))
            #expect(rig.headless.deck.composedCount == 0)
        }
    }
}
