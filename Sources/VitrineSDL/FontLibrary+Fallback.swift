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

/// A run of consecutive characters drawn with one face.
struct TextRun {
    /// The characters, whole grapheme clusters (combining marks stay with their base).
    var text: String
    /// The face that draws them.
    var font: Font
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
        let lacking = scalars.filter { !bundled.provides($0) }
        guard let firstLacking = lacking.first else { return .bundled }
        guard usesSystemFallback else { return .missing }
        let bold = weight == .bold
        if let face = SystemFonts.face(covering: scalars, bold: bold) ?? SystemFonts.face(covering: [firstLacking], bold: bold) {
            return .system(face)
        }
        return .missing
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

    /// `text` split into runs of consecutive characters drawn with the same face; text the bundled face fully
    /// covers is one run of the whole string.
    ///
    /// Missing characters, and those of a system face that cannot be opened, go with the bundled face. Expects the
    /// lock held.
    func runs(of text: String, weight: FontWeight, pixelSize: Int, bundled: Font) -> [TextRun] {
        var runs: [TextRun] = []
        for character in text {
            var font = bundled
            if case .system(let face) = glyphSource(for: character, weight: weight, probe: bundled), let system = systemFont(face, pixelSize: pixelSize) {
                font = system
            }
            if let last = runs.indices.last, runs[last].font === font {
                runs[last].text.append(character)
            } else {
                runs.append(TextRun(text: String(character), font: font))
            }
        }
        return runs
    }

    /// `text` on one line in `color`: each run rendered with its face and copied side by side into one ARGB surface,
    /// aligned on the bundled face's baseline.
    ///
    /// Text the bundled face fully covers is exactly the bundled face's rendering of the whole string. A run that
    /// cannot be rendered is left out and the rest still draws; only when no run renders is the error thrown.
    public func render(_ text: String, weight: FontWeight, pixelSize: Int, color: Color) throws(SDLError) -> RenderedText {
        try lock.withLock { _ throws(SDLError) -> RenderedText in try renderLocked(text, weight: weight, pixelSize: pixelSize, color: color) }
    }

    /// ``render(_:weight:pixelSize:color:)`` with the lock held.
    private func renderLocked(_ text: String, weight: FontWeight, pixelSize: Int, color: Color) throws(SDLError) -> RenderedText {
        let bundled = try openedFont(weight, pixelSize: pixelSize)
        let runs = runs(of: text, weight: weight, pixelSize: pixelSize, bundled: bundled)
        guard runs.count > 1 || (runs.first.map { $0.font !== bundled } ?? false) else {
            return RenderedText(surface: try bundled.render(text, color: color), top: 0)
        }

        // Place each run: x after the previous runs' advances, y so its ascent meets the bundled baseline.
        var placed: [(surface: Surface, x: Int, y: Int)] = []
        var x = 0
        var firstError: SDLError?
        for run in runs {
            do throws(SDLError) {
                let surface = try run.font.render(run.text, color: color)
                placed.append((surface, x, bundled.ascent - run.font.ascent))
            } catch {
                firstError = firstError ?? error
            }
            x += run.font.width(of: run.text)
        }
        if placed.isEmpty, let firstError { throw firstError }
        let top = min(0, placed.map(\.y).min() ?? 0)
        let bottom = placed.map { $0.y + $0.surface.size.height }.max() ?? bundled.lineHeight
        let width = max(x, placed.map { $0.x + $0.surface.size.width }.max() ?? 0)

        let line = try Surface(size: PixelSize(width: max(1, width), height: max(1, bottom - top)))
        line.fill(nil, Color(red: 0, green: 0, blue: 0, alpha: 0))  // Transparent.
        for run in placed {
            // A plain copy, alpha included: blending onto the transparent line would darken the antialiased edges.
            try line.copy(run.surface, x: run.x, y: run.y - top)
        }
        return RenderedText(surface: line, top: top)
    }
}
