import Testing
import VitrineCore
import VitrineTestSupport

extension SDLTests {
    /// A right-to-left deck (Hebrew and Arabic titles, `direction` left at `auto`), drawn by `vitrine render`'s path:
    /// at rest and part way to the next card, compared with goldens recorded and looked at. They depend on the fonts
    /// fontconfig picks, as the text goldens do.
    @Suite struct RightToLeftGoldens {
        static let size = PixelSize(width: 900, height: 600)

        static func deck() -> KioskConfig {
            var config = Fixture.deck(titles: ["מכתש רמון", "ים המלח", "المسجد الأقصى", "הר חרמון", "צוקי ערבה", "البتراء"])
            let subtitles = ["הנגב · 2026", "נקודה נמוכה", "القدس", "גליל עליון", "מדבר יהודה", "الأردن"]
            for index in config.cards.indices { config.cards[index].subtitle = subtitles[index] }
            return config
        }

        @Test func aRightToLeftCardAtRest() throws {
            // Title and subtitle at the bottom right, aligned right; the dots at the bottom left, the first rightmost.
            let frame = try Fixture.render(Self.deck(), size: Self.size, page: 1)
            let failure = Fixture.snapshots.verify(frame, named: "rtl-page1-900x600")
            #expect(failure == nil, Comment(rawValue: failure ?? ""))
        }

        @Test func partWayToTheNextCardItComesInFromTheLeft() throws {
            // `render --offset 0.3`: toward the next card, which slides in from the left.
            let frame = try Fixture.render(Self.deck(), size: Self.size, page: 1, offset: 0.3)
            let failure = Fixture.snapshots.verify(frame, named: "rtl-page1-offset0.3-900x600")
            #expect(failure == nil, Comment(rawValue: failure ?? ""))
        }
    }
}
