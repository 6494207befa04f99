/// What the pager shows: enough state to draw a frame.
public struct PagerSnapshot: Equatable, Sendable {
    /// The number of cards.
    public var pageCount: Int
    /// The bound page: the one the dots mark.
    public var currentPage: Int
    /// The visual position, `currentPage + offset`, in pages; may run past the ends while wrapping or rubber-banding.
    public var position: Double
    /// Whether paging wraps around the ends.
    public var wraps: Bool
    /// While a fade runs, the cards to blend in place, bottom first (the first opaque); nil for a slide or at rest.
    public var blend: [CardLayer]? = nil

    /// A snapshot of a pager.
    public init(pageCount: Int, currentPage: Int, position: Double, wraps: Bool) {
        self.pageCount = pageCount; self.currentPage = currentPage; self.position = position; self.wraps = wraps
    }

    /// The card index shown for page slot `page`: wrapped into the deck, or nil past an end without wrapping.
    public func cardIndex(forSlot page: Int) -> Int? {
        guard pageCount > 0 else { return nil }
        if wraps { return ((page % pageCount) + pageCount) % pageCount }
        return (0..<pageCount).contains(page) ? page : nil
    }

    /// The page slots on screen at this position with their horizontal offsets in pages: one at rest, two while moving.
    public var visibleSlots: [(slot: Int, shift: Double)] {
        guard position.isFinite else { return [] }
        let base = Int(position.rounded(.down))
        let fraction = position - Double(base)
        return fraction == 0 ? [(base, 0)] : [(base, -fraction), (base + 1, 1 - fraction)]
    }
}

extension DisplayList {
    /// The frame for `pager` on `stage`: background, the visible cards' composed textures, then the page dots, and
    /// attract mode's progress bar when `progress` (0...1 of the interval) is given.
    ///
    /// A right-to-left stage mirrors it all (``StageLayout/direction``): the next card lies to the left, the dots
    /// and the bar, which grows from the right, are mirrored; the cards' own compositions are not.
    ///
    /// With no cards it is the standby screen: the background and ``StandbyStyle/message`` centered in the window,
    /// sized like a subtitle on the card that would be there.
    ///
    /// `decor` hides the dots (`style.dots`), adds the pause button while attract mode runs and the overlay's lines, placed with `measurer` (no measurer:
    /// no overlay).
    public static func frame(stage: StageLayout, pager: PagerSnapshot, background: Color, progress: Double? = nil,
                             decor: FrameDecor = FrameDecor(), measurer: (any TextMeasuring)? = nil) -> DisplayList {
        var list = DisplayList([.clear(background)])
        guard pager.pageCount > 0 else {
            let scale = CardStyle.scale(forCardWidth: CardLayout.contentWidth(of: stage.card)) * stage.readability.textFactor
            let pixelSize = max(1, Int((StandbyStyle.textSize * scale).rounded()))
            let center = Point(x: Double(stage.windowPixels.width) / 2, y: Double(stage.windowPixels.height) / 2)
            list.append(.centeredText(StandbyStyle.message, weight: .regular, pixelSize: pixelSize, center: center, color: StandbyStyle.textColor))
            return list
        }
        // Opaque cards that cover the window leave nothing to clear: skip the frame-sized fill.
        let slots = pager.visibleSlots
        if stage.cardCoversWindow, slots.allSatisfy({ pager.cardIndex(forSlot: $0.slot) != nil }) {
            list.commands.removeAll()
        }
        if let blend = pager.blend {
            list.appendBlend(blend, pager: pager, stage: stage)
        }
        for (slot, shift) in pager.blend == nil ? slots : [] {
            guard let index = pager.cardIndex(forSlot: slot) else { continue }
            var destination = stage.cardRect
            destination.x += stage.screenShift(pages: shift)
            list.append(.card(index: index, destination: destination))
        }
        let control = stage.pageControl(pageCount: pager.pageCount, currentPage: pager.currentPage,
                                        pauseButton: decor.pauseButton != nil, dotsShown: decor.dots)
        for dot in control.dots {
            list.append(.dot(center: dot.center, diameter: dot.diameter, color: Color.white.withAlpha(UInt8((dot.opacity * 255).rounded()))))
        }
        if let glyph = decor.pauseButton, let button = control.pauseButton {
            // Drawn as the current page's dot is: white at its opacity.
            list.commands += button.commands(glyph, color: Color.white.withAlpha(UInt8((PageControlStyle.currentOpacity * 255).rounded())))
        }
        if let progress {
            let card = stage.card
            let scale = CardStyle.scale(forCardWidth: CardLayout.contentWidth(of: card)) * stage.readability.displayScale
            let height = max(1, (ProgressBarStyle.height * scale).rounded())
            let width = (card.width * min(1, max(0, progress))).rounded()
            if width > 0 {
                let bar = stage.placed(Rect(x: card.x, y: card.maxY - height, width: width, height: height))
                list.append(.fill(bar.pixelAligned, ProgressBarStyle.color))
            }
        }
        if let overlay = decor.overlay, let measurer {
            // Above the dots, or the pause button alone in their corner when they are hidden.
            let dotsTop = (decor.dots && !control.dots.isEmpty) || control.pauseButton != nil ? control.frame.y : nil
            list.appendOverlay(overlay, stage: stage, dotsTop: dotsTop, measurer: measurer)
        }
        return list
    }
}

extension DisplayList {
    /// Appends a fade's cards in place, bottom first: the first opaque, each other one at its opacity in 1/255
    /// steps (a layer that rounds to nothing is left out). A layer past an end without wrapping has no card.
    mutating func appendBlend(_ layers: [CardLayer], pager: PagerSnapshot, stage: StageLayout) {
        for (position, layer) in layers.enumerated() {
            guard let index = pager.cardIndex(forSlot: layer.slot) else { continue }
            let opacity = position == 0 ? 255 : UInt8((min(max(layer.opacity, 0), 1) * 255).rounded())
            if opacity == 255 {
                append(.card(index: index, destination: stage.cardRect))
            } else if opacity > 0 {
                append(.fadedCard(index: index, destination: stage.cardRect, opacity: opacity))
            }
        }
    }
}
