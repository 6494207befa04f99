import Testing
@testable import VitrineCore

/// Photo-frame mode and `style` in a card's layout: no text, no gradient; the texts' corner, colour and the
/// gradient following them.
@Suite struct CardLookTests {
    let measurer = FixedWidthMeasurer()
    let size = PixelSize(width: 1200, height: 800)  // Twice the reference width: padding 32, title 56, subtitle 34.
    let image = PixelSize(width: 1200, height: 800)

    func layout(_ title: String, _ subtitle: String, imageSize: PixelSize? = PixelSize(width: 1200, height: 800),
                reserve: Double = 0, look: CardLook = CardLook()) -> CardLayout {
        CardLayout(content: CardContent(title: title, subtitle: subtitle, imageSize: imageSize), size: size,
                   trailingReserve: reserve, measurer: measurer, look: look)
    }

    func texts(_ layout: CardLayout) -> [(String, Point, Color)] {
        layout.displayList.commands.compactMap { if case .text(let t, _, _, let o, let c, _) = $0 { (t, o, c) } else { nil } }
    }

    @Test func aCardWithNeitherTitleNorSubtitleIsItsPictureAlone() {
        let list = layout("", "").displayList
        #expect(list.commands == [.image(source: AspectFill.sourceRect(imageSize: image, frameAspect: 1.5),
                                         destination: PixelRect(x: 0, y: 0, width: 1200, height: 800))])
        // A subtitle alone keeps the gradient and takes the bottom line.
        let subtitleOnly = layout("", "Joshua Tree")
        #expect(subtitleOnly.displayList.commands.contains(.scrim(PixelRect(x: 0, y: 0, width: 1200, height: 800), GradientRamp(height: 800))))
        #expect(texts(subtitleOnly).map(\.0) == ["Joshua Tree"])
    }

    @Test func theTextColourColoursBothLines() {
        let gold = Color(red: 0xFF, green: 0xCC, blue: 0)
        #expect(texts(layout("A", "B", look: CardLook(textColor: gold))).map(\.2) == [gold, gold])
        #expect(texts(layout("A", "B")).map(\.2) == [.white, .white])
    }

    @Test func topPositionsPutTheTextsAndTheGradientAtTheTop() {
        let top = layout("Turtle Rock", "Joshua Tree", look: CardLook(textPosition: .topLeading))
        #expect(top.title.origin == Point(x: 32, y: 32))
        #expect(top.subtitle?.origin == Point(x: 32, y: 32 + 67 + 4))  // Title line 67 (56 × 1.2), spacing 4.
        let whole = PixelRect(x: 0, y: 0, width: 1200, height: 800)
        #expect(top.displayList.commands.contains(.scrim(whole, GradientRamp(height: 800, atTop: true))))
        let ramp = GradientRamp(height: 800, atTop: true)
        #expect(ramp.rows == 0..<400)
        #expect(ramp.opacity(row: 0) == CardStyle.gradientBottomOpacity && ramp.opacity(row: 500) == 0)
        #expect(ramp.opacity(row: 100) == GradientRamp(height: 800).opacity(row: 699))
    }

    @Test func trailingAndCenteredLinesAlignToTheirSide() {
        // "Rock" is 4 × 33.6 → 135 pixels wide in bold at 56; "Tree" 4 × 17 = 68 at 34.
        let trailing = layout("Rock", "Tree", look: CardLook(textPosition: .topTrailing))
        #expect(trailing.title.origin.x == 1200 - 32 - 135 && trailing.subtitle?.origin.x == 1200 - 32 - 68)
        let centered = layout("Rock", "Tree", look: CardLook(textPosition: .top))
        #expect(centered.title.origin.x == ((1200 - 135) / 2.0).rounded() && centered.subtitle?.origin.x == (1200 - 68) / 2)
    }

    @Test func bottomTrailingTextsKeepClearOfTheDotsUnlessTheyAreHidden() {
        let withDots = layout("Rock", "", reserve: 100, look: CardLook(textPosition: .bottomTrailing))
        #expect(withDots.title.origin.x == 1200 - 32 - (100 + 32) - 135)
        #expect(withDots.title.maxWidth == 1200 - 64 - 132)
        let noDots = layout("Rock", "", reserve: 100, look: CardLook(textPosition: .bottomTrailing, dots: false))
        #expect(noDots.title.origin.x == 1200 - 32 - 135 && noDots.title.maxWidth == 1200 - 64)
        // At the top the dots are not in the way.
        #expect(layout("Rock", "", reserve: 100, look: CardLook(textPosition: .topLeading)).title.maxWidth == 1200 - 64)
    }

    @Test func theDefaultLookIsTodaysCard() {
        let plain = CardLayout(content: CardContent(title: "A", subtitle: "B", imageSize: image), size: size, trailingReserve: 50, measurer: measurer)
        #expect(plain == layout("A", "B", reserve: 50, look: CardLook()))
        #expect(plain.title.origin.x == 32)
    }
}
