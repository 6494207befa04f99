import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// What a replay with a wall clock draws: only the showing cards, page dots for them alone, and the standby
    /// screen when none shows.
    @Suite struct ScheduleFrames {
        static let size = PixelSize(width: 600, height: 400)

        /// The test deck with cards 1, 3 and 4 shown only on Friday nights, 22:00 to 02:00.
        static func deck() -> KioskConfig {
            var config = Fixture.deck()
            for index in [1, 3, 4] { config.cards[index].schedule.hours = [try! WeeklyHours.parse("fri 22:00-02:00").get()] }
            return config
        }

        /// Plays `script` from the wall time `start`; returns the screenshots by name.
        func play(_ config: KioskConfig, start: String, script: String) throws -> [String: RGBAImage] {
            _ = Fixture.library
            var frames: [String: RGBAImage] = [:]
            let runner = try ReplayRunner(config: config, size: Self.size, fonts: FontLibrary(paths: Fixture.fontPaths), events: nil,
                                          localStart: LocalTime.parse(start), report: { _ in })
            try runner.run(ReplayScript.parse(script, file: "script")) { (surface, name, _) throws(SDLError) in
                frames[name] = try RGBAImage(surface)
            }
            return frames
        }

        /// The deck of only the cards `indices`, as `vitrine render` draws it.
        func rendered(_ indices: [Int], page: Int, offset: Double = 0) throws -> RGBAImage {
            var config = Self.deck()
            config.cards = indices.map { config.cards[$0] }
            return try Fixture.render(config, size: Self.size, page: page, offset: offset)
        }

        @Test func acrossMidnightTheFramesShowTheShowingCardsAlone() throws {
            // Friday 21:59:58: cards 0, 2 and 5 show; at 22:00 cards 1, 3 and 4 join them; at 02:00 they leave.
            let frames = try play(Self.deck(), start: "2026-12-04T21:59:58", script: """
                {"at":0.5,"key":"right"}
                {"at":1.5,"screenshot":"before"}
                {"at":3,"key":"right"}
                {"at":3.1,"screenshot":"mid"}
                {"at":4,"screenshot":"after"}
                {"at":14405,"screenshot":"morning"}
                """)
            let before = try rendered([0, 2, 5], page: 1)
            #expect(frames["before"] == before, "card 2, the second of three")
            let mid = try #require(frames["mid"])
            let failure = Fixture.snapshots.verify(mid, named: "schedule-midnight-mid-600x400")
            #expect(failure == nil, Comment(rawValue: failure ?? ""))
            #expect(frames["after"] == (try rendered([0, 1, 2, 3, 4, 5], page: 3)), "card 3, opened at 22:00")
            // 02:00 closed card 3 on screen: the kiosk moved on to card 5, the third of three again.
            #expect(frames["morning"] == (try rendered([0, 2, 5], page: 2)))
        }

        @Test func whenNoCardShowsTheStandbyScreenShows() throws {
            var config = Self.deck()
            for index in config.cards.indices { config.cards[index].schedule.hours = [try! WeeklyHours.parse("mon-fri 09:00-18:00").get()] }
            let frames = try play(config, start: "2026-12-05T12:00", script: #"{"at":1,"screenshot":"standby"}"#)
            let standby = try #require(frames["standby"])
            let failure = Fixture.snapshots.verify(standby, named: "standby-empty-deck-600x400")
            #expect(failure == nil, Comment(rawValue: failure ?? ""))
        }
    
        @Test func whenTheNumberOfCardsChangesTheCardOnScreenDoesNotBlink() throws {
            _ = Fixture.library
            let config = Fixture.deck()
            let fonts = FontLibrary(paths: Fixture.fontPaths)
            let headless = try HeadlessRenderer(config: config, size: Self.size, fonts: fonts, report: { _ in })
            let stage = StageLayout(windowPixels: Self.size, pointScale: 1, fit: .contain)
            func frame(_ shown: [Int]?, generation: Int) -> KioskFrame {
                KioskFrame(pager: PagerSnapshot(pageCount: shown?.count ?? config.cards.count, currentPage: 0, position: 0, wraps: true),
                           stage: stage, rotation: .none, background: config.display.background, progress: nil,
                           deckGeneration: generation, shownCards: shown)
            }
            headless.deck.draw(frame(nil, generation: 0), cards: config.cards)
            headless.deck.renderer.present()
            let before = try RGBAImage(headless.surface)
            // Now composing in the background, as in a window: a window closes, five cards of six show.
            let preparer = CardPreparer(fonts: fonts)
            headless.deck.preparer = preparer
            defer { preparer.stop() }
            headless.deck.draw(frame([0, 2, 3, 4, 5], generation: 1), cards: config.cards)
            headless.deck.renderer.present()
            let after = try RGBAImage(headless.surface)
            let center = (x: Self.size.width / 2, y: Self.size.height / 3)
            #expect(after[center.x, center.y] == before[center.x, center.y] && before[center.x, center.y] != [0x10, 0x10, 0x14, 255],
                    "card 0 is drawn as it was while it is composed again")
        }
    }
}
