import Synchronization
import VitrineCore

/// Where the glyphs of one character come from.
public enum GlyphSource: Hashable, Sendable {
    /// The bundled face of the weight has a glyph for every scalar.
    case bundled
    /// A system face found by fontconfig covers the character.
    case system(SystemFace)
    /// No font has it: it is drawn with the bundled face, so it shows as that face's .notdef box (it is not dropped),
    /// and the rest of the line draws as usual.
    case missing
}

/// A line of text drawn into one surface, and where that surface goes.
public struct RenderedText {
    /// The line's pixels: white (or the asked colour) glyphs with alpha, the runs side by side on one baseline.
    public var surface: Surface
    /// The surface's top relative to the line's top (the text origin): 0 unless a fallback face rises above the
    /// bundled face's ascent, then negative, so the bundled glyphs stay exactly where they always were.
    public var top: Int
}

/// Key of the glyph source cache: one character at one weight.
struct GlyphSourceKey: Hashable {
    var character: Character
    var weight: FontWeight
}

/// Key of the opened system faces: one face of one file at one size.
struct SystemFontKey: Hashable {
    var face: SystemFace
    var pixelSize: Int
}

extension FontLibrary {
    /// The pixel size at which the bundled faces are opened to ask which glyphs they have (coverage does not
    /// depend on the size).
    static let coverageProbePixelSize = 16

    /// Where the glyphs of `character` come from in `weight` text: the bundled face first, then fontconfig's
    /// choice among the installed fonts; found once and cached.
    ///
    /// Default-ignorable scalars (variation selectors, joiners) do not count: fonts rarely have glyphs for them and
    /// they draw nothing. A character is looked up whole first (base and marks from one face), then by its first
    /// scalar the bundled face lacks.
    public func glyphSource(for character: Character, weight: FontWeight) -> GlyphSource {
        lock.withLock { _ in glyphSource(for: character, weight: weight, probe: nil) }
    }

    /// ``glyphSource(for:weight:)`` with the lock held, asking `probe` (the bundled face of `weight`, open at any
    /// size) which glyphs the bundled face has, so no face is opened at ``coverageProbePixelSize`` just for that.
    func glyphSource(for character: Character, weight: FontWeight, probe: Font?) -> GlyphSource {
        let key = GlyphSourceKey(character: character, weight: weight)
        if let known = glyphSources[key] { return known }
        let source = findGlyphSource(for: character, weight: weight, probe: probe)
        glyphSources[key] = source
        return source
    }

    private func findGlyphSource(for character: Character, weight: FontWeight, probe: Font?) -> GlyphSource {
        let scalars = Array(character.unicodeScalars.filter { !$0.properties.isDefaultIgnorableCodePoint })
        guard let bundled = probe ?? (try? openedFont(weight, pixelSize: Self.coverageProbePixelSize)) else { return .missing }
        // An emoji shown as an emoji (😀, or any character with U+FE0F) is drawn in colour when a colour face has it,
        // even where the bundled face has a black-and-white glyph of its own.
        if usesSystemFallback, Self.prefersColour(character), !scalars.isEmpty,
           let face = SystemFonts.face(covering: scalars, bold: weight == .bold, colour: true) {
            return .system(face)
        }
        let lacking = scalars.filter { !bundled.provides($0) }
        guard let firstLacking = lacking.first else { return .bundled }
        guard usesSystemFallback else { return .missing }
        let bold = weight == .bold
        if let face = SystemFonts.face(covering: scalars, bold: bold) ?? SystemFonts.face(covering: [firstLacking], bold: bold) {
            return .system(face)
        }
        return .missing
    }

    /// Whether `character` is an emoji to be shown as a picture: its first scalar is one by default, or it asks
    /// for emoji presentation with U+FE0F.
    static func prefersColour(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first else { return false }
        return first.properties.isEmojiPresentation || character.unicodeScalars.contains("\u{FE0F}")
    }

    /// The system face `face` at `pixelSize`, opened on first use; `nil` (remembered) if SDL_ttf cannot open it.
    /// Expects the lock held.
    func systemFont(_ face: SystemFace, pixelSize: Int) -> Font? {
        let key = SystemFontKey(face: face, pixelSize: pixelSize)
        if let known = systemFonts[key] { return known }
        let font = try? Font(path: face.path, pixelSize: pixelSize, faceIndex: face.index, syntheticBold: face.syntheticBold)
        systemFonts[key] = .some(font)
        return font
    }
}
