/// The black scrim under a card's text: a vertical ramp of opacity, per pixel row.
///
/// The ramp is zero down to the card's vertical center and rises linearly to ``CardStyle/gradientBottomOpacity``
/// on the bottom row, so a bottom-row pixel becomes 0.4 × the image and the upper half is untouched; ``atTop``
/// mirrors it for texts at the top.
public struct GradientRamp: Equatable, Sendable {
    /// The card's height in pixels.
    public var height: Int
    /// The first row the ramp covers (its opacity there is 0).
    public var startRow: Int
    /// The opacity on the last row.
    public var bottomOpacity: Double
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
        return bottomOpacity * Double(row - startRow) / Double(last - startRow)
    }

    /// The opacity of row `row` as an 8-bit alpha, rounded to the nearest step.
    public func alpha(row: Int) -> UInt8 {
        UInt8((opacity(row: row) * 255).rounded())
    }

    /// The rows that get any scrim at all: the lower half (the upper half ``atTop``).
    public var rows: Range<Int> { atTop ? 0..<(height - startRow) : startRow..<height }
}
