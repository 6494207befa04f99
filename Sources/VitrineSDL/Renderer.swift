import CSDL2
import VitrineCore

/// An SDL renderer, for a window or (headless) for a surface in memory; destroyed when this object goes.
public final class Renderer {
    /// The wrapped pointer, valid for this object's lifetime.
    public let pointer: OpaquePointer
    // What the renderer draws into must outlive it.
    private let window: Window?
    private let surface: Surface?

    /// A renderer for `window`: the software renderer, or the first accelerated one SDL offers; vsync when it can.
    public init(window: Window, software: Bool) throws(SDLError) {
        let flags = software
            ? SDL_RENDERER_SOFTWARE.rawValue | SDL_RENDERER_TARGETTEXTURE.rawValue
            : SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue | SDL_RENDERER_TARGETTEXTURE.rawValue
        guard let p = SDL_CreateRenderer(window.pointer, -1, flags) else { throw SDLError.current("SDL_CreateRenderer") }
        pointer = p
        self.window = window
        self.surface = nil
    }

    /// A software renderer that draws into `surface`: needs no display and gives the same pixels on every machine.
    public init(surface: Surface) throws(SDLError) {
        guard let p = SDL_CreateSoftwareRenderer(surface.pointer) else { throw SDLError.current("SDL_CreateSoftwareRenderer") }
        pointer = p
        self.window = nil
        self.surface = surface
    }

    deinit { SDL_DestroyRenderer(pointer) }

    /// Whether what the renderer draws into keeps four bytes a pixel (ARGB or XRGB), so a card read back from it is
    /// the card drawn: not so on a 16-bit display.
    public var outputHoldsFullColour: Bool {
        let format = window.map { SDL_GetWindowPixelFormat($0.pointer) } ?? surface.map { $0.pointer.pointee.format.pointee.format } ?? 0
        // SDL_PIXELFLAG 1 (not a FOURCC format), SDL_BYTESPERPIXEL 4.
        return (format >> 28) & 0xF == 1 && format & 0xFF == 4
    }

    /// What the renderer draws into when no texture is its target: the window's frame (software renderer) or the
    /// surface of a headless renderer; nil for an accelerated renderer, whose frame is the GPU's.
    var outputSurface: UnsafeMutablePointer<SDL_Surface>? {
        guard isSoftware else { return nil }
        if let surface { return surface.pointer }
        return window.flatMap { SDL_GetWindowSurface($0.pointer) }
    }

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

    /// A texture holding a copy of `surface`'s pixels.
    public func makeTexture(from surface: Surface) throws(SDLError) -> Texture {
        guard let p = SDL_CreateTextureFromSurface(pointer, surface.pointer) else {
            throw SDLError.current("SDL_CreateTextureFromSurface(\(surface.size))")
        }
        return Texture(owning: p, size: surface.size, renderer: self)
    }

    /// A 32-bit ARGB texture of `size` pixels, filled with ``Texture/update(from:)``.
    public func makeTexture(size: PixelSize) throws(SDLError) -> Texture {
        try makeTexture(size: size, access: SDL_TEXTUREACCESS_STATIC, what: "\(size)")
    }

    /// A 32-bit ARGB texture of `size` pixels whose memory is written in place (``Texture/withPixels(_:)``).
    public func makeStreamingTexture(size: PixelSize) throws(SDLError) -> Texture {
        try makeTexture(size: size, access: SDL_TEXTUREACCESS_STREAMING, what: "streaming \(size)")
    }

    /// A texture the renderer can draw into, of `size` pixels.
    public func makeTargetTexture(size: PixelSize) throws(SDLError) -> Texture {
        try makeTexture(size: size, access: SDL_TEXTUREACCESS_TARGET, what: "target \(size)")
    }

    /// A 32-bit ARGB texture of `size` pixels with the given access; `what` names it in errors.
    private func makeTexture(size: PixelSize, access: SDL_TextureAccess, what: String) throws(SDLError) -> Texture {
        guard size.width > 0, size.height > 0,
              let p = SDL_CreateTexture(pointer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(access.rawValue),
                                        Int32(size.width), Int32(size.height))
        else { throw SDLError.current("SDL_CreateTexture(\(what))") }
        return Texture(owning: p, size: size, renderer: self)
    }

    /// Draws into `texture` (or the screen, for nil) from now on.
    public func setTarget(_ texture: Texture?) throws(SDLError) {
        guard SDL_SetRenderTarget(pointer, texture?.pointer) == 0 else { throw SDLError.current("SDL_SetRenderTarget") }
    }

    /// Shows what was drawn.
    public func present() { SDL_RenderPresent(pointer) }

    /// A copy of what the current target holds, as a 32-bit surface of the output's size.
    public func readPixels() throws(SDLError) -> Surface {
        let surface = try Surface(size: outputSize)
        guard SDL_RenderReadPixels(pointer, nil, SDL_PIXELFORMAT_ARGB8888.rawValue, surface.pointer.pointee.pixels,
                                   surface.pointer.pointee.pitch) == 0 else {
            throw SDLError.current("SDL_RenderReadPixels")
        }
        return surface
    }
}
