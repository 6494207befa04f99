import CSDL2
import CSDL2TTF
import VitrineCore

/// One TrueType face opened at one pixel size; closed when this object goes.
public final class Font {
    /// The wrapped pointer, valid for this object's lifetime.
    public let pointer: OpaquePointer

    /// Opens the font file at `path` at `pixelSize` pixels (SDL_ttf's point size at 72 dpi).
    public init(path: String, pixelSize: Int) throws(SDLError) {
        guard let p = TTF_OpenFont(path, Int32(max(1, pixelSize))) else { throw SDLError.current("TTF_OpenFont(\(path))") }
        pointer = p
    }

    deinit { TTF_CloseFont(pointer) }

    /// The width in pixels of `text` on one line.
    public func width(of text: String) -> Int {
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(pointer, text, &w, &h)
        return Int(w)
    }

    /// The height of a line: ascent plus descent.
    public var lineHeight: Int { Int(TTF_FontHeight(pointer)) }

    /// `text` rendered in `color` with antialiased edges, as a 32-bit surface with alpha.
    public func render(_ text: String, color: Color) throws(SDLError) -> Surface {
        let c = SDL_Color(r: color.red, g: color.green, b: color.blue, a: color.alpha)
        guard let p = TTF_RenderUTF8_Blended(pointer, text, c) else { throw SDLError.current("TTF_RenderUTF8_Blended") }
        return Surface(owning: p)
    }
}

/// The bundled faces, opened lazily at each size asked for; measures text for the core's layout.
public final class FontLibrary: TextMeasuring {
    /// The file of each weight.
    public let paths: [FontWeight: String]
    private var fonts: [FontKey: Font] = [:]
    private struct FontKey: Hashable { var weight: FontWeight; var pixelSize: Int }

    /// A library of the given font files.
    public init(paths: [FontWeight: String]) { self.paths = paths }

    /// The face of `weight` at `pixelSize`, opened on first use.
    public func font(_ weight: FontWeight, pixelSize: Int) throws(SDLError) -> Font {
        let key = FontKey(weight: weight, pixelSize: pixelSize)
        if let font = fonts[key] { return font }
        guard let path = paths[weight] else { throw SDLError(operation: "font lookup", message: "no \(weight.rawValue) font configured") }
        let font = try Font(path: path, pixelSize: pixelSize)
        fonts[key] = font
        return font
    }

    /// Closes every opened size; they reopen on demand.
    public func closeAll() { fonts.removeAll() }

    public func width(of text: String, weight: FontWeight, pixelSize: Int) -> Int {
        (try? font(weight, pixelSize: pixelSize).width(of: text)) ?? 0
    }

    public func lineHeight(weight: FontWeight, pixelSize: Int) -> Int {
        (try? font(weight, pixelSize: pixelSize).lineHeight) ?? pixelSize
    }
}
