/// The direction a run of text reads in.
public enum TextDirection: String, Sendable, Hashable, CaseIterable {
    /// Left to right: Latin, Greek, Cyrillic, Devanagari, Han, …
    case leftToRight = "ltr"
    /// Right to left: Hebrew, Arabic, Syriac, Thaana, N'Ko, …
    case rightToLeft = "rtl"

    /// The embedding level of a paragraph in this direction (0 or 1, UAX #9).
    public var paragraphLevel: UInt8 { self == .rightToLeft ? 1 : 0 }

    /// The direction of text at embedding `level`: odd levels read right to left.
    public init(level: UInt8) { self = level % 2 == 1 ? .rightToLeft : .leftToRight }
}

/// The direction of a whole paragraph (a title or subtitle): set by the card or deck, or found from its text.
///
/// This is the value a `direction` key sets; `.auto` is the rule of UAX #9 (P2, P3): the direction of the first
/// strong character, left to right when there is none.
public enum ParagraphDirection: String, Sendable, Hashable, CaseIterable {
    /// From the first strong character.
    case auto
    /// Always left to right.
    case leftToRight = "ltr"
    /// Always right to left.
    case rightToLeft = "rtl"

    /// A paragraph always in `direction`.
    public init(_ direction: TextDirection) { self = direction == .rightToLeft ? .rightToLeft : .leftToRight }

    /// The direction `text` takes as a paragraph.
    public func resolved(for text: some StringProtocol) -> TextDirection {
        switch self {
        case .leftToRight: .leftToRight
        case .rightToLeft: .rightToLeft
        case .auto: Self.firstStrongDirection(in: text) ?? .leftToRight
        }
    }

    /// The direction of the first strong character of `text`: a letter of a right-to-left script, or any other
    /// letter; nil when there is none (digits, punctuation, symbols and marks are not strong).
    public static func firstStrongDirection(in text: some StringProtocol) -> TextDirection? {
        for scalar in text.unicodeScalars {
            if TextScript.isRightToLeft(scalar) && scalar.properties.isAlphabetic { return .rightToLeft }
            if scalar.properties.isAlphabetic && !scalar.properties.generalCategory.isMark { return .leftToRight }
        }
        return nil
    }

    /// Whether laying `text` out in this paragraph direction needs the bidirectional algorithm at all: it does
    /// unless the paragraph is left to right (or found to be) and no character could read right to left.
    public func needsBidi(_ text: some StringProtocol) -> Bool {
        if self == .rightToLeft { return true }
        return text.unicodeScalars.contains { TextScript.isRightToLeft($0) || TextScript.isBidiControl($0) }
    }
}

extension Unicode.GeneralCategory {
    /// Whether this is a combining mark (spacing, non-spacing or enclosing).
    var isMark: Bool { self == .nonspacingMark || self == .spacingMark || self == .enclosingMark }
}
