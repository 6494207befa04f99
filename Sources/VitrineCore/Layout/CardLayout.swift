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

    /// A card's content.
    public init(title: String, subtitle: String, imageSize: PixelSize?, direction: ParagraphDirection = .auto) {
        self.title = title; self.subtitle = subtitle; self.imageSize = imageSize; self.direction = direction
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
    /// corner for the page control; `readability` scales the text and padding and sets the scrim.
    public init(content: CardContent, size: PixelSize, trailingReserve: Double, readability: Readability = Readability(),
                measurer: some TextMeasuring) {
        self.size = size
        let bounds = Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        // An empty or negative size scales to nothing: every line gets no width and the smallest font.
        let card = max(0, CardStyle.scale(forCardWidth: CardLayout.contentWidth(of: bounds)))
        let s = card * readability.textFactor
        let padding = CardStyle.padding * card * readability.displayScale
        let reserve = trailingReserve > 0 && trailingReserve.isFinite ? trailingReserve + padding : 0
        let maxWidth = max(0, Int(saturating: (bounds.width - 2 * padding - reserve).rounded(.down)))
        let titleSize = max(1, Int(saturating: (CardStyle.titleSize * s).rounded()))
        let subtitleSize = max(1, Int(saturating: (CardStyle.subtitleSize * s).rounded()))

        var bottom = bounds.maxY - padding
        if content.subtitle.isEmpty {
            subtitle = nil
        } else {
            let height = Double(measurer.lineHeight(weight: .regular, pixelSize: subtitleSize))
            bottom -= height
            let direction = content.direction.resolved(for: content.subtitle)
            let text = TextFitting.fit(content.subtitle, maxWidth: maxWidth, weight: .regular, pixelSize: subtitleSize,
                                       direction: ParagraphDirection(direction), measurer: measurer)
            subtitle = Line(text: text, origin: Point(x: padding.rounded(), y: bottom.rounded()), pixelSize: subtitleSize, weight: .regular,
                            maxWidth: maxWidth, direction: direction)
            bottom -= CardStyle.lineSpacing * s
        }
        let titleHeight = Double(measurer.lineHeight(weight: .bold, pixelSize: titleSize))
        let titleDirection = content.direction.resolved(for: content.title)
        let titleText = TextFitting.fit(content.title, maxWidth: maxWidth, weight: .bold, pixelSize: titleSize,
                                        direction: ParagraphDirection(titleDirection), measurer: measurer)
        title = Line(text: titleText, origin: Point(x: padding.rounded(), y: (bottom - titleHeight).rounded()), pixelSize: titleSize, weight: .bold,
                     maxWidth: maxWidth, direction: titleDirection)

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
        list.append(.scrim(whole, readability.gradient(height: size.height, textTop: Int(saturating: title.origin.y.rounded(.down)))))
        if let notice, !notice.text.isEmpty {
            list.append(.text(notice.text, weight: notice.weight, pixelSize: notice.pixelSize, origin: notice.origin, color: CardStyle.placeholderNoticeColor))
        }
        for line in [title, subtitle].compactMap({ $0 }) where !line.text.isEmpty {
            list.append(.text(line.text, weight: line.weight, pixelSize: line.pixelSize, origin: line.origin, color: CardStyle.textColor, direction: line.direction))
        }
        displayList = list
    }
}
