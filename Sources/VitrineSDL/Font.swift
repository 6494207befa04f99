import CSDL2
import Synchronization
import CSDL2TTF
import VitrineCore
import VitrineSystem

/// One TrueType face opened at one pixel size; closed when this object goes.
public final class Font {
    /// The wrapped pointer, valid for this object's lifetime.
    public let pointer: OpaquePointer
    /// The pixel size it was opened at.
    public let pixelSize: Int

    /// Opens the font file at `path` at `pixelSize` pixels (SDL_ttf's point size at 72 dpi).
    ///
    /// `faceIndex` picks a face of a collection (`.ttc`); `syntheticBold` has SDL_ttf embolden a face that has no
    /// bold of its own, for fallback glyphs inside bold text.
    public init(path: String, pixelSize: Int, faceIndex: Int = 0, syntheticBold: Bool = false) throws(SDLError) {
        let size = Int32(max(1, pixelSize))
        let opened = faceIndex == 0 ? TTF_OpenFont(path, size) : TTF_OpenFontIndex(path, size, faceIndex)
        guard let p = opened else { throw SDLError.current("TTF_OpenFont(\(path))") }
        pointer = p
        self.pixelSize = Int(size)
        if syntheticBold { TTF_SetFontStyle(p, TTF_STYLE_BOLD) }
    }

    deinit { TTF_CloseFont(pointer) }

    /// The direction and script HarfBuzz shapes with now; set before each call so a face shared by runs of
    /// different scripts shapes each right.
    private var shaping = Shaping(direction: .leftToRight, script: nil)
    private struct Shaping: Equatable { var direction: TextDirection; var script: TextScript? }

    /// Has SDL_ttf shape the next text as one run in `direction` and `script` (nil or a neutral script: HarfBuzz
    /// guesses it from the text).
    private func shape(_ direction: TextDirection, _ script: TextScript?) {
        let wanted = Shaping(direction: direction, script: script.flatMap { $0.isNeutral ? nil : $0 })
        guard wanted != shaping else { return }
        TTF_SetFontDirection(pointer, direction == .rightToLeft ? TTF_DIRECTION_RTL : TTF_DIRECTION_LTR)
        TTF_SetFontScriptName(pointer, wanted.script?.rawValue ?? "Zzzz")  // Zzzz: unknown, guessed from the text.
        shaping = wanted
    }

    /// The width in pixels of `text` on one line, shaped as one run in `direction` and `script`.
    public func width(of text: String, direction: TextDirection = .leftToRight, script: TextScript? = nil) -> Int {
        shape(direction, script)
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(pointer, text, &w, &h)
        return Int(w)
    }

    /// The height of a line: ascent plus descent.
    public var lineHeight: Int { Int(TTF_FontHeight(pointer)) }

    /// The distance in pixels from a line's top to its baseline.
    public var ascent: Int { Int(TTF_FontAscent(pointer)) }

    /// Whether the face has a glyph of its own for `scalar` (not its .notdef box).
    public func provides(_ scalar: Unicode.Scalar) -> Bool {
        TTF_GlyphIsProvided32(pointer, scalar.value) != 0
    }

    /// `text` rendered in `color` with antialiased edges, as a 32-bit surface with alpha, shaped as one run in
    /// `direction` and `script`.
    public func render(_ text: String, color: Color, direction: TextDirection = .leftToRight, script: TextScript? = nil) throws(SDLError) -> Surface {
        shape(direction, script)
        let c = SDL_Color(r: color.red, g: color.green, b: color.blue, a: color.alpha)
        guard let p = TTF_RenderUTF8_Blended(pointer, text, c) else { throw SDLError.current("TTF_RenderUTF8_Blended") }
        return Surface(owning: p)
    }
}

/// The bundled faces, opened lazily at each size asked for, with system fonts for the glyphs they lack; measures
/// text for the core's layout.
///
/// Characters the bundled face of a weight lacks are looked up with fontconfig (see `FontLibrary+Fallback.swift`);
/// a line is measured and drawn as runs of characters that share a face.
///
/// Thread-safe: one thread at a time measures, draws or opens faces (cards are composed on a background queue while
/// the app's thread may draw text of its own). A ``Font`` handed out by ``font(_:pixelSize:)`` is the caller's to
/// use from one thread.
///
/// Why `@unchecked`: the caches hold SDL_ttf faces, C handles that are not `Sendable`, and a face is handed out of
/// the lock to draw with, which a `Mutex` holding the caches cannot express without escaping them unchecked anyway.
/// So the caches are plain properties and `lock` (a `Mutex<Void>`) is held around every touch of them and of SDL_ttf.
public final class FontLibrary: TextMeasuring, @unchecked Sendable {
    /// The file of each weight (the bold one is the titles', ``setTitleFace(_:)``).
    public private(set) var paths: [FontWeight: String]
    /// The files given at the start, for ``setTitleFace(_:)`` to go back to.
    private let givenPaths: [FontWeight: String]
    /// Whether characters the bundled faces lack are drawn with system fonts found by fontconfig.
    public let usesSystemFallback: Bool
    private var fonts: [FontKey: Font] = [:]
    private struct FontKey: Hashable { var weight: FontWeight; var pixelSize: Int }
    /// Where each character's glyphs come from, by weight: found once, kept for the library's life.
    var glyphSources: [GlyphSourceKey: GlyphSource] = [:]
    /// The system faces opened so far by file, index and size; `nil` records a file SDL_ttf could not open.
    var systemFonts: [SystemFontKey: Font?] = [:]
    /// Whether each system face opened so far has bitmap strikes only (colour emoji), found once.
    var fixedStrikeFaces: [SystemFace: Bool] = [:]
    /// Held by every public entry point; the internal methods expect it held. It serializes SDL_ttf and FreeType,
    /// which are not thread-safe, as well as the caches.
    let lock = Mutex<Void>(())

    /// A library of the given font files; with `systemFallback` off, only the bundled faces draw (missing glyphs
    /// show as the bundled face's .notdef box).
    public init(paths: [FontWeight: String], systemFallback: Bool = true) {
        self.paths = paths
        self.givenPaths = paths
        self.usesSystemFallback = systemFallback
    }

    /// Draws bold text (titles, the overlay's clock) with the font file at `path` from now on, or with the face
    /// given at the start for nil (`style.titleFont`); the faces opened so far are closed.
    public func setTitleFace(_ path: String?) {
        lock.withLock { _ in
            paths[.bold] = path ?? givenPaths[.bold]
            fonts.removeAll()
            glyphSources.removeAll()
        }
    }

    /// The face of `weight` at `pixelSize`, opened on first use.
    public func font(_ weight: FontWeight, pixelSize: Int) throws(SDLError) -> Font {
        try lock.withLock { _ throws(SDLError) -> Font in try openedFont(weight, pixelSize: pixelSize) }
    }

    /// ``font(_:pixelSize:)`` with the lock held.
    func openedFont(_ weight: FontWeight, pixelSize: Int) throws(SDLError) -> Font {
        let key = FontKey(weight: weight, pixelSize: pixelSize)
        if let font = fonts[key] { return font }
        guard let path = paths[weight] else { throw SDLError(operation: "font lookup", message: "no \(weight.rawValue) font configured") }
        let font = try Font(path: path, pixelSize: pixelSize)
        fonts[key] = font
        return font
    }

    /// Closes every opened size, bundled and system; they reopen on demand.
    public func closeAll() {
        lock.withLock { _ in
            fonts.removeAll()
            systemFonts.removeAll()
        }
    }

    public func width(of text: String, weight: FontWeight, pixelSize: Int) -> Int {
        width(of: text, weight: weight, pixelSize: pixelSize, direction: .auto)
    }

    public func lineHeight(weight: FontWeight, pixelSize: Int) -> Int {
        lock.withLock { _ in (try? openedFont(weight, pixelSize: pixelSize).lineHeight) ?? pixelSize }
    }
}
