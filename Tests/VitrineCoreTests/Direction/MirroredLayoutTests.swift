import Testing
@testable import VitrineCore

/// A right-to-left deck's card and frame: texts at the bottom right, the dots at the bottom left in mirrored order,
/// the bar and the overlay mirrored.
@Suite struct MirroredLayoutTests {
    let measurer = FixedWidthMeasurer()
    let size = PixelSize(width: 1200, height: 800)  // Twice the reference width: padding 32, title 56, subtitle 34.

    func layout(_ content: CardContent, reserve: Double = 0, look: CardLook) -> CardLayout {
        CardLayout(content: content, size: size, trailingReserve: reserve, measurer: measurer, look: look)
    }

    func rtl(_ position: TextPosition = .bottomLeading) -> CardLook {
        var look = CardLook(textPosition: position)
        look.direction = .rightToLeft
        return look
    }

    @Test func titleAndSubtitleSitBottomRightAlignedRight() throws {
        let content = CardContent(title: "אש בערבה", subtitle: "מדבר יהודה", imageSize: size)
        let card = layout(content, reserve: 200, look: rtl())
        let subtitle = try #require(card.subtitle)
        let titleWidth = Double(measurer.width(of: card.title.text, weight: .bold, pixelSize: 56))
        let subtitleWidth = Double(measurer.width(of: subtitle.text, weight: .regular, pixelSize: 34))
        // Right edges one padding in from the card's right edge; the dots are on the left, so nothing is reserved here.
        #expect(card.title.origin.x + titleWidth == 1200 - 32)
        #expect(subtitle.origin.x + subtitleWidth == 1200 - 32)
        #expect(card.title.direction == .rightToLeft && subtitle.direction == .rightToLeft)
        // Still clear of the dots on the left: a long title is shortened before them.
        #expect(card.title.maxWidth == 1200 - 2 * 32 - 200 - 32)
        // The same texts in a left-to-right deck sit at the bottom left.
        let ltr = layout(content, reserve: 200, look: CardLook())
        #expect(ltr.title.origin.x == 32)
    }

    @Test func leadingAndTrailingAreTheCardsSides() {
        let content = CardContent(title: "Fire", subtitle: "", imageSize: size)
        let width = Double(measurer.width(of: "Fire", weight: .bold, pixelSize: 56))
        // In a right-to-left deck, trailing is the left, where the dots are: the text keeps clear of them.
        #expect(layout(content, reserve: 200, look: rtl(.bottomTrailing)).title.origin.x == 32 + 200 + 32)
        #expect(layout(content, look: rtl(.topTrailing)).title.origin.x == 32)
        #expect(layout(content, look: rtl(.topLeading)).title.origin.x == 1200 - 32 - width)
        // A card of its own direction, left to right in a right-to-left deck: its leading side is the left, and
        // the deck's dots are there too.
        var own = content
        own.placement = .leftToRight
        #expect(layout(own, reserve: 200, look: rtl()).title.origin.x == 32 + 200 + 32)
        #expect(layout(own, reserve: 200, look: CardLook()).title.origin.x == 32)
    }

    @Test func aCardTakesItsOwnDirectionThenTheDecksKey() {
        var card = CardConfig(title: "Price سلام 123", image: "a.jpg")
        var look = CardLook()
        look.direction = .rightToLeft
        #expect(CardContent(card: card, imageSize: nil, look: look).direction == .auto)
        #expect(CardContent(card: card, imageSize: nil, look: look).placement == nil)
        look.paragraph = .rightToLeft
        #expect(CardContent(card: card, imageSize: nil, look: look).direction == .rightToLeft)
        card.direction = .leftToRight
        #expect(CardContent(card: card, imageSize: nil, look: look).direction == .leftToRight)
        #expect(CardContent(card: card, imageSize: nil, look: look).placement == .leftToRight)
    }

    @Test func theDotsSitBottomLeftWithTheFirstCardsDotRightmost() throws {
        let card = Rect(x: 0, y: 0, width: 1200, height: 800)
        let ltr = PageControlLayout(pageCount: 4, currentPage: 1, card: card)
        let rtl = PageControlLayout(pageCount: 4, currentPage: 1, card: card, direction: .rightToLeft)
        #expect(rtl.frame.x == 32 && rtl.frame.width == ltr.frame.width && rtl.frame.y == ltr.frame.y)
        #expect(rtl.hitRect.minX == 0 && rtl.hitRect.width == ltr.hitRect.width)
        #expect(rtl.dots.map(\.page) == [0, 1, 2, 3])
        let xs = rtl.dots.map(\.center.x)
        #expect(xs == xs.sorted(by: >), "the first card's dot is rightmost: \(xs)")
        #expect(zip(rtl.dots, ltr.dots).allSatisfy { $0.center.x == 1200 - $1.center.x && $0.opacity == $1.opacity })
        // A tap left of the current dot (toward the later dots) goes on; right of it goes back; a dot is its page.
        let current = try #require(rtl.dots.first { $0.page == 1 }).center
        let later = try #require(rtl.dots.first { $0.page == 3 }).center
        #expect(rtl.target(at: Point(x: rtl.frame.minX - 20, y: current.y), currentPage: 1) == .next)
        #expect(rtl.target(at: Point(x: rtl.frame.maxX + 20, y: current.y), currentPage: 1) == .previous)
        #expect(rtl.target(at: later, currentPage: 1) == .page(3))
        #expect(ltr.target(at: Point(x: ltr.frame.minX - 20, y: current.y), currentPage: 1) == .previous)
    }

    @Test func thePauseButtonSitsLeftOfTheDotsAndStillTakesItsTap() throws {
        let card = Rect(x: 0, y: 0, width: 1200, height: 800)
        let ltr = PageControlLayout(pageCount: 4, currentPage: 1, card: card, pauseButton: true)
        let rtl = PageControlLayout(pageCount: 4, currentPage: 1, card: card, pauseButton: true, direction: .rightToLeft)
        let ltrButton = try #require(ltr.pauseButton), rtlButton = try #require(rtl.pauseButton)
        #expect(rtlButton.glyphFrame.maxX <= rtl.frame.minX, "the button is on the deck's trailing side, the left")
        #expect(rtlButton.glyphFrame.x == 1200 - ltrButton.glyphFrame.maxX && rtlButton.glyphFrame.y == ltrButton.glyphFrame.y)
        #expect(rtlButton.hitRect.x == 1200 - ltrButton.hitRect.maxX && rtlButton.hitRect.width == ltrButton.hitRect.width)
        let glyph = Point(x: rtlButton.glyphFrame.midX, y: rtlButton.glyphFrame.midY)
        #expect(rtl.target(at: glyph, currentPage: 1) == .pauseButton)
        #expect(ltr.target(at: glyph, currentPage: 1) == nil)
    }

    @Test func theFrameMirrorsTheSlideTheDotsAndTheBar() throws {
        var stage = StageLayout(windowPixels: PixelSize(width: 900, height: 600), fit: .contain)
        stage.direction = .rightToLeft
        let pager = PagerSnapshot(pageCount: 3, currentPage: 0, position: 0.25, wraps: false)
        let list = DisplayList.frame(stage: stage, pager: pager, background: .black, progress: 0.5)
        let cards = list.commands.compactMap { command -> (Int, PixelRect)? in
            if case .card(let index, let destination) = command { (index, destination) } else { nil }
        }
        // A quarter of the way to the next card: the card moved right, the next comes in from the left.
        #expect(cards.map(\.0) == [0, 1])
        #expect(cards[0].1.x == 225 && cards[1].1.x == 225 - 900)
        let bar = try #require(list.commands.compactMap { command -> PixelRect? in
            if case .fill(let rect, _) = command { rect } else { nil }
        }.last)
        #expect(bar.x + bar.width == 900 && bar.width == 450, "the bar grows from the right: \(bar)")
        let dots = list.commands.compactMap { command -> Point? in
            if case .dot(let center, _, _) = command { center } else { nil }
        }
        #expect(dots.count == 3 && dots.allSatisfy { $0.x < 450 } && dots[0].x > dots[2].x)
    }

    @Test func renderOffsetStillMeansTowardTheNextCard() {
        var stage = StageLayout(windowPixels: PixelSize(width: 900, height: 600), fit: .contain)
        stage.direction = .rightToLeft
        func cards(_ fraction: Double) -> [(Int, Int)] {
            let pager = PagerSnapshot.partWay(pageCount: 3, currentPage: 1, wraps: false, transition: .slide, fraction: fraction)
            return DisplayList.frame(stage: stage, pager: pager, background: .black).commands.compactMap { command in
                if case .card(let index, let destination) = command { (index, destination.x) } else { nil }
            }
        }
        // +0.5: card 1 half gone to the right, card 2 (the next) in from the left; −0.5 the mirror of that.
        #expect(cards(0.5).map(\.0) == [1, 2] && cards(0.5).map(\.1) == [450, -450])
        #expect(cards(-0.5).map(\.0) == [0, 1] && cards(-0.5).map(\.1) == [450, -450])
    }

    @Test func theOverlaysLeadingCornerIsTheRightOfARightToLeftDeck() throws {
        var stage = StageLayout(windowPixels: PixelSize(width: 1200, height: 800), fit: .contain)
        let overlay = OverlayText(clock: "12:00", date: nil, position: .topLeading, color: .white)
        func box(_ stage: StageLayout) throws -> PixelRect {
            var list = DisplayList()
            list.appendOverlay(overlay, stage: stage, dotsTop: nil, measurer: measurer)
            return try #require(list.commands.compactMap { command -> PixelRect? in
                if case .fill(let rect, _) = command { rect } else { nil }
            }.first)
        }
        #expect(try box(stage).x == 32)
        stage.direction = .rightToLeft
        let mirrored = try box(stage)
        #expect(mirrored.x + mirrored.width == 1200 - 32)
    }
}

/// The detail panel of a right-to-left deck: the code on the deck's trailing side, the left; right-to-left text
/// aligned right.
@Suite struct MirroredDetailPanelTests {
    struct Monospace: TextMeasuring {
        func width(of text: String, weight: FontWeight, pixelSize: Int) -> Int { text.count * 10 }
        func lineHeight(weight: FontWeight, pixelSize: Int) -> Int { 20 }
    }

    @Test func theCodeTakesTheLeftAndHebrewTextIsAlignedRight() throws {
        var stage = StageLayout(windowPixels: PixelSize(width: 900, height: 600), fit: .contain)
        stage.direction = .rightToLeft
        let layout = DetailPanelLayout(detail: CardDetail(text: "שלום עולם", link: "https://example.org/"), stage: stage, measurer: Monospace())
        let slot = try #require(layout.codeSlot)
        // The panel is where it always is; the code's box is at its left, one padding in, the text right of it.
        #expect(layout.panel == PixelRect(x: 24, y: 24, width: 852, height: 600 - 72 - 43))
        #expect(slot.x == layout.panel.x + 24)
        #expect(layout.textArea.x == slot.x + slot.width + 24 && layout.textArea.x + layout.textArea.width == 876 - 24)
        let texts = layout.commands(scroll: 0, code: nil).compactMap { command -> (Point, TextDirection)? in
            if case .text(_, _, _, let origin, _, let direction) = command { (origin, direction) } else { nil }
        }
        #expect(texts.count == 1)
        #expect(texts[0].1 == .rightToLeft)
        #expect(Int(texts[0].0.x) + 9 * 10 == layout.textArea.x + layout.textArea.width)
    }
}
