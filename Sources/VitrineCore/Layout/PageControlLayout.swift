/// Where a tap on the page control leads, as with `UIPageControl`.
public enum PageControlTarget: Equatable, Sendable {
    /// The tap landed beside the current dot toward the earlier dots (its left; its right in a right-to-left deck).
    case previous
    /// The tap landed beside the current dot toward the later dots (its right; its left in a right-to-left deck).
    case next
    /// The tap landed on the dot of this page.
    case page(Int)
    /// The tap landed on the pause button (see ``PauseButtonLayout``).
    case pauseButton
}

/// The page dots at a card's bottom-trailing corner: one per card, windowed when they don't fit.
///
/// In a right-to-left deck the control is the left-to-right one mirrored across the card's center line: at the
/// bottom left, the first card's dot rightmost, and a tap left of the current dot goes on (``mirrored(_:across:_:)``,
/// which the stage's ``StageLayout/placed(_:)`` also uses for whatever sits beside the dots).
///
/// Everything is in pixels of the visible card. Sizes scale with the card like its text, and the tap area is at
/// least ``PageControlStyle/minimumHitHeight`` points tall.
public struct PageControlLayout: Equatable, Sendable {
    /// One drawn dot.
    public struct Dot: Equatable, Sendable {
        /// The page the dot stands for.
        public var page: Int
        /// The dot's center, in pixels.
        public var center: Point
        /// The dot's diameter, in pixels.
        public var diameter: Double
        /// The dot's opacity, 0...1.
        public var opacity: Double
    }

    /// The dots drawn, in page order (left to right, right to left in a right-to-left deck); a window of the pages
    /// when there are more than fit.
    public var dots: [Dot]
    /// The extent of the dots' slots, in pixels; empty for an empty deck.
    public var frame: Rect
    /// The area that takes taps: the frame, padded, and at least the minimum touch height.
    public var hitRect: Rect
    /// The distance between dot centers, in pixels.
    public var pitch: Double
    /// The deck's direction: a right-to-left control is mirrored.
    public var direction = TextDirection.leftToRight
    /// The card the control is laid out on, whose center line a right-to-left control is mirrored across.
    private var card = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The pause button after the dots while attract mode runs; nil without one.
    public var pauseButton: PauseButtonLayout? = nil

    /// The width the dots and the pause button take together, which bottom texts keep clear of.
    public var reservedWidth: Double { frame.width + (pauseButton != nil ? pitch : 0) }

    /// Whether anything on the control takes taps: a dot or the pause button.
    public var takesTaps: Bool { !dots.isEmpty || pauseButton != nil }

    /// Lays out the dots for `pageCount` pages inside `card` (pixels), `pointScale` pixels per point.
    ///
    /// A card with no area (a window one pixel across leaves a 3:2 card no rows), or whose size is not a finite
    /// number, has no dots and takes no taps.
    ///
    /// `readability` grows the dots by its text factor and the padding and tap area by its display scale.
    ///
    /// With `pauseButton` (attract mode on with more than one card, or a card that moves by itself) the button takes the trailing slot and the dots
    /// move over by one pitch; with `dotsShown` false there are no dots and the button sits in the corner alone.
    public init(pageCount: Int, currentPage: Int, card: Rect, pointScale: Double = 1, readability: Readability = Readability(),
                pauseButton: Bool = false, dotsShown: Bool = true, direction: TextDirection = .leftToRight) {
        self.direction = direction
        self.card = card
        let cardScale = CardStyle.scale(forCardWidth: CardLayout.contentWidth(of: card))
        let s = cardScale * readability.textFactor
        guard s > 0, s.isFinite, card.x.isFinite, card.y.isFinite else {
            dots = []
            frame = Rect(x: 0, y: 0, width: 0, height: 0)
            hitRect = frame
            pitch = 0
            return
        }
        let padding = CardStyle.padding * cardScale * readability.displayScale
        pitch = PageControlStyle.dotPitch * s
        let diameter = PageControlStyle.dotDiameter * s
        let count = max(0, pageCount)
        let maxWidth = card.width * PageControlStyle.maximumWidthFraction
        let fitting = max(1, Int(saturating: maxWidth / pitch))
        let shown = dotsShown ? min(count, fitting) : 0
        let buttonSlot = pauseButton && count > 0 ? pitch : 0
        let trailing = card.maxX - padding - buttonSlot
        let current = count > 0 ? min(max(currentPage, 0), count - 1) : 0
        let first = max(0, min(current - shown / 2, count - shown))
        let centerY = card.maxY - padding - CardStyle.subtitleSize * s / 2
        frame = Rect(x: trailing - Double(shown) * pitch, y: centerY - pitch / 2, width: Double(shown) * pitch, height: pitch)
        let hitHeight = max(frame.height, PageControlStyle.minimumHitHeight * pointScale * readability.displayScale)
        hitRect = Rect(x: frame.x - padding, y: centerY - hitHeight / 2, width: frame.width + buttonSlot + 2 * padding, height: hitHeight)
        if buttonSlot > 0 {
            let glyph = Rect(x: trailing + (buttonSlot - diameter) / 2, y: centerY - diameter / 2, width: diameter, height: diameter)
            let hitStart = shown > 0 ? frame.maxX : trailing - padding
            self.pauseButton = PauseButtonLayout(glyphFrame: glyph, hitRect: Rect(x: hitStart, y: hitRect.y, width: hitRect.maxX - hitStart, height: hitHeight))
        }
        var dots: [Dot] = []
        for slot in 0..<shown {
            let page = first + slot
            let moreBefore = slot == 0 && first > 0
            let moreAfter = slot == shown - 1 && first + shown < count
            let size = (moreBefore || moreAfter) ? diameter * PageControlStyle.edgeDotScale : diameter
            let opacity = page == current ? PageControlStyle.currentOpacity : PageControlStyle.otherOpacity
            dots.append(Dot(page: page, center: Point(x: frame.x + pitch * (Double(slot) + 0.5), y: centerY), diameter: size, opacity: opacity))
        }
        self.dots = dots
        if direction == .rightToLeft {
            frame = Self.mirrored(frame, across: card, true)
            hitRect = Self.mirrored(hitRect, across: card, true)
            for index in self.dots.indices { self.dots[index].center.x = Self.mirrored(self.dots[index].center.x, across: card) }
            if let button = self.pauseButton {
                self.pauseButton = PauseButtonLayout(glyphFrame: Self.mirrored(button.glyphFrame, across: card, true),
                                                     hitRect: Self.mirrored(button.hitRect, across: card, true))
            }
        }
    }

    /// `rect` mirrored across the vertical center line of `card` when `mirror` is true, else `rect` itself.
    public static func mirrored(_ rect: Rect, across card: Rect, _ mirror: Bool) -> Rect {
        guard mirror else { return rect }
        return Rect(x: card.x + card.maxX - rect.maxX, y: rect.y, width: rect.width, height: rect.height)
    }

    /// The horizontal position `x` mirrored across the vertical center line of `card`.
    static func mirrored(_ x: Double, across card: Rect) -> Double { card.x + card.maxX - x }

    /// What a tap at `point` (pixels) asks for: the pause button, a dot's page, or the previous or next page, or nil
    /// off the control.
    ///
    /// A tap within one dot diameter of a dot's center picks that dot; elsewhere on the control it steps toward
    /// the side of the current dot it landed on.
    public func target(at point: Point, currentPage: Int) -> PageControlTarget? {
        if pauseButton?.contains(point) == true { return .pauseButton }
        guard !dots.isEmpty,
              point.x >= hitRect.minX, point.x < hitRect.maxX, point.y >= hitRect.minY, point.y < hitRect.maxY
        else { return nil }
        // Decided as for the left-to-right control: a right-to-left one is its mirror image.
        let mirror = direction == .rightToLeft
        let point = mirror ? Point(x: Self.mirrored(point.x, across: card), y: point.y) : point
        func x(_ dot: Dot) -> Double { mirror ? Self.mirrored(dot.center.x, across: card) : dot.center.x }
        let nearest = dots.min { abs(x($0) - point.x) < abs(x($1) - point.x) }!
        let dotHitRadius = PageControlStyle.dotDiameter / PageControlStyle.dotPitch * pitch
        if abs(x(nearest) - point.x) <= dotHitRadius {
            return nearest.page == currentPage ? nil : .page(nearest.page)
        }
        let currentX = dots.first { $0.page == currentPage }.map(x) ?? Self.mirrored(frame, across: card, mirror).midX
        return point.x < currentX ? .previous : .next
    }
}
