import Testing
import VitrineCore
import VitrineTestSupport

extension SDLTests {
    /// `text.scale`, `display.scale` and `contrast: "high"` on real cards: the title measured, and goldens looked at.
    @Suite struct ReadabilityFrames {
        /// The first card titled `title`, with no subtitle, under `readability`.
        static func deck(_ readability: Readability, title: String = "EMBER MESA", subtitle: String = "") -> KioskConfig {
            var config = Fixture.deck()
            config.cards[0].title = title
            config.cards[0].subtitle = subtitle
            config.display.readability = readability
            return config
        }

        /// The rows of the left half of the card's lower half with a white pixel: the title's glyph box, top to bottom.
        static func titleRows(_ frame: RGBAImage) -> ClosedRange<Int>? {
            var rows: [Int] = []
            for y in frame.size.height / 2..<frame.size.height {
                for x in 0..<frame.size.width / 2 where frame[x, y].prefix(3).allSatisfy({ $0 >= 250 }) {
                    rows.append(y); break
                }
            }
            guard let first = rows.first, let last = rows.last else { return nil }
            return first...last
        }

        @Test func textScaleOneAndAHalfDrawsTheTitleOneAndAHalfTimesAsTall() throws {
            let size = PixelSize(width: 1200, height: 800)
            let normal = try #require(Self.titleRows(Fixture.render(Self.deck(Readability()), size: size)))
            let large = try #require(Self.titleRows(Fixture.render(Self.deck(Readability(textScale: 1.5)), size: size)))
            let ratio = Double(large.count) / Double(normal.count)
            print("readability: title \(normal.count) px tall at text.scale 1, \(large.count) px at 1.5: \(ratio)x")
            #expect(abs(ratio - 1.5) <= 0.075, "the title is \(ratio)x as tall")
        }

        func check(_ name: String, _ readability: Readability, page: Int = 0) throws {
            var config = Self.deck(readability, title: "Ember Mesa", subtitle: "Card 1 of 6")
            config.cards[page].subtitle = "Card \(page + 1) of 6"
            let frame = try Fixture.render(config, size: PixelSize(width: 600, height: 400), page: page)
            let failure = Fixture.snapshots.verify(frame, named: name)
            #expect(failure == nil, Comment(rawValue: failure ?? ""))
        }

        @Test func goldens() throws {
            try check("readability-text1.5-600x400", Readability(textScale: 1.5))
            try check("readability-text2-600x400", Readability(textScale: 2))
            try check("readability-display2-600x400", Readability(displayScale: 2))
            // A pale picture (misty hills), where the normal scrim leaves white text faint.
            try check("readability-high-contrast-600x400", Readability(contrast: .high), page: 2)
            try check("readability-normal-contrast-600x400", Readability(), page: 2)
        }
    }
}
