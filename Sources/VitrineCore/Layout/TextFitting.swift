/// The weight of a font face; Vitrine bundles one regular and one bold face.
public enum FontWeight: String, Sendable, Hashable, CaseIterable {
    case regular
    case bold
}

/// Measures text as the renderer will draw it; the SDL edge answers with SDL_ttf, tests with a fake.
public protocol TextMeasuring {
    /// The width in pixels of `text` drawn on one line.
    func width(of text: String, weight: FontWeight, pixelSize: Int) -> Int
    /// The height in pixels of one line of text (ascent plus descent).
    func lineHeight(weight: FontWeight, pixelSize: Int) -> Int
    /// The width in pixels of `text` laid out as a paragraph in `direction` (bidi runs, each shaped).
    func width(of text: String, weight: FontWeight, pixelSize: Int, direction: ParagraphDirection) -> Int
}

extension TextMeasuring {
    /// A measurer that does not lay text out by direction measures it as it is.
    public func width(of text: String, weight: FontWeight, pixelSize: Int, direction: ParagraphDirection) -> Int {
        width(of: text, weight: weight, pixelSize: pixelSize)
    }
}

/// Shortening text to a width with a trailing ellipsis, as SwiftUI's default `.truncationMode(.tail)`.
public enum TextFitting {
    /// The ellipsis appended to shortened text.
    public static let ellipsis = "…"

    /// `text` unchanged if it fits in `maxWidth` pixels, else its longest prefix that fits with an ellipsis.
    ///
    /// Cuts fall between grapheme clusters (Swift `Character`s), so accents and emoji stay whole, and trailing
    /// spaces before the ellipsis are dropped. When not even the ellipsis fits, the result is empty.
    ///
    /// The prefix is logical (the start of what is read) and the ellipsis goes at its logical end, so in a
    /// right-to-left paragraph (`direction`, resolved from the whole text) it is drawn at the left; each candidate
    /// is measured laid out in that direction, runs and all.
    public static func fit(_ text: String, maxWidth: Int, weight: FontWeight, pixelSize: Int,
                           direction: ParagraphDirection = .auto, measurer: some TextMeasuring) -> String {
        guard maxWidth > 0 else { return "" }
        func width(_ line: String) -> Int { measurer.width(of: line, weight: weight, pixelSize: pixelSize, direction: direction) }
        if width(text) <= maxWidth { return text }
        let characters = Array(text)
        func candidate(_ count: Int) -> String {
            var prefix = String(characters[..<count])
            while prefix.last?.isWhitespace == true { prefix.removeLast() }
            return prefix + ellipsis
        }
        // Binary search for the longest prefix that fits: widths grow with the prefix length.
        var low = 0, high = characters.count - 1
        guard width(candidate(0)) <= maxWidth else { return "" }
        while low < high {
            let mid = (low + high + 1) / 2
            if width(candidate(mid)) <= maxWidth {
                low = mid
            } else {
                high = mid - 1
            }
        }
        return candidate(low)
    }
}
