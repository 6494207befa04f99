/// What a card shows: its texts and, when it could be read, its image's size.
public struct CardContent: Equatable, Sendable {
    /// The bold first line.
    public var title: String
    /// The regular second line; empty for none.
    public var subtitle: String
    /// The decoded image's size in pixels, or nil when the image is unavailable (a placeholder is drawn).
    public var imageSize: PixelSize?
    /// The direction of the title and subtitle as paragraphs: `.auto` finds each from its first strong character.
    public var direction: ParagraphDirection
    /// The side the texts start from when the card says (its own `direction`); nil: the deck's (``CardLook``).
    public var placement: TextDirection?

    /// A card's content.
    public init(title: String, subtitle: String, imageSize: PixelSize?, direction: ParagraphDirection = .auto,
                placement: TextDirection? = nil) {
        self.title = title; self.subtitle = subtitle; self.imageSize = imageSize; self.direction = direction
        self.placement = placement
    }

    /// What `card` shows in a deck that looks like `look`, with a picture of `imageSize` (nil: the placeholder):
    /// the card's own `direction` places and reads its texts, else the deck's key reads them (`auto`: each from its
    /// first strong character) and the deck's direction places them.
    public init(card: CardConfig, imageSize: PixelSize?, look: CardLook) {
        let own = card.direction
        self.init(title: card.title, subtitle: card.subtitle, imageSize: imageSize, direction: own == .auto ? look.paragraph : own,
                  placement: own.fixed)
    }
}

/// A card's composition: image, scrim and text, laid out for one pixel size, as SwiftUI's `FeatureCard`.
///
/// Without an image the card is a placeholder: ``CardStyle/placeholderColor`` under the same scrim, title and
/// subtitle, plus a smaller ``CardStyle/placeholderNotice`` line centered on the card, so the kiosk says what is
/// missing without hiding which card it is.
public struct CardLayout: Equatable, Sendable {
    /// The placed title line (possibly shortened with an ellipsis).
    public struct Line: Equatable, Sendable {
        /// The text drawn, after shortening.
        public var text: String
        /// The top-left corner of the line's box, in card pixels.
        public var origin: Point
        /// The font size in pixels.
        public var pixelSize: Int
        /// The font weight.
        public var weight: FontWeight
        /// The width the line may take, in pixels.
        public var maxWidth: Int
        /// The line's paragraph direction, resolved from the whole text before any shortening.
        public var direction: TextDirection = .leftToRight
    }

    /// The card's size in pixels; its texture is this size.
    public var size: PixelSize
    /// The title line.
    public var title: Line
    /// The subtitle line, nil when the subtitle is empty.
    public var subtitle: Line?
    /// The placeholder's ``CardStyle/placeholderNotice``, centered on the card; nil when the image is there.
    public var notice: Line?
    /// The draw commands that compose the card into an opaque texture.
    public var displayList: DisplayList

    /// The width of the 3:2 card that fits inside `rect`: the width the style's proportions scale with.
    ///
    /// In `contain` mode this is the card itself; in `cover` mode, where the visible area may be narrower or wider
    /// than 3:2, text and dots keep the size they would have on a 3:2 card that fits, so they are never cropped.
    public static func contentWidth(of rect: Rect) -> Double {
        min(rect.width, rect.height * CardStyle.aspectRatio)
    }

    /// Lays out `content` on a card `size` pixels large, leaving `trailingReserve` pixels free at the bottom-trailing
    /// corner for the page control, with the texts where `look` puts them; `readability` scales the text and
    /// padding and sets the scrim.
    ///
    /// Leading and trailing are the sides of a direction: the dots' corner is the deck's trailing one (bottom left
    /// in a right-to-left deck), the texts' `style.textPosition` is read in the card's direction (``CardContent/
    /// placement``, else the deck's), so `bottomLeading` is the bottom right of a right-to-left card.
    ///
    /// A card with neither title nor subtitle is its picture alone: no gradient and no text (photo-frame mode).
    public init(content: CardContent, size: PixelSize, trailingReserve: Double, readability: Readability = Readability(),
                measurer: some TextMeasuring, look: CardLook = CardLook()) {
        self.size = size
        let bounds = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        // An empty or negative size scales to nothing: every line gets no width and the smallest font.
        let card = max(0, CardStyle.scale(forCardWidth: CardLayout.contentWidth(of: bounds)))
        let s = card * readability.textFactor
        let padding = CardStyle.padding * card * readability.displayScale
        let position = look.textPosition
        // The dots (and the pause button) sit at the bottom-trailing corner: bottom texts keep clear of them (centered ones on both sides).
        let keepsClear = (look.dots || look.pauseButton) && !position.isTop && trailingReserve > 0 && trailingReserve.isFinite
        let reserve = keepsClear ? trailingReserve + padding : 0
        let sides = position.alignment == .center ? 2 * reserve : reserve
        let maxWidth = max(0, Int(saturating: (bounds.width - 2 * padding - sides).rounded(.down)))
        // The reserve on each physical side: the dots' corner is the deck's trailing one.
        let dotsOnLeft = look.direction == .rightToLeft
        let side = ScreenSide.of(position.alignment, in: content.placement ?? look.direction)
        let titleSize = max(1, Int(saturating: (CardStyle.titleSize * s).rounded()))
        let subtitleSize = max(1, Int(saturating: (CardStyle.subtitleSize * s).rounded()))

        /// The line's left edge for a line `width` pixels wide.
        func x(width: Int) -> Double {
            switch side {
            case .left: (padding + (dotsOnLeft ? reserve : 0)).rounded()
            case nil: ((bounds.width - Double(width)) / 2).rounded()
            case .right: (bounds.width - padding - (dotsOnLeft ? 0 : reserve) - Double(width)).rounded()
            }
        }
        func line(_ text: String, weight: FontWeight, pixelSize: Int, top: Double) -> Line {
            let direction = content.direction.resolved(for: text)
            let paragraph = ParagraphDirection(direction)
            let fitted = TextFitting.fit(text, maxWidth: maxWidth, weight: weight, pixelSize: pixelSize, direction: paragraph, measurer: measurer)
            let width = side == .left ? 0 : measurer.width(of: fitted, weight: weight, pixelSize: pixelSize, direction: paragraph)
            return Line(text: fitted, origin: Point(x: x(width: width), y: top.rounded()), pixelSize: pixelSize, weight: weight,
                        maxWidth: maxWidth, direction: direction)
        }
        let titleHeight = Double(measurer.lineHeight(weight: .bold, pixelSize: titleSize))
        let subtitleHeight = Double(measurer.lineHeight(weight: .regular, pixelSize: subtitleSize))
        // Where the scrim must be darkest from, for high contrast: the texts' edge nearest the card's middle.
        let textEdge: Int
        if position.isTop {
            title = line(content.title, weight: .bold, pixelSize: titleSize, top: padding)
            let below = content.title.isEmpty ? padding : padding + titleHeight + CardStyle.lineSpacing * s
            subtitle = content.subtitle.isEmpty ? nil : line(content.subtitle, weight: .regular, pixelSize: subtitleSize, top: below)
            let lowest = content.subtitle.isEmpty ? padding + titleHeight : below + subtitleHeight
            // Counted from the bottom row up, as the mirrored ramp counts its rows.
            textEdge = size.height - 1 - Int(saturating: lowest.rounded(.up))
        } else {
            var bottom = bounds.maxY - padding
            if content.subtitle.isEmpty {
                subtitle = nil
            } else {
                bottom -= subtitleHeight
                subtitle = line(content.subtitle, weight: .regular, pixelSize: subtitleSize, top: bottom)
                bottom -= CardStyle.lineSpacing * s
            }
            title = line(content.title, weight: .bold, pixelSize: titleSize, top: bottom - titleHeight)
            textEdge = Int(saturating: title.origin.y.rounded(.down))
        }

        if content.imageSize == nil {
            let noticeSize = max(1, Int(saturating: (CardStyle.placeholderNoticeSize * s).rounded()))
            let noticeMaxWidth = max(0, Int(saturating: (bounds.width - 2 * padding).rounded(.down)))
            let text = TextFitting.fit(CardStyle.placeholderNotice, maxWidth: noticeMaxWidth, weight: .regular, pixelSize: noticeSize, measurer: measurer)
            let width = Double(measurer.width(of: text, weight: .regular, pixelSize: noticeSize))
            let height = Double(measurer.lineHeight(weight: .regular, pixelSize: noticeSize))
            let origin = Point(x: ((bounds.width - width) / 2).rounded(), y: ((bounds.height - height) / 2).rounded())
            notice = Line(text: text, origin: origin, pixelSize: noticeSize, weight: .regular, maxWidth: noticeMaxWidth)
        } else {
            notice = nil
        }

        let whole = PixelRect(x: 0, y: 0, width: size.width, height: size.height)
        var list = DisplayList()
        if let imageSize = content.imageSize {
            let source = AspectFill.sourceRect(imageSize: imageSize, cardAspect: CardStyle.aspectRatio, visibleAspect: bounds.size.aspect)
            list.append(.image(source: source, destination: whole))
        } else {
            list.append(.clear(CardStyle.placeholderColor))
        }
        let hasText = !content.title.isEmpty || !content.subtitle.isEmpty
        if hasText { list.append(.scrim(whole, readability.gradient(height: size.height, textTop: textEdge, atTop: position.isTop))) }
        if let notice, !notice.text.isEmpty {
            list.append(.text(notice.text, weight: notice.weight, pixelSize: notice.pixelSize, origin: notice.origin, color: CardStyle.placeholderNoticeColor))
        }
        for line in [title, subtitle].compactMap({ $0 }) where !line.text.isEmpty {
            list.append(.text(line.text, weight: line.weight, pixelSize: line.pixelSize, origin: line.origin, color: look.textColor, direction: line.direction))
        }
        displayList = list
    }
}
