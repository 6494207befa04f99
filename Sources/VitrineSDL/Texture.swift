import CSDL2
import VitrineCore

/// An SDL texture, owned by one renderer and destroyed when this object goes.
public final class Texture {
    /// The wrapped pointer, valid for this object's lifetime.
    public let pointer: OpaquePointer
    /// The texture's size in pixels.
    public let size: PixelSize
    // Textures must not outlive their renderer.
    private let renderer: Renderer

    init(owning pointer: OpaquePointer, size: PixelSize, renderer: Renderer) {
        self.pointer = pointer
        self.size = size
        self.renderer = renderer
    }

    deinit { SDL_DestroyTexture(pointer) }

    /// Sets how the texture mixes with what is under it.
    public func setBlendMode(_ mode: SDL_BlendMode) {
        SDL_SetTextureBlendMode(pointer, mode)
    }

    /// Sets the opacity the texture is drawn with, 0...255.
    public func setAlphaMod(_ alpha: UInt8) {
        SDL_SetTextureAlphaMod(pointer, alpha)
    }

    /// Replaces the texture's pixels with `surface`'s, which must be 32-bit ARGB of the texture's size.
    public func update(from surface: Surface) throws(SDLError) {
        let s = surface.pointer.pointee
        guard surface.size == size, s.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue else {
            throw SDLError(operation: "SDL_UpdateTexture", message: "a \(surface.size) surface does not fit a \(size) ARGB texture")
        }
        guard SDL_UpdateTexture(pointer, nil, s.pixels, s.pitch) == 0 else { throw SDLError.current("SDL_UpdateTexture(\(size))") }
    }

    /// Calls `body` with the pixels of a streaming texture (``Renderer/makeStreamingTexture(size:)``) and their pitch
    /// in bytes, to be written in place; what `body` writes is the texture's once it returns.
    public func withPixels(_ body: (UnsafeMutableRawPointer, Int32) throws(SDLError) -> Void) throws(SDLError) {
        var pixels: UnsafeMutableRawPointer?
        var pitch: Int32 = 0
        guard SDL_LockTexture(pointer, nil, &pixels, &pitch) == 0, let pixels else { throw SDLError.current("SDL_LockTexture(\(size))") }
        defer { SDL_UnlockTexture(pointer) }
        try body(pixels, pitch)
    }

    /// The bytes of memory the texture's pixels take, at four bytes a pixel.
    public var byteCount: Int { size.width * size.height * 4 }
}
