import Testing
@testable import VitrineCore

@Suite struct CardLayoutTests {
    let measurer = FixedWidthMeasurer()
    let size = PixelSize(width: 1200, height: 800)  // Twice the reference width: every style length doubles.

    @Test func textSitsBottomLeadingWithPaddingTitleAboveSubtitle() {
        let layout = CardLayout(content: CardContent(title: "Turtle Rock", subtitle: "Joshua Tree", imageSize: PixelSize(width: 1200, height: 800)),
                                size: size, trailingReserve: 0, measurer: measurer)
        #expect(layout.title.pixelSize == 56 && layout.title.weight == .bold)
        let subtitle = try! #require(layout.subtitle)
        #expect(subtitle.pixelSize == 34 && subtitle.weight == .regular)
        #expect(layout.title.origin.x == 32 && subtitle.origin.x == 32)
        // The subtitle's line box ends one padding above the bottom edge; the title's ends above it, with the spacing.
        #expect(subtitle.origin.y + Double(measurer.lineHeight(weight: .regular, pixelSize: 34)) == 800 - 32)
        #expect(layout.title.origin.y + Double(measurer.lineHeight(weight: .bold, pixelSize: 56)) == subtitle.origin.y - 4)
    }

    @Test func withoutSubtitleTheTitleTakesTheBottomLine() {
        let layout = CardLayout(content: CardContent(title: "Icy Bay", subtitle: "", imageSize: nil), size: size, trailingReserve: 0, measurer: measurer)
        #expect(layout.subtitle == nil)
        #expect(layout.title.origin.y + Double(measurer.lineHeight(weight: .bold, pixelSize: 56)) == 800 - 32)
    }

    @Test func longTitleIsShortenedAndLeavesRoomForTheDots() {
        let title = String(repeating: "Long ", count: 40)
        let layout = CardLayout(content: CardContent(title: title, subtitle: "s", imageSize: nil), size: size, trailingReserve: 200, measurer: measurer)
        #expect(layout.title.text.hasSuffix("…"))
        #expect(layout.title.maxWidth == 1200 - 2 * 32 - 200 - 32)
        #expect(measurer.width(of: layout.title.text, weight: .bold, pixelSize: 56) <= layout.title.maxWidth)
    }

    @Test func composesImageThenScrimThenTexts() {
        let image = PixelSize(width: 1600, height: 500)
        let layout = CardLayout(content: CardContent(title: "A", subtitle: "B", imageSize: image), size: size, trailingReserve: 0, measurer: measurer)
        let whole = PixelRect(x: 0, y: 0, width: 1200, height: 800)
        #expect(layout.displayList.commands.count == 4)
        #expect(layout.displayList.commands[0] == .image(source: AspectFill.sourceRect(imageSize: image, frameAspect: 1.5), destination: whole))
        #expect(layout.displayList.commands[1] == .scrim(whole, GradientRamp(height: 800)))
        guard case .text("A", .bold, 56, _, .white, _) = layout.displayList.commands[2] else { Issue.record("title not third"); return }
        guard case .text("B", .regular, 34, _, .white, _) = layout.displayList.commands[3] else { Issue.record("subtitle not last"); return }
    }

    @Test func missingImageComposesThePlaceholder() {
        let layout = CardLayout(content: CardContent(title: "A", subtitle: "", imageSize: nil), size: size, trailingReserve: 0, measurer: measurer)
        #expect(layout.displayList.commands.first == .clear(CardStyle.placeholderColor))
    }

    @Test func placeholderShowsASmallCenteredNoticeAndTheUsualTexts() throws {
        let withImage = CardLayout(content: CardContent(title: "Turtle Rock", subtitle: "Joshua Tree", imageSize: PixelSize(width: 30, height: 20)),
                                   size: size, trailingReserve: 0, measurer: measurer)
        let placeholder = CardLayout(content: CardContent(title: "Turtle Rock", subtitle: "Joshua Tree", imageSize: nil),
                                     size: size, trailingReserve: 0, measurer: measurer)
        #expect(withImage.notice == nil)
        #expect(placeholder.title == withImage.title && placeholder.subtitle == withImage.subtitle, "title and subtitle stay where they are")
        let notice = try #require(placeholder.notice)
        #expect(notice.text == "Image unavailable" && notice.pixelSize == 30 && notice.weight == .regular)
        let subtitle = try #require(placeholder.subtitle)
        #expect(notice.pixelSize < subtitle.pixelSize)
        let width = Double(measurer.width(of: notice.text, weight: .regular, pixelSize: 30)), height = Double(measurer.lineHeight(weight: .regular, pixelSize: 30))
        #expect(notice.origin == Point(x: ((1200 - width) / 2).rounded(), y: ((800 - height) / 2).rounded()))
        #expect(placeholder.displayList.commands.count == 5)
        #expect(placeholder.displayList.commands[2] == .text(notice.text, weight: .regular, pixelSize: 30, origin: notice.origin, color: CardStyle.placeholderNoticeColor))
    }

    @Test func placeholderNoticeIsShortenedOnATinyCard() throws {
        let layout = CardLayout(content: CardContent(title: "A", subtitle: "", imageSize: nil), size: PixelSize(width: 60, height: 40),
                                trailingReserve: 0, measurer: measurer)
        let notice = try #require(layout.notice)
        #expect(measurer.width(of: notice.text, weight: .regular, pixelSize: notice.pixelSize) <= notice.maxWidth)
    }

    @Test func coverModeTextKeepsTheSizeOfTheContainedCard() {
        // A portrait visible area 600 wide: the text is sized for a 600-wide 3:2 card, not the 1350-wide covering card.
        let layout = CardLayout(content: CardContent(title: "A", subtitle: "", imageSize: nil), size: PixelSize(width: 600, height: 900),
                                trailingReserve: 0, measurer: measurer)
        #expect(layout.title.pixelSize == 28)
    }
}
