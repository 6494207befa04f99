internal import CSDL2
import VitrineCore

/// An SDL renderer, for a window or (headless) for a surface in memory; destroyed when this object goes.
///
/// Its textures (``Texture``) live in this file too: an `SDL_Texture` is only ever used with its renderer's pointer,
/// so both pointers stay private to this file and everything else draws through the methods here.
public final class Renderer {
    /// The wrapped pointer, valid for this object's lifetime.
    private let pointer: OpaquePointer
    // What the renderer draws into must outlive it.
    private let window: Window?
    private let surface: Surface?

    /// A renderer for `window`: the software renderer, or the first accelerated one SDL offers; vsync when it can.
    public init(window: Window, software: Bool) throws(SDLError) {
        let flags = software
            ? SDL_RENDERER_SOFTWARE.rawValue | SDL_RENDERER_TARGETTEXTURE.rawValue
            : SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue | SDL_RENDERER_TARGETTEXTURE.rawValue
        guard let p = window.makeRenderer(flags: flags) else { throw SDLError.current("SDL_CreateRenderer") }
        pointer = p
        self.window = window
        self.surface = nil
    }

    /// A software renderer that draws into `surface`: needs no display and gives the same pixels on every machine.
    public init(surface: Surface) throws(SDLError) {
        guard let p = surface.makeSoftwareRenderer() else { throw SDLError.current("SDL_CreateSoftwareRenderer") }
        pointer = p
        self.window = nil
        self.surface = surface
    }

    deinit { SDL_DestroyRenderer(pointer) }

    /// Whether what the renderer draws into keeps four bytes a pixel (ARGB or XRGB), so a card read back from it is
    /// the card drawn: not so on a 16-bit display.
    public var outputHoldsFullColour: Bool {
        window?.frameHoldsFullColour ?? surface?.holdsFullColour ?? false
    }

    /// What the renderer draws into when no texture is its target: the window's frame (software renderer) or the
    /// surface of a headless renderer; nil for an accelerated renderer, whose frame is the GPU's. A window's frame
    /// is valid until the window changes size: use it at once.
    var outputFrame: Surface? {
        guard isSoftware else { return nil }
        return surface ?? window?.frame
    }

    /// Whether the renderer draws into a window (not a surface in memory).
    var drawsIntoWindow: Bool { window != nil }

    /// The size of what the renderer draws into, in pixels (the drawable size on a HiDPI window).
    public var outputSize: PixelSize {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(pointer, &w, &h)
        return PixelSize(width: Int(w), height: Int(h))
    }

    /// The renderer's name, such as "software" or "opengl".
    public var name: String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(pointer, &info) == 0, let name = info.name else { return "unknown" }
        return String(cString: name)
    }

    /// Whether this is SDL's software renderer, which draws the same pixels into a window, a texture or a surface.
    public var isSoftware: Bool {
        var info = SDL_RendererInfo()
        return SDL_GetRendererInfo(pointer, &info) == 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
    }

    /// A texture holding a copy of `surface`'s pixels (32-bit ARGB), blended with what is under it by default.
    public func makeTexture(from surface: Surface) throws(SDLError) -> Texture {
        try makeTexture(from: surface, consuming: false)
    }

    /// A texture of `surface`'s pixels, as ``makeTexture(from:)``; with `consuming`, the surface's memory is given back
    /// as it is copied (``Texture/update(consuming:)``) and the surface is spent: a card handed over to be drawn.
    public func makeTexture(from surface: Surface, consuming: Bool) throws(SDLError) -> Texture {
        let source = surface.isARGB8888 ? surface : try surface.converted(to: .argb8888)
        let texture = try makeTexture(size: source.size, access: SDL_TEXTUREACCESS_STATIC, what: "from surface \(source.size)")
        if consuming { try texture.update(consuming: source) } else { try texture.update(from: source) }
        texture.setBlendMode(.blend)  // As SDL_CreateTextureFromSurface does for a surface with alpha.
        return texture
    }

    /// A 32-bit ARGB texture of `size` pixels, filled with ``Texture/update(from:)``.
    public func makeTexture(size: PixelSize) throws(SDLError) -> Texture {
        try makeTexture(size: size, access: SDL_TEXTUREACCESS_STATIC, what: "\(size)")
    }

    /// A 32-bit ARGB texture of `size` pixels whose memory is written in place (``Texture/withPixels(_:)``).
    public func makeStreamingTexture(size: PixelSize) throws(SDLError) -> Texture {
        try makeTexture(size: size, access: SDL_TEXTUREACCESS_STREAMING, what: "streaming \(size)")
    }

    /// A planar YUV 4:2:0 texture (SDL's IYUV) of `size` pixels, filled with ``Texture/updateYUV(_:pitch:)``: a
    /// video frame as its decoder gives it, turned into RGB by SDL when it is drawn (or, by the software renderer,
    /// when it is filled).
    public func makeYUVTexture(size: PixelSize) throws(SDLError) -> Texture {
        try makeTexture(size: size, access: SDL_TEXTUREACCESS_STREAMING, format: SDL_PIXELFORMAT_IYUV.rawValue, what: "YUV \(size)")
    }

    /// A texture the renderer can draw into, of `size` pixels.
    public func makeTargetTexture(size: PixelSize) throws(SDLError) -> Texture {
        try makeTexture(size: size, access: SDL_TEXTUREACCESS_TARGET, what: "target \(size)")
    }

    /// A texture the renderer can draw into, of `size` pixels, with no alpha channel (RGB888): blended at an
    /// opacity, SDL's software renderer takes its fast path for it (``opaqueCopy(of:)``).
    func makeOpaqueTargetTexture(size: PixelSize) throws(SDLError) -> Texture {
        try makeTexture(size: size, access: SDL_TEXTUREACCESS_TARGET, format: SDL_PIXELFORMAT_RGB888.rawValue, what: "fade \(size)")
    }

    /// A texture of `size` pixels with the given access and format (32-bit ARGB by default); `what` names it in errors.
    private func makeTexture(size: PixelSize, access: SDL_TextureAccess, format: UInt32 = SDL_PIXELFORMAT_ARGB8888.rawValue,
                             what: String) throws(SDLError) -> Texture {
        guard size.width > 0, size.height > 0,
              let p = SDL_CreateTexture(pointer, format, Int32(access.rawValue), Int32(size.width), Int32(size.height))
        else { throw SDLError.current("SDL_CreateTexture(\(what))") }
        return Texture(owning: p, size: size, renderer: self)
    }

    /// Draws into `texture` (or the screen, for nil) from now on.
    public func setTarget(_ texture: Texture?) throws(SDLError) {
        guard SDL_SetRenderTarget(pointer, texture?.pointer) == 0 else { throw SDLError.current("SDL_SetRenderTarget") }
    }

    /// Whether a texture is the target (``setTarget(_:)``), not the output.
    var drawsIntoTexture: Bool { SDL_GetRenderTarget(pointer) != nil }

    /// Shows what was drawn.
    public func present() { SDL_RenderPresent(pointer) }

    /// Carries out the drawing SDL still holds back (it batches until the present), so it happens now.
    func flush() { SDL_RenderFlush(pointer) }

    /// Fills the whole target with `color`, replacing what was there.
    public func clear(_ color: Color) {
        SDL_SetRenderDrawBlendMode(pointer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(pointer, color.red, color.green, color.blue, color.alpha)
        SDL_RenderClear(pointer)
    }

    /// Fills `rect` with `color`: replacing what is there when it is opaque, blended over it when not.
    public func fill(_ rect: PixelRect, _ color: Color) {
        SDL_SetRenderDrawBlendMode(pointer, color.alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
        SDL_SetRenderDrawColor(pointer, color.red, color.green, color.blue, color.alpha)
        var r = SDL_Rect(rect)
        SDL_RenderFillRect(pointer, &r)
    }

    /// Draws only inside `rect` from now on (everywhere for nil).
    public func clip(to rect: PixelRect?) throws(SDLError) {
        guard let rect else {
            SDL_RenderSetClipRect(pointer, nil)
            return
        }
        var r = SDL_Rect(rect)
        guard SDL_RenderSetClipRect(pointer, &r) == 0 else { throw SDLError.current("SDL_RenderSetClipRect") }
    }

    /// Draws the `source` part of `texture` (all of it for nil) into `destination` (the whole target for nil), with
    /// the texture's blend mode and modulation; `what` names the drawing in errors.
    public func draw(_ texture: Texture, from source: PixelRect? = nil, in destination: PixelRect? = nil, what: String) throws(SDLError) {
        let src = source.map(SDL_Rect.init) ?? SDL_Rect(), dst = destination.map(SDL_Rect.init) ?? SDL_Rect()
        let result = withUnsafePointer(to: src) { s in
            withUnsafePointer(to: dst) { d in SDL_RenderCopy(pointer, texture.pointer, source == nil ? nil : s, destination == nil ? nil : d) }
        }
        guard result == 0 else { throw SDLError.current("SDL_RenderCopy(\(what))") }
    }

    /// Draws all of `texture` into `destination`, whose edges may fall between pixels (a GPU renderer samples
    /// there; the software renderer takes whole pixels): a Ken Burns picture's framing.
    public func draw(_ texture: Texture, in destination: Rect, what: String) throws(SDLError) {
        var dst = SDL_FRect(x: Float(destination.x), y: Float(destination.y), w: Float(destination.width), h: Float(destination.height))
        guard SDL_RenderCopyF(pointer, texture.pointer, nil, &dst) == 0 else { throw SDLError.current("SDL_RenderCopyF(\(what))") }
    }

    /// Draws all of `texture` into `destination` turned clockwise by `degrees` about the rectangle's center.
    public func draw(_ texture: Texture, in destination: PixelRect, turnedBy degrees: Double, what: String) throws(SDLError) {
        var dst = SDL_Rect(destination)
        guard SDL_RenderCopyEx(pointer, texture.pointer, nil, &dst, degrees, nil, SDL_FLIP_NONE) == 0 else {
            throw SDLError.current("SDL_RenderCopyEx(\(what))")
        }
    }

    /// Copies the `area` of the current target (all of it for nil) into `pixels`, 32-bit ARGB rows `pitch` bytes apart.
    func readPixels(_ area: PixelRect?, into pixels: UnsafeMutableRawPointer, pitch: Int, what: String) throws(SDLError) {
        let rect = area.map(SDL_Rect.init) ?? SDL_Rect()
        let result = withUnsafePointer(to: rect) { r in
            SDL_RenderReadPixels(pointer, area == nil ? nil : r, SDL_PIXELFORMAT_ARGB8888.rawValue, pixels, Int32(pitch))
        }
        guard result == 0 else { throw SDLError.current("SDL_RenderReadPixels(\(what))") }
    }

    /// Copies the `area` of the current target into all of `texture`, which is `area`'s size.
    func copyOutput(_ area: PixelRect, into texture: Texture) throws(SDLError) {
        var bytes = [UInt8](repeating: 0, count: area.width * area.height * 4)
        let pitch = area.width * 4
        let copied = bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(SDLError) in
                guard let base = buffer.baseAddress else { return }
                try readPixels(area, into: base, pitch: pitch, what: "copy of the output")
                try texture.update(rows: base, pitch: pitch)
            }
        }
        try copied.get()
    }

    /// A copy of what the current target holds, as a 32-bit surface of the output's size.
    public func readPixels() throws(SDLError) -> Surface {
        let surface = try Surface(size: outputSize)
        let read: Void? = try surface.withPixels { rows throws(SDLError) in
            try readPixels(nil, into: rows.base, pitch: rows.pitch, what: "output")
        }
        guard read != nil else { throw SDLError(operation: "SDL_RenderReadPixels", message: "the surface has no pixels") }
        return surface
    }
}

/// How a texture mixes with what it is drawn over.
public enum BlendMode: Sendable {
    /// It replaces what is under it.
    case none
    /// It is blended over it by its alpha (and its opacity, ``Texture/setAlphaMod(_:)``).
    case blend
}

/// An SDL texture, owned by one renderer and destroyed when this object goes.
public final class Texture {
    /// The wrapped pointer, valid for this object's lifetime; used only by this file's ``Renderer``.
    fileprivate let pointer: OpaquePointer
    /// The texture's size in pixels.
    public let size: PixelSize
    // Textures must not outlive their renderer.
    private let renderer: Renderer

    fileprivate init(owning pointer: OpaquePointer, size: PixelSize, renderer: Renderer) {
        self.pointer = pointer
        self.size = size
        self.renderer = renderer
    }

    deinit { SDL_DestroyTexture(pointer) }

    /// Sets how the texture mixes with what is under it.
    public func setBlendMode(_ mode: BlendMode) {
        SDL_SetTextureBlendMode(pointer, mode == .none ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
    }

    /// Sets the opacity the texture is drawn with, 0...255.
    public func setAlphaMod(_ alpha: UInt8) {
        SDL_SetTextureAlphaMod(pointer, alpha)
    }

    /// Tints the texture: each channel is drawn times `color`'s (its alpha is the opacity, as ``setAlphaMod(_:)``).
    public func setTint(_ color: Color) {
        SDL_SetTextureColorMod(pointer, color.red, color.green, color.blue)
        SDL_SetTextureAlphaMod(pointer, color.alpha)
    }

    /// Replaces the texture's pixels with `surface`'s, which must be 32-bit ARGB of the texture's size.
    public func update(from surface: Surface) throws(SDLError) {
        guard surface.size == size, surface.isARGB8888 else {
            throw SDLError(operation: "SDL_UpdateTexture", message: "a \(surface.size) surface does not fit a \(size) ARGB texture")
        }
        let updated = surface.withPixels { rows in SDL_UpdateTexture(pointer, nil, rows.base, Int32(rows.pitch)) == 0 }
        guard updated == true else { throw SDLError.current("SDL_UpdateTexture(\(size))") }
    }

    /// Replaces the texture's pixels with `surface`'s, as ``update(from:)``, giving the surface's pixel memory back
    /// to the system band by band as it is copied (``Surface/releaseRows(below:after:)``): the surface is spent, its
    /// rows read as black from then on, and is to be let go.
    ///
    /// Why: a card the preparer composed is copied into its texture and then freed, so for that moment the card is
    /// held twice (3.7 MiB more at 1200x800). Beside a playing video that moment was the kiosk's highest PSS, 48.7
    /// against 45 MiB over rest for 10 ms (`Scripts/video_bench.py --sample-ms 10`); copied in bands of 64 rows
    /// with each band's pages given back, the card is held once and a band.
    public func update(consuming surface: Surface) throws(SDLError) {
        guard surface.size == size, surface.isARGB8888 else { return try update(from: surface) }
        let band = 64
        var released = 0
        for top in stride(from: 0, to: size.height, by: band) {
            let rows = min(band, size.height - top)
            var rect = SDL_Rect(x: 0, y: Int32(top), w: Int32(size.width), h: Int32(rows))
            let updated = surface.withPixels { pixels in SDL_UpdateTexture(pointer, &rect, pixels.row(top), Int32(pixels.pitch)) == 0 }
            guard updated == true else { throw SDLError.current("SDL_UpdateTexture(\(size))") }
            released = surface.releaseRows(below: top + rows, after: released)
        }
    }

    /// Replaces the texture's pixels with `pixels`: 32-bit ARGB rows of the texture's width, `pitch` bytes apart.
    func update(rows pixels: UnsafeRawPointer, pitch: Int) throws(SDLError) {
        guard SDL_UpdateTexture(pointer, nil, pixels, Int32(pitch)) == 0 else { throw SDLError.current("SDL_UpdateTexture(\(size))") }
    }

    /// Replaces a YUV texture's pixels (``Renderer/makeYUVTexture(size:)``) with `bytes`: the Y plane's rows `pitch`
    /// bytes apart, then the U and the V planes' at half the size, rows `pitch / 2` apart.
    public func updateYUV(_ bytes: UnsafeRawBufferPointer, pitch: Int) throws(SDLError) {
        let rows = size.height, half = (size.height + 1) / 2
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count >= pitch * rows + (pitch / 2) * half * 2 else {
            throw SDLError(operation: "SDL_UpdateYUVTexture", message: "\(bytes.count) bytes do not fill a \(size) YUV texture")
        }
        let u = base + pitch * rows, v = u + (pitch / 2) * half
        guard SDL_UpdateYUVTexture(pointer, nil, base, Int32(pitch), u, Int32(pitch / 2), v, Int32(pitch / 2)) == 0 else {
            throw SDLError.current("SDL_UpdateYUVTexture(\(size))")
        }
    }

    /// Calls `body` with the pixels of a streaming texture (``Renderer/makeStreamingTexture(size:)``) and their pitch
    /// in bytes, to be written in place; what `body` writes is the texture's once it returns.
    public func withPixels(_ body: (UnsafeMutableRawPointer, Int) throws(SDLError) -> Void) throws(SDLError) {
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(pointer, nil, &pixels, &pitch) == 0, let pixels else { throw SDLError.current("SDL_LockTexture(\(size))") }
        defer { SDL_UnlockTexture(pointer) }
        try body(pixels, Int(pitch))
    }

    /// The bytes of memory the texture's pixels take, at four bytes a pixel.
    public var byteCount: Int { size.width * size.height * 4 }
}
