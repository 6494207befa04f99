/// What a frame draws over its cards besides the progress bar (``KioskFrame/decor``).
public struct FrameDecor: Sendable, Equatable {
    /// Whether the page dots show (`style.dots`).
    public var dots = true
    /// The overlay's lines at the current minute; nil for none.
    public var overlay: OverlayText? = nil
    /// The pause button beside the dots and what it shows, while attract mode is on or the card moves by itself;
    /// nil for none.
    public var pauseButton: PauseButtonGlyph? = nil

    /// The default: dots, no overlay, no pause button.
    public init(dots: Bool = true, overlay: OverlayText? = nil, pauseButton: PauseButtonGlyph? = nil) {
        self.dots = dots
        self.overlay = overlay
        self.pauseButton = pauseButton
    }

    /// What `config` draws over its cards when the wall clock shows `local` (nil, or a clock not set before 2025,
    /// ``LocalTime/isPlausible``: no overlay), with day and month names from `names`.
    public init(config: KioskConfig, at local: LocalTime?, names: LocaleNames) {
        dots = config.style.dots
        pauseButton = config.autoplay != nil && config.cards.count > 1 ? .pause : nil
        if let overlay = config.overlay, let local, local.isPlausible {
            self.overlay = OverlayText(clock: overlay.clock?.format(local, names: names), date: overlay.date?.format(local, names: names),
                                       position: overlay.position, color: config.style.textColor)
        }
    }
}

/// The overlay's lines as the wall clock has them now, and where and in what colour they are drawn.
public struct OverlayText: Sendable, Equatable {
    /// The clock line (the title's weight and size); nil for none.
    public var clock: String?
    /// The date line (the subtitle's); nil for none.
    public var date: String?
    /// The corner or edge of the visible card the lines sit at.
    public var position: TextPosition
    /// The lines' colour (`style.textColor`).
    public var color: Color

    /// Lines at `position` in `color`.
    public init(clock: String?, date: String?, position: TextPosition, color: Color) {
        self.clock = clock; self.date = date; self.position = position; self.color = color
    }
}

/// The look of the overlay's box.
public enum OverlayStyle {
    /// The box behind the lines: black at 0.35, so they read over a bright picture as the gradient lets a title.
    public static let boxColor = Color(red: 0, green: 0, blue: 0, alpha: 89)
    /// The box's margin around the lines, at the reference card width.
    public static let boxPadding: Double = 8
}

extension DisplayList {
    /// Appends the overlay's lines in a translucent box at their corner of the visible card: the clock in the
    /// title's weight and size, the date under it in the subtitle's, each aligned to the corner's side. At a
    /// bottom corner with dots showing, the box sits above the page control. Leading and trailing are the deck's
    /// (``StageLayout/direction``): a right-to-left deck's `bottomLeading` is its bottom right.
    mutating func appendOverlay(_ overlay: OverlayText, stage: StageLayout, dotsTop: Double?, measurer: some TextMeasuring) {
        let card = stage.card
        let s = CardStyle.scale(forCardWidth: CardLayout.contentWidth(of: card))
        guard s > 0, s.isFinite else { return }
        let padding = CardStyle.padding * s, inset = OverlayStyle.boxPadding * s
        var lines: [(text: String, weight: FontWeight, size: Int)] = []
        if let clock = overlay.clock, !clock.isEmpty { lines.append((clock, .bold, max(1, Int((CardStyle.titleSize * s).rounded())))) }
        if let date = overlay.date, !date.isEmpty { lines.append((date, .regular, max(1, Int((CardStyle.subtitleSize * s).rounded())))) }
        guard !lines.isEmpty else { return }
        let maxWidth = max(0, Int((card.width - 2 * padding - 2 * inset).rounded(.down)))
        var placed: [(text: String, weight: FontWeight, size: Int, width: Int, height: Int)] = []
        for line in lines {
            let text = TextFitting.fit(line.text, maxWidth: maxWidth, weight: line.weight, pixelSize: line.size, measurer: measurer)
            placed.append((text, line.weight, line.size, measurer.width(of: text, weight: line.weight, pixelSize: line.size),
                           measurer.lineHeight(weight: line.weight, pixelSize: line.size)))
        }
        let boxWidth = Double(placed.map(\.width).max() ?? 0) + 2 * inset
        let boxHeight = Double(placed.reduce(0) { $0 + $1.height }) + CardStyle.lineSpacing * s * Double(placed.count - 1) + 2 * inset
        let x: Double
        // Leading and trailing are the deck's: the bottom-leading corner of a right-to-left deck is its bottom right.
        let side = ScreenSide.of(overlay.position.alignment, in: stage.direction)
        switch side {
        case .left: x = card.x + padding
        case nil: x = card.x + (card.width - boxWidth) / 2
        case .right: x = card.maxX - padding - boxWidth
        }
        let y = overlay.position.isTop ? card.y + padding : min(card.maxY - padding, dotsTop ?? .infinity) - boxHeight
        append(.fill(Rect(x: x, y: y, width: boxWidth, height: boxHeight).pixelAligned, OverlayStyle.boxColor))
        var top = y + inset
        for line in placed {
            let lineX: Double
            switch side {
            case .left: lineX = x + inset
            case nil: lineX = x + (boxWidth - Double(line.width)) / 2
            case .right: lineX = x + boxWidth - inset - Double(line.width)
            }
            append(.text(line.text, weight: line.weight, pixelSize: line.size, origin: Point(x: lineX.rounded(), y: top.rounded()), color: overlay.color))
            top += Double(line.height) + CardStyle.lineSpacing * s
        }
    }
}
