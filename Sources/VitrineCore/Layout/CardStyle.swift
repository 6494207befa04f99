/// The named tuning constants of a feature card's look, after SwiftUI's Landmarks `FeatureCard`.
///
/// SwiftUI draws the card on a phone about 600 pt wide at most; a kiosk card is larger, so every length here is a
/// fraction of the card's width, taken from the SwiftUI value at that reference width. That keeps the proportions of
/// the original at any size and makes every layout a pure function of the card's size.
public enum CardStyle {
    /// The card's aspect ratio, width over height (3:2, as in `FeatureCard`'s `.aspectRatio(3 / 2, contentMode: .fit)`).
    public static let aspectRatio: Double = 3.0 / 2.0

    /// The card width, in points, at which the SwiftUI point sizes below apply unscaled.
    public static let referenceWidth: Double = 600

    /// `.padding()`'s default inset in SwiftUI: 16 pt at the reference width.
    public static let padding: Double = 16

    /// `.font(.title)` is 28 pt; the title is drawn bold.
    public static let titleSize: Double = 28

    /// The subtitle uses the body size, 17 pt, regular weight.
    public static let subtitleSize: Double = 17

    /// The gap between the title and subtitle lines, as a `VStack`'s default spacing for two text lines.
    public static let lineSpacing: Double = 2

    /// The gradient's opacity at the card's bottom edge (black at 0.6, as in `TextOverlay`'s `LinearGradient`).
    public static let gradientBottomOpacity: Double = 0.6

    /// Where the gradient reaches zero, as a fraction of the card's height from the top (the vertical center).
    public static let gradientStart: Double = 0.5

    /// The title and subtitle colour.
    public static let textColor = Color.white

    /// The colour that stands in for an image that could not be loaded.
    public static let placeholderColor = Color(red: 0x3A, green: 0x3A, blue: 0x3C)

    /// The notice a placeholder card shows centered on it, in addition to its usual title and subtitle.
    public static let placeholderNotice = "Image unavailable"

    /// The notice's size: `.font(.subheadline)`, 15 pt, regular weight, smaller than the subtitle.
    public static let placeholderNoticeSize: Double = 15

    /// The notice's colour: a light grey (iOS's dark `systemGray2`), readable on the placeholder but quieter than
    /// the white title.
    public static let placeholderNoticeColor = Color(red: 0xAE, green: 0xAE, blue: 0xB2)

    /// The scale factor from reference points to the actual card: card width over the reference width.
    public static func scale(forCardWidth width: Double) -> Double { width / referenceWidth }
}

/// The named constants of the page control, after UIKit's `UIPageControl`.
public enum PageControlStyle {
    /// A dot's diameter at the reference card width (UIPageControl draws 7 pt dots).
    public static let dotDiameter: Double = 7

    /// The distance between dot centers at the reference card width (7 pt dots 9 pt apart).
    public static let dotPitch: Double = 16

    /// The opacity of the current page's dot.
    public static let currentOpacity: Double = 1.0

    /// The opacity of the other dots: white at 0.45, visibly dimmer but readable on dark gradients.
    public static let otherOpacity: Double = 0.45

    /// The smallest height of the control's tap area, in points (Apple's minimum touch target).
    public static let minimumHitHeight: Double = 44

    /// The largest share of the card's width the dots may take; past it they are windowed.
    public static let maximumWidthFraction: Double = 0.35

    /// How much the end dots of a window shrink when more pages lie beyond them, as UIPageControl does.
    public static let edgeDotScale: Double = 0.6
}

/// The named constants of attract mode's progress bar along the card's bottom edge.
public enum ProgressBarStyle {
    /// The bar's height at the reference card width: thin enough to stay out of the way.
    public static let height: Double = 3
    /// The bar's colour: white at 0.6, readable on the scrim.
    public static let color = Color(red: 255, green: 255, blue: 255, alpha: 153)
}

/// The named constants of the standby screen shown when the deck has no cards.
public enum StandbyStyle {
    /// The one line shown, centered in the window.
    public static let message = "No cards to show"

    /// The line's size at the reference card width: the body size, 17 pt, regular weight, as modest as a subtitle.
    public static let textSize: Double = 17

    /// The line's colour: a mid grey (iOS's `systemGray`), visible on a dark background without glaring at a room.
    public static let textColor = Color(red: 0x8E, green: 0x8E, blue: 0x93)
}
