internal import CSDL2
internal import CSDL2Image
import Glibc
import VitrineCore

/// An SDL surface: pixels in memory, freed when this object goes.
///
/// Its pointer is this file's alone: the rest of the code reads and writes the pixels through
/// ``withPixels(_:)`` and draws on the surface through the methods here (fill, copy, stretch, encode).
public final class Surface {
    /// The wrapped pointer, valid for this object's lifetime.
    private let pointer: UnsafeMutablePointer<SDL_Surface>
    /// Whether the surface is freed with this object (not so for a window's frame, which its window owns).
    private let owned: Bool
    /// What holds the pixels of a surface made over memory SDL does not own (a mapped file), or the window whose
    /// frame this is, kept as long as this object.
    private var pixelOwner: AnyObject?

    /// Takes ownership of a surface SDL (or SDL_ttf, SDL_image) returned; only for the SDL wrapper files.
    init(owning pointer: UnsafeMutablePointer<SDL_Surface>) {
        self.pointer = pointer
        self.owned = true
    }

    /// A surface over one SDL owns and frees (a window's frame), which `owner` keeps; only for the SDL wrapper files.
    init(borrowing pointer: UnsafeMutablePointer<SDL_Surface>, heldBy owner: AnyObject) {
        self.pointer = pointer
        self.owned = false
        self.pixelOwner = owner
    }

    /// An ARGB8888 surface over the pixels at `pixels` (rows of `size`, `pitch` bytes apart), which `owner` holds
    /// and which it keeps until it is freed (a mapped file, memory decoded into before SDL was open); nil when SDL
    /// cannot make one.
    convenience init?(argb8888 pixels: UnsafeMutableRawPointer, size: PixelSize, pitch: Int, heldBy owner: AnyObject) {
        guard let made = SDL_CreateRGBSurfaceWithFormatFrom(pixels, Int32(size.width), Int32(size.height), 32, Int32(pitch),
                                                            SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        self.init(owning: made)
        pixelOwner = owner
    }

    /// A new 32-bit ARGB surface of the given size.
    public convenience init(size: PixelSize) throws(SDLError) {
        guard size.width > 0, size.height > 0,
              let p = SDL_CreateRGBSurfaceWithFormat(0, Int32(size.width), Int32(size.height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { throw SDLError.current("SDL_CreateRGBSurfaceWithFormat(\(size))") }
        self.init(owning: p)
    }

    deinit { if owned { SDL_FreeSurface(pointer) } }

    /// The surface's size in pixels.
    public var size: PixelSize { PixelSize(width: Int(pointer.pointee.w), height: Int(pointer.pointee.h)) }

    /// Calls `body` with the surface's pixels, locked for the call; nil (and `body` is not called) when the surface
    /// has no pixels. The rows are only valid inside `body`.
    @discardableResult
    public func withPixels<R, E: Error>(_ body: (PixelRows) throws(E) -> R) throws(E) -> R? {
        SDL_LockSurface(pointer)
        defer { SDL_UnlockSurface(pointer) }
        guard let base = pointer.pointee.pixels else { return nil }
        return try body(PixelRows(base: base, pitch: Int(pointer.pointee.pitch), size: size))
    }

    /// Gives back to the system the whole memory pages of the surface's pixels from the byte `after` (a byte offset
    /// into them) to the start of row `row`, for a surface whose rows were copied and will not be read again; they
    /// read as zero from then on. Returns the offset it reached, to pass as `after` next. Does nothing for pixels the
    /// surface does not own (SDL's preallocated ones) and returns `after`.
    func releaseRows(below row: Int, after: Int) -> Int {
        guard owned, pointer.pointee.flags & UInt32(SDL_PREALLOC) == 0, let base = pointer.pointee.pixels else { return after }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard page > 0 else { return after }
        let start = Int(bitPattern: base), end = start + row * Int(pointer.pointee.pitch)
        let from = (start + after + page - 1) / page * page, to = end / page * page
        guard to > from, let address = UnsafeMutableRawPointer(bitPattern: from) else { return after }
        _ = madvise(address, to - from, MADV_DONTNEED)
        return to - start
    }

    /// The surface's pixels, valid as long as the surface: for a decoder filling rows of a surface it just made
    /// (SDL must lock only an RLE surface to reach its pixels, and the kiosk never makes one); nil when it has none.
    var pixelRows: PixelRows? {
        pointer.pointee.pixels.map { PixelRows(base: $0, pitch: Int(pointer.pointee.pitch), size: size) }
    }

    /// The surface's pixel format, when it is one of those the kiosk names.
    public var format: PixelFormat? { PixelFormat(sdl: pointer.pointee.format.pointee.format) }

    /// Whether the pixels are 32-bit ARGB, the format textures, composing and scaling use.
    public var isARGB8888: Bool { format == .argb8888 }

    /// Converts a planar YUV 4:2:0 frame of `size` at `source` (SDL's IYUV: Y rows `pitch` bytes apart, then U and
    /// V at half the size, `pitch / 2` apart) into this surface's ARGB rows at (`x`, `y`), with SDL's own conversion;
    /// returns whether it did. The caller checks that the frame fits and that the surface takes ARGB rows.
    func convertYUV(_ source: UnsafeRawPointer, pitch: Int, size: PixelSize, x: Int, y: Int) -> Bool {
        let converted = withPixels { rows in
            SDL_ConvertPixels(Int32(size.width), Int32(size.height), SDL_PIXELFORMAT_IYUV.rawValue, source, Int32(pitch),
                              SDL_PIXELFORMAT_ARGB8888.rawValue, rows.base + y * rows.pitch + x * 4, Int32(rows.pitch)) == 0
        }
        return converted ?? false
    }

    /// Whether the format keeps four bytes a pixel (ARGB or XRGB), so a card copied into it is the card drawn.
    var holdsFullColour: Bool { PixelFormat.holdsFullColour(pointer.pointee.format.pointee.format) }

    /// Whether the pixels can be transparent: an alpha channel or a colour key.
    var hasTransparency: Bool {
        pointer.pointee.format.pointee.Amask != 0 || SDL_HasColorKey(pointer) == SDL_TRUE
    }

    /// Whether the surface's pixels are ARGB or XRGB with red, green and blue where ARGB has them, so ARGB rows copy
    /// into it as they are (the spare byte of XRGB is not shown).
    var takesARGBRows: Bool {
        let f = pointer.pointee.format.pointee
        return f.BytesPerPixel == 4 && f.Rmask == 0xFF0000 && f.Gmask == 0xFF00 && f.Bmask == 0xFF
    }

    /// A copy converted to another pixel format.
    public func converted(to format: PixelFormat) throws(SDLError) -> Surface {
        guard let p = SDL_ConvertSurfaceFormat(pointer, format.sdl, 0) else { throw SDLError.current("SDL_ConvertSurfaceFormat") }
        return Surface(owning: p)
    }

    /// Fills `rect` (the whole surface for nil) with `color`, alpha included (ARGB8888): nothing is blended.
    public func fill(_ rect: PixelRect?, _ color: Color) {
        // ARGB8888, as the kiosk's surfaces are, from the colour itself; another format through SDL, opaque.
        let value = isARGB8888 ? UInt32(color.alpha) << 24 | UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
            : SDL_MapRGB(pointer.pointee.format, color.red, color.green, color.blue)
        guard let rect else {
            SDL_FillRect(pointer, nil, value)
            return
        }
        var r = SDL_Rect(rect)
        SDL_FillRect(pointer, &r, value)
    }

    /// Copies all of `source` into this surface with its top-left corner at (`x`, `y`), alpha included: a plain
    /// copy, not a blend (blending onto transparent pixels would darken antialiased edges).
    func copy(_ source: Surface, x: Int, y: Int) throws(SDLError) {
        SDL_SetSurfaceBlendMode(source.pointer, SDL_BLENDMODE_NONE)
        var destination = SDL_Rect(x: Int32(x), y: Int32(y), w: Int32(source.size.width), h: Int32(source.size.height))
        guard SDL_UpperBlit(source.pointer, nil, pointer, &destination) == 0 else { throw SDLError.current("SDL_BlitSurface") }
    }

    /// Scales the `crop` of `source` (32-bit ARGB, as this surface) to fill all of this surface, with linear filtering.
    func stretch(_ source: Surface, crop: PixelRect) throws(SDLError) {
        var src = SDL_Rect(crop)
        var dst = SDL_Rect(x: 0, y: 0, w: pointer.pointee.w, h: pointer.pointee.h)
        guard SDL_SoftStretchLinear(source.pointer, &src, pointer, &dst) == 0 else { throw SDLError.current("SDL_SoftStretchLinear") }
    }

    /// Converts `card`'s 32-bit ARGB pixels into this surface's format at `rect` (``Surface/write(_:at:)``'s slow way).
    func convert(from card: PixelRows, at rect: PixelRect) -> Bool {
        let origin = rect.y * Int(pointer.pointee.pitch) + rect.x * Int(pointer.pointee.format.pointee.BytesPerPixel)
        guard let pixels = pointer.pointee.pixels else { return false }
        return SDL_ConvertPixels(Int32(rect.width), Int32(rect.height), SDL_PIXELFORMAT_ARGB8888.rawValue, card.base, Int32(card.pitch),
                                 pointer.pointee.format.pointee.format, pixels + origin, pointer.pointee.pitch) == 0
    }

    /// A software renderer drawing into this surface, for ``Renderer/init(surface:)`` to own.
    func makeSoftwareRenderer() -> OpaquePointer? { SDL_CreateSoftwareRenderer(pointer) }

    /// Decodes an image file (SDL_image) from `stream`, which it closes whatever happens.
    static func decode(stream: UnsafeMutablePointer<FILE>, what: String) throws(SDLError) -> Surface {
        guard let rw = SDL_RWFromFP(stream, SDL_TRUE) else {
            fclose(stream)
            throw SDLError.current("SDL_RWFromFP(\(what))")
        }
        guard let p = IMG_Load_RW(rw, 1) else { throw SDLError.current("IMG_Load(\(what))") }  // Closes the stream.
        return Surface(owning: p)
    }

    /// Decodes an image file's `bytes` (SDL_image); on failure, SDL_image's reason.
    static func decode(imageBytes bytes: [UInt8]) -> Result<Surface, SDLError> {
        let loaded = bytes.withUnsafeBytes { buffer -> UnsafeMutablePointer<SDL_Surface>? in
            guard let stream = SDL_RWFromConstMem(buffer.baseAddress, Int32(buffer.count)) else { return nil }
            return IMG_Load_RW(stream, 1)
        }
        guard let loaded else { return .failure(SDLError.current("IMG_Load")) }
        return .success(Surface(owning: loaded))
    }

    /// Writes the surface as a PNG at `path` (SDL_image), as it is: nonzero when SDL_image failed.
    func encodePNG(to path: String) -> Int32 { IMG_SavePNG(pointer, path) }

    /// Writes the surface as a baseline JPEG of `quality` (0 to 100).
    public func writeJPEG(to path: String, quality: Int32) throws(SDLError) {
        errno = 0
        guard IMG_SaveJPG(pointer, path, quality) == 0 else {
            let reason = errno != 0 ? String(cString: strerror(errno)) : nil
            var error = SDLError.current("IMG_SaveJPG(\(path))")
            if let reason { error.message = reason }
            throw error
        }
    }
}

/// The pixel formats the kiosk names.
public enum PixelFormat: Sendable {
    /// 32-bit ARGB: textures, composing, scaling and the card cache.
    case argb8888
    /// 32-bit with the bytes R, G, B, A in memory (little-endian): ``Surface/rgbaBytes(opaque:)``.
    case abgr8888
    /// 24-bit R, G, B: what JPEGs decode to and PNGs are written from.
    case rgb24

    /// The format of SDL's `format`, if it is one of these.
    fileprivate init?(sdl format: UInt32) {
        switch format {
        case SDL_PIXELFORMAT_ARGB8888.rawValue: self = .argb8888
        case SDL_PIXELFORMAT_ABGR8888.rawValue: self = .abgr8888
        case SDL_PIXELFORMAT_RGB24.rawValue: self = .rgb24
        default: return nil
        }
    }

    /// SDL's name for the format.
    fileprivate var sdl: UInt32 {
        switch self {
        case .argb8888: SDL_PIXELFORMAT_ARGB8888.rawValue
        case .abgr8888: SDL_PIXELFORMAT_ABGR8888.rawValue
        case .rgb24: SDL_PIXELFORMAT_RGB24.rawValue
        }
    }

    /// Whether SDL's `format` keeps four bytes a pixel and is not a FOURCC (video) format.
    static func holdsFullColour(_ format: UInt32) -> Bool {
        // SDL_PIXELFLAG 1 (not a FOURCC format), SDL_BYTESPERPIXEL 4.
        (format >> 28) & 0xF == 1 && format & 0xFF == 4
    }
}

extension SDL_Rect {
    /// The SDL rectangle of a core pixel rectangle.
    init(_ rect: PixelRect) {
        self.init(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
    }
}

extension Surface {
    /// A transparent ARGB surface of `size` with each of `pieces` copied in at its place, alpha and all: the runs of
    /// a line of text side by side on one baseline.
    ///
    /// A plain copy, not a blend: blending onto the transparent line would darken the antialiased edges.
    static func line(size: PixelSize, pieces: [(surface: Surface, x: Int, y: Int)]) throws(SDLError) -> Surface {
        let line = try Surface(size: PixelSize(width: max(1, size.width), height: max(1, size.height)))
        SDL_FillRect(line.pointer, nil, 0)  // Transparent.
        for piece in pieces {
            SDL_SetSurfaceBlendMode(piece.surface.pointer, SDL_BLENDMODE_NONE)
            var destination = SDL_Rect(x: Int32(piece.x), y: Int32(piece.y), w: Int32(piece.surface.size.width), h: Int32(piece.surface.size.height))
            guard SDL_UpperBlit(piece.surface.pointer, nil, line.pointer, &destination) == 0 else { throw SDLError.current("SDL_BlitSurface(text run)") }
        }
        return line
    }

    /// This surface (32-bit, as SDL_ttf renders text) scaled bilinearly to `size`: a colour emoji's bitmap strike
    /// brought to the height of the line it sits in.
    func scaled(to size: PixelSize) throws(SDLError) -> Surface {
        let source = try argb8888()
        let target = try Surface(size: PixelSize(width: max(1, size.width), height: max(1, size.height)))
        var from = SDL_Rect(x: 0, y: 0, w: Int32(source.size.width), h: Int32(source.size.height))
        var to = SDL_Rect(x: 0, y: 0, w: Int32(target.size.width), h: Int32(target.size.height))
        guard SDL_SoftStretchLinear(source.pointer, &from, target.pointer, &to) == 0 else { throw SDLError.current("SDL_SoftStretchLinear(text run)") }
        return target
    }
}
