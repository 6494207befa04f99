import Testing
import VitrineCore
import VitrineTestSupport

extension SDLTests {
    /// Cards with shaped, bidirectional and emoji titles, compared with goldens recorded and looked at. They depend on
    /// the fonts fontconfig picks (fonts-noto-core, fonts-noto-color-emoji, fonts-wqy-microhei, as `make test` and
    /// `.ci/run` install).
    @Suite struct TextGoldens {
        func check(_ name: String, title: String, subtitle: String) throws {
            var config = Fixture.deck()
            config.cards[0].title = title
            config.cards[0].subtitle = subtitle
            let frame = try Fixture.render(config, size: PixelSize(width: 600, height: 400))
            let failure = Fixture.snapshots.verify(frame, named: name)
            #expect(failure == nil, Comment(rawValue: failure ?? ""))
        }

        @Test func arabicAndHebrewTitles() throws {
            try check("text-arabic-600x400", title: "المسجد الأقصى", subtitle: "Price سلام 123 · שלום עולם")
        }

        @Test func devanagariTitle() throws {
            try check("text-devanagari-600x400", title: "उत्तर प्रदेश", subtitle: "लखनऊ 2026")
        }

        @Test func emojiTitle() throws {
            try check("text-emoji-600x400", title: "Ember Mesa 🌄🔥", subtitle: "Sunrise ☀️ over the mesa 🏜️")
        }

        @Test func longRightToLeftTitleEndsInAnEllipsisAtItsLeft() throws {
            try check("text-rtl-ellipsis-600x400", title: "المسجد الأقصى في القدس القديمة وقبة الصخرة المشرفة والمصلى المرواني",
                      subtitle: "שלום עולם")
        }
    }
}
