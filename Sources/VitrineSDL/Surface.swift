import CSDL2
import CSDL2Image
import VitrineCore

/// An SDL surface: pixels in memory, freed when this object goes.
public final class Surface {
    /// The wrapped pointer, valid for this object's lifetime.
    public let pointer: UnsafeMutablePointer<SDL_Surface>

    /// Takes ownership of a surface SDL returned.
    public init(owning pointer: UnsafeMutablePointer<SDL_Surface>) {
        self.pointer = pointer
    }

    /// A new 32-bit ARGB surface of the given size.
    public convenience init(size: PixelSize) throws(SDLError) {
        guard size.width > 0, size.height > 0,
              let p = SDL_CreateRGBSurfaceWithFormat(0, Int32(size.width), Int32(size.height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { throw SDLError.current("SDL_CreateRGBSurfaceWithFormat(\(size))") }
        self.init(owning: p)
    }

    /// Decodes the image file at `path` (PNG, JPEG and the other formats SDL_image reads).
    public static func load(path: String) throws(SDLError) -> Surface {
        guard let p = IMG_Load(path) else { throw SDLError.current("IMG_Load(\(path))") }
        return Surface(owning: p)
    }

    deinit { SDL_FreeSurface(pointer) }

    /// The surface's size in pixels.
    public var size: PixelSize { PixelSize(width: Int(pointer.pointee.w), height: Int(pointer.pointee.h)) }

    /// A copy converted to another pixel format.
    public func converted(to format: UInt32) throws(SDLError) -> Surface {
        guard let p = SDL_ConvertSurfaceFormat(pointer, format, 0) else { throw SDLError.current("SDL_ConvertSurfaceFormat") }
        return Surface(owning: p)
    }

    /// Writes the surface as an RGB PNG (no alpha channel), the same bytes for the same pixels.
    public func writePNG(to path: String) throws(SDLError) {
        let rgb = try converted(to: SDL_PIXELFORMAT_RGB24.rawValue)
        guard IMG_SavePNG(rgb.pointer, path) == 0 else { throw SDLError.current("IMG_SavePNG(\(path))") }
    }

    /// The pixels as tightly packed RGBA bytes, row by row.
    public func rgbaBytes() throws(SDLError) -> [UInt8] {
        let abgr = try converted(to: SDL_PIXELFORMAT_ABGR8888.rawValue)  // Byte order R, G, B, A on little-endian.
        let s = abgr.pointer.pointee
        let width = Int(s.w), height = Int(s.h), pitch = Int(s.pitch)
        let rowBytes = width * 4
        var bytes = [UInt8](repeating: 0, count: rowBytes * height)
        SDL_LockSurface(abgr.pointer)
        defer { SDL_UnlockSurface(abgr.pointer) }
        guard let base = s.pixels?.assumingMemoryBound(to: UInt8.self) else { return bytes }
        bytes.withUnsafeMutableBufferPointer { out in
            guard let start = out.baseAddress else { return }
            for y in 0..<height {
                let row: UnsafeMutablePointer<UInt8> = start + y * rowBytes
                row.update(from: base + y * pitch, count: rowBytes)
            }
        }
        return bytes
    }
}
