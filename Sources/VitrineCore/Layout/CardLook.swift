/// What of `style` shapes a composed card: the texts' colour and place, and whether the dots' corner is kept free.
public struct CardLook: Sendable, Hashable {
    /// The title and subtitle colour.
    public var textColor: Color
    /// Where the texts sit; the gradient follows them.
    public var textPosition: TextPosition
    /// Whether the page dots show, so the texts keep clear of them.
    public var dots: Bool
    /// The title's font as configured (`style.titleFont`); the font library draws with it, and a card drawn with
    /// another is another card (the card cache's key).
    public var titleFont: TitleFont?
    /// The deck's direction, resolved (``KioskConfig/deckDirection``): the dots sit at its trailing corner, and
    /// a card without a `direction` of its own puts its texts at its leading side.
    public var direction: TextDirection = .leftToRight
    /// The deck's `direction` key as written: unless `auto`, the direction every title and subtitle reads in as a
    /// paragraph (a card's own `direction` comes first).
    public var paragraph: ParagraphDirection = .auto
    /// Whether the page control has the pause button (attract mode is on), so the texts keep clear of it too.
    public var pauseButton = false

    /// A look; the defaults are the card as it always was.
    public init(textColor: Color = CardStyle.textColor, textPosition: TextPosition = .bottomLeading, dots: Bool = true,
                titleFont: TitleFont? = nil) {
        self.textColor = textColor; self.textPosition = textPosition; self.dots = dots; self.titleFont = titleFont
    }

    /// Words for the card cache's key.
    public var cacheShape: String {
        "\(textColor.red),\(textColor.green),\(textColor.blue) \(textPosition.rawValue) \(dots) \(titleFont.map { "\($0)" } ?? "-") \(direction.rawValue) \(paragraph.rawValue)" + (pauseButton ? " pause" : "")
    }
}
