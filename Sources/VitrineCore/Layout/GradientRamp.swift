/// The black scrim under a card's text: a vertical ramp of opacity, per pixel row.
///
/// The ramp is zero down to ``startRow`` and rises linearly to ``bottomOpacity`` on the bottom row (by default from
/// the card's vertical center to ``CardStyle/gradientBottomOpacity``, so a bottom-row pixel becomes 0.4 × the image
/// and the upper half is untouched). With a ``knee`` (high contrast), it rises to the knee's opacity at the knee's
/// row, then on to ``bottomOpacity``. ``atTop`` mirrors it for texts at the top: rows, ``startRow`` and the knee are
/// then counted from the bottom row up.
public struct GradientRamp: Equatable, Sendable {
    /// A row the ramp passes through at a given opacity: where the text starts, under high contrast.
    public struct Knee: Equatable, Sendable {
        public var row: Int
        public var opacity: Double
    }

    /// The card's height in pixels.
    public var height: Int
    /// The first row the ramp covers (its opacity there is 0).
    public var startRow: Int
    /// The opacity on the last row.
    public var bottomOpacity: Double
    /// A row between ``startRow`` and the last the ramp passes through; nil for a straight ramp.
    public var knee: Knee? = nil
    /// Whether the ramp is turned upside down, darkest on the top row, for texts at the top of the card.
    public var atTop = false

    /// The card's scrim for a card `height` pixels tall.
    public init(height: Int, startFraction: Double = CardStyle.gradientStart, bottomOpacity: Double = CardStyle.gradientBottomOpacity,
                atTop: Bool = false) {
        self.atTop = atTop
        self.height = max(0, height)
        self.startRow = max(0, min(self.height - 1, Int(saturating: (Double(self.height) * startFraction).rounded(.up))))
        self.bottomOpacity = bottomOpacity
    }

    /// The opacity of row `row`, from 0 above and at ``startRow`` to ``bottomOpacity`` on the last row.
    public func opacity(row: Int) -> Double {
        let last = height - 1
        let row = atTop ? last - row : row
        guard row >= startRow, row <= last else { return 0 }
        guard last > startRow else { return bottomOpacity }  // A one-row ramp is all bottom edge.
        if let knee, knee.row > startRow, knee.row < last {
            if row <= knee.row { return knee.opacity * Double(row - startRow) / Double(knee.row - startRow) }
            return knee.opacity + (bottomOpacity - knee.opacity) * Double(row - knee.row) / Double(last - knee.row)
        }
        return bottomOpacity * Double(row - startRow) / Double(last - startRow)
    }

    /// The opacity of row `row` as an 8-bit alpha, rounded to the nearest step (up from a knee, so the text rows
    /// keep the opacity promised).
    public func alpha(row: Int) -> UInt8 {
        let value = opacity(row: row) * 255
        if let knee, (atTop ? height - 1 - row : row) >= knee.row { return UInt8(min(255, value.rounded(.up))) }
        return UInt8(value.rounded())
    }

    /// The rows that get any scrim at all: the lower half (the upper half ``atTop``).
    public var rows: Range<Int> { atTop ? 0..<(height - startRow) : startRow..<height }
}
