/// How much contrast the scrim gives the text.
public enum Contrast: String, Sendable, Hashable, CaseIterable {
    /// The look of SwiftUI's `FeatureCard`: black from 0 at the card's middle to 0.6 at its bottom edge.
    case normal
    /// Dark enough under the text that white text passes WCAG AA (4.5:1) on any picture, a white one included.
    case high
}

/// Large text, a HiDPI scale and high contrast: `text.scale`, `display.scale` and `contrast` in the config.
///
/// `textScale` grows the title, subtitle and dots (and the scrim under them, so it still reaches above the title);
/// `displayScale` grows everything drawn over the picture, padding, dots, progress bar and tap areas included, for a
/// panel whose pixels are small. Both multiply the proportions of ``CardStyle``, which already scale with the card.
public struct Readability: Sendable, Hashable, CustomStringConvertible {
    /// The range of `text.scale`.
    public static let textScaleRange: ClosedRange<Double> = 1...2
    /// The range of `display.scale`.
    public static let displayScaleRange: ClosedRange<Double> = 0.5...4

    /// The factor for the title, subtitle and dots, 1 to 2.
    public var textScale: Double
    /// The factor for everything drawn over the picture, 0.5 to 4.
    public var displayScale: Double
    /// The scrim's contrast.
    public var contrast: Contrast

    /// Settings at their defaults: nothing scaled, the normal scrim.
    public init(textScale: Double = 1, displayScale: Double = 1, contrast: Contrast = .normal) {
        self.textScale = textScale; self.displayScale = displayScale; self.contrast = contrast
    }

    /// The factor text and dots are drawn at: both scales.
    public var textFactor: Double { textScale * displayScale }

    /// For the card cache's key and messages.
    public var description: String { "text \(textScale)x, display \(displayScale)x, contrast \(contrast.rawValue)" }

    /// The smallest scrim opacity under white text for a contrast of 4.5:1 over a white picture.
    ///
    /// The scrim is black at opacity `a` blended over the picture in sRGB, so a white pixel becomes the sRGB value
    /// `v = 1 - a`. WCAG's contrast of white (relative luminance 1) over it is `(1 + 0.05) / (L(v) + 0.05)`, with
    /// `L(v) = ((v + 0.055) / 1.055)^2.4`. For 4.5:1, `L(v) <= 1.05 / 4.5 - 0.05 = 0.18333`, so
    /// `v <= 1.055 × 0.18333^(1/2.4) - 0.055 = 0.46531` and `a >= 0.53469`. Drawn as an 8-bit alpha that is 137
    /// (0.53725): a white pixel becomes 118, luminance 0.18118, contrast 4.54:1. Any darker picture only gains.
    public static let highContrastOpacity = 137.0 / 255.0

    /// The scrim for a card `height` pixels tall whose text's top is at row `textTop` (the title line's top).
    ///
    /// Normal: the ramp of ``CardStyle``, from the middle down, grown by `textFactor` (at 2 it starts at the card's
    /// top), so it reaches as far above the larger title as it did above the normal one. High: the same start, but
    /// the ramp reaches ``highContrastOpacity`` at `textTop` and darkens on to the bottom edge, so every row of text
    /// has at least that much scrim.
    ///
    /// With `atTop` (texts at the top of the card) the ramp is mirrored, and `textTop` is counted from the bottom
    /// row up: the row of the texts' bottom edge, mirrored.
    public func gradient(height: Int, textTop: Int, atTop: Bool = false) -> GradientRamp {
        let start = max(0, 1 - (1 - CardStyle.gradientStart) * textFactor)
        var ramp = GradientRamp(height: height, startFraction: start, bottomOpacity: CardStyle.gradientBottomOpacity, atTop: atTop)
        if contrast == .high {
            ramp.bottomOpacity = max(CardStyle.gradientBottomOpacity, Self.highContrastOpacity)
            ramp.knee = GradientRamp.Knee(row: max(ramp.startRow, min(height - 1, textTop)), opacity: Self.highContrastOpacity)
        }
        return ramp
    }
}
