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
}

/// Shortening text to a width with a trailing ellipsis, as SwiftUI's default `.truncationMode(.tail)`.
public enum TextFitting {
    /// The ellipsis appended to shortened text.
    public static let ellipsis = "…"

    /// `text` unchanged if it fits in `maxWidth` pixels, else its longest prefix that fits with an ellipsis.
    ///
    /// Cuts fall between grapheme clusters (Swift `Character`s), so accents and emoji stay whole, and trailing
    /// spaces before the ellipsis are dropped. When not even the ellipsis fits, the result is empty.
    public static func fit(_ text: String, maxWidth: Int, weight: FontWeight, pixelSize: Int, measurer: some TextMeasuring) -> String {
        guard maxWidth > 0 else { return "" }
        if measurer.width(of: text, weight: weight, pixelSize: pixelSize) <= maxWidth { return text }
        let characters = Array(text)
        func candidate(_ count: Int) -> String {
            var prefix = String(characters[..<count])
            while prefix.last?.isWhitespace == true { prefix.removeLast() }
            return prefix + ellipsis
        }
        // Binary search for the longest prefix that fits: widths grow with the prefix length.
        var low = 0, high = characters.count - 1
        guard measurer.width(of: candidate(0), weight: weight, pixelSize: pixelSize) <= maxWidth else { return "" }
        while low < high {
            let mid = (low + high + 1) / 2
            if measurer.width(of: candidate(mid), weight: weight, pixelSize: pixelSize) <= maxWidth {
                low = mid
            } else {
                high = mid - 1
            }
        }
        return candidate(low)
    }
}
