/// What the page control's pause button shows: the action a tap on it takes (WCAG 2.2.2).
public enum PauseButtonGlyph: String, Sendable, Equatable {
    /// Attract mode runs: two bars, and a tap pauses it.
    case pause
    /// A visitor paused attract mode: a triangle, and a tap plays it again.
    case play

    /// The button's text alternative, spoken when the kiosk voices its cards.
    public var label: String { self == .pause ? "Pause slideshow" : "Play slideshow" }
}

/// The pause/play button on the trailing side of the page dots while attract mode runs, in pixels of the card.
///
/// It takes one dot slot (one pitch wide) after the last dot, and its glyph is as tall as a dot, so it reads as one
/// more mark of the page control, as the play/pause button of iOS 17's `UIPageControl` does.
public struct PauseButtonLayout: Equatable, Sendable {
    /// The glyph's box: a dot's diameter tall, centered in the button's slot on the dots' line.
    public var glyphFrame: Rect
    /// The area that takes taps: from the dots' trailing edge to the control's, the control's tap height.
    public var hitRect: Rect

    /// Whether `point` (pixels) is on the button.
    public func contains(_ point: Point) -> Bool {
        point.x >= hitRect.minX && point.x < hitRect.maxX && point.y >= hitRect.minY && point.y < hitRect.maxY
    }

    /// The fills that draw `glyph` in `color`: two bars, or a right-pointing triangle whose slanted edges are
    /// smoothed a row at a time (each row's last pixel at its share of coverage).
    public func commands(_ glyph: PauseButtonGlyph, color: Color) -> [DrawCommand] {
        let height = max(1, glyphFrame.height.rounded())
        let top = (glyphFrame.midY - height / 2).rounded()
        switch glyph {
        case .pause:
            let bar = max(1, (height * 0.3).rounded())
            let gap = max(1, (height * 0.3).rounded())
            let left = (glyphFrame.midX - (2 * bar + gap) / 2).rounded()
            return [.fill(Rect(x: left, y: top, width: bar, height: height).pixelAligned, color),
                    .fill(Rect(x: left + bar + gap, y: top, width: bar, height: height).pixelAligned, color)]
        case .play:
            let width = height * 0.9
            let left = (glyphFrame.midX - width / 2).rounded()
            var commands: [DrawCommand] = []
            for row in 0..<Int(height) {
                // The triangle's right edge at the row's middle: full width on the middle line, none at the tips.
                let y = Double(row) + 0.5
                let reach = width * (1 - abs(y - height / 2) / (height / 2))
                let whole = reach.rounded(.down)
                if whole > 0 { commands.append(.fill(Rect(x: left, y: top + Double(row), width: whole, height: 1).pixelAligned, color)) }
                let edge = reach - whole
                let alpha = UInt8((Double(color.alpha) * edge).rounded())
                if alpha > 0 {
                    commands.append(.fill(Rect(x: left + whole, y: top + Double(row), width: 1, height: 1).pixelAligned, color.withAlpha(alpha)))
                }
            }
            return commands
        }
    }
}
