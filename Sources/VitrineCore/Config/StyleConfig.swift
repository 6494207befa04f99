/// How the cards look (`style`): the transition's length, the title's font, the texts' colour and corner, and
/// whether the page dots show. Every default is the look Vitrine had before the key existed.
public struct StyleConfig: Sendable, Equatable {
    /// The shortest and longest programmatic transition, in seconds (`style.transition`): shorter than a frame or
    /// two is a jump (`"transition": "none"` is that), longer than 3 s makes a kiosk feel stuck.
    public static let transitionRange = 0.05...3.0

    /// Seconds a programmatic move or a fade takes (``PagingTuning/programmaticDuration`` by default).
    public var transition = PagingTuning.programmaticDuration
    /// The title's font; nil for the bundled DejaVu Sans Bold.
    public var titleFont: TitleFont? = nil
    /// The colour of the title and subtitle.
    public var textColor = CardStyle.textColor
    /// The corner or edge the title and subtitle sit at; the gradient follows them.
    public var textPosition = TextPosition.bottomLeading
    /// Whether the page dots show (`style.dots`).
    public var dots = true

    /// The default look.
    public init() {}

    /// What of the style shapes a composed card.
    public var look: CardLook { CardLook(textColor: textColor, textPosition: textPosition, dots: dots, titleFont: titleFont) }
}

extension KioskConfig {
    /// How the cards look: the style's look, with the pause button's slot kept free while attract mode pages
    /// through more than one card or a card moves by itself.
    public var look: CardLook {
        var look = style.look
        look.pauseButton = (autoplay != nil && cards.count > 1) || hasCardsThatMove
        return look
    }
}

/// Where a card's title and subtitle sit (`style.textPosition`).
public enum TextPosition: String, Sendable, Hashable, CaseIterable {
    case bottomLeading, bottom, bottomTrailing, topLeading, top, topTrailing

    /// Whether the texts (and the gradient under them) are at the card's top.
    public var isTop: Bool { self == .topLeading || self == .top || self == .topTrailing }

    /// Where each line sits across the card.
    public var alignment: TextAlignment {
        switch self {
        case .bottomLeading, .topLeading: .leading
        case .bottom, .top: .center
        case .bottomTrailing, .topTrailing: .trailing
        }
    }
}

/// A line's place across the width it may take.
public enum TextAlignment: Sendable, Hashable {
    case leading, center, trailing
}

/// A side of the screen, as a direction's leading or trailing side comes out.
public enum ScreenSide: Sendable, Hashable {
    case left, right

    /// The side `alignment` stands for in `direction` (leading is the left of a left-to-right layout, the right of
    /// a right-to-left one); nil for centered.
    public static func of(_ alignment: TextAlignment, in direction: TextDirection) -> ScreenSide? {
        switch alignment {
        case .center: nil
        case .leading: direction == .rightToLeft ? .right : .left
        case .trailing: direction == .rightToLeft ? .left : .right
        }
    }
}

/// The title's font (`style.titleFont`): a font file, or a name fontconfig matches.
public enum TitleFont: Sendable, Hashable, CustomStringConvertible {
    /// A font file, resolved against the config's folder.
    case file(String)
    /// A fontconfig pattern such as `"Liberation Serif:bold"`.
    case name(String)

    /// The value as a file when it looks like one (a `/` in it, or a font file's extension), else a name.
    public static func reading(_ text: String, configFile: String) -> TitleFont {
        let lower = text.lowercased()
        let isFile = text.contains("/") || [".ttf", ".otf", ".ttc", ".otc"].contains { lower.hasSuffix($0) }
        return isFile ? .file(KioskConfig.resolveImagePath(text, relativeTo: configFile)) : .name(text)
    }

    public var description: String {
        switch self {
        case .file(let path): Limits.shortened(path, quoting: true)
        case .name(let name): Limits.shortened(name, quoting: true)
        }
    }
}
