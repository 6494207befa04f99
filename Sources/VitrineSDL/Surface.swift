import CSDL2
import CSDL2Image
import Glibc
import VitrineCore
import VitrineSystem

/// An SDL surface: pixels in memory, freed when this object goes.
public final class Surface {
    /// The wrapped pointer, valid for this object's lifetime.
    public let pointer: UnsafeMutablePointer<SDL_Surface>

    /// What holds the pixels of a surface made over memory SDL does not own (a mapped file), kept as long as it is.
    private var pixelOwner: AnyObject?

    /// Takes ownership of a surface SDL returned.
    public init(owning pointer: UnsafeMutablePointer<SDL_Surface>) {
        self.pointer = pointer
    }

    /// Takes ownership of a surface SDL made over pixels that `owner` holds, and keeps `owner` until it is freed.
    init(owning pointer: UnsafeMutablePointer<SDL_Surface>, pixelsHeldBy owner: AnyObject) {
        self.pointer = pointer
        self.pixelOwner = owner
    }

    /// An ARGB8888 surface over the pixels at `pixels` (rows of `size`, `pitch` bytes apart), which `owner` holds
    /// and which it keeps until it is freed (a mapped file, memory decoded into before SDL was open); nil when SDL
    /// cannot make one.
    convenience init?(argb8888 pixels: UnsafeMutableRawPointer, size: PixelSize, pitch: Int, heldBy owner: AnyObject) {
        guard let made = SDL_CreateRGBSurfaceWithFormatFrom(pixels, Int32(size.width), Int32(size.height), 32, Int32(pitch),
                                                            SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        self.init(owning: made, pixelsHeldBy: owner)
    }

    /// A new 32-bit ARGB surface of the given size.
    public convenience init(size: PixelSize) throws(SDLError) {
        guard size.width > 0, size.height > 0,
              let p = SDL_CreateRGBSurfaceWithFormat(0, Int32(size.width), Int32(size.height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        else { throw SDLError.current("SDL_CreateRGBSurfaceWithFormat(\(size))") }
        self.init(owning: p)
    }

    /// A 32-bit surface holding a copy of tightly packed RGBA bytes, row by row.
    public convenience init(rgba bytes: [UInt8], size: PixelSize) throws(SDLError) {
        try self.init(size: size)
        guard bytes.count == size.width * size.height * 4 else {
            throw SDLError(operation: "Surface(rgba:)", message: "\(bytes.count) bytes do not make \(size) RGBA pixels")
        }
        let s = pointer.pointee
        SDL_LockSurface(pointer)
        defer { SDL_UnlockSurface(pointer) }
        guard let pixels = s.pixels?.assumingMemoryBound(to: UInt32.self) else { return }
        let stride = Int(s.pitch) / 4
        for y in 0..<size.height {
            for x in 0..<size.width {
                let i = (y * size.width + x) * 4
                let (r, g, b, a) = (UInt32(bytes[i]), UInt32(bytes[i + 1]), UInt32(bytes[i + 2]), UInt32(bytes[i + 3]))
                pixels[y * stride + x] = a << 24 | r << 16 | g << 8 | b  // ARGB8888.
            }
        }
    }

    /// Decodes the image file at `path` (PNG, JPEG, GIF, BMP or WebP), after checking its header.
    ///
    /// The file is opened once, only as a regular file (``FileDescriptor/openRegularFile(_:)``: a FIFO, a device
    /// or a directory is refused at once), its header is probed (``ImageProbe``): a missing or unreadable file fails
    /// with the system's reason, and an empty file, a file that is not an image, a cut-off header or a size over
    /// ``ImageLimits/maximumPixels`` fails before any decoder runs. SDL_image then decodes from that same
    /// descriptor, never from the path, so what it reads is what was checked. Data that is corrupt or cut off past
    /// the header fails in the decoder, with SDL_image's reason.
    public static func load(path: String) throws(SDLError) -> Surface {
        let file = try openImage(path)
        var handedOver = false
        defer { if !handedOver { file.close() } }
        let info = try probe(file, path: path)
        guard lseek(file.rawValue, 0, SEEK_SET) == 0, let stream = fdopen(file.rawValue, "rb") else {
            throw SDLError(operation: "IMG_Load(\(path))", message: String(cString: strerror(errno)))
        }
        handedOver = true
        guard let rw = SDL_RWFromFP(stream, SDL_TRUE) else {
            fclose(stream)
            throw SDLError.current("SDL_RWFromFP(\(path))")
        }
        guard let p = IMG_Load_RW(rw, 1) else {  // Closes the stream, and with it the descriptor.
            var error = SDLError.current("IMG_Load(\(path))")
            error.message = "cannot decode the \(info.format.rawValue) data: \(error.message)"
            throw error
        }
        return Surface(owning: p)
    }

    /// The format and size the header of the image file at `path` claims, read without decoding and checked
    /// against ``ImageLimits/maximumPixels``.
    public static func probe(path: String) throws(SDLError) -> ImageInfo {
        let file = try openImage(path)
        defer { file.close() }
        return try probe(file, path: path)
    }

    /// Opens the image file at `path` as a regular file, or says why not (SDL_image would only say "Couldn't open").
    static func openImage(_ path: String) throws(SDLError) -> FileDescriptor {
        do {
            return try FileDescriptor.openRegularFile(path).file
        } catch {
            throw SDLError(operation: "IMG_Load(\(path))", message: error.reason)
        }
    }

    /// The format and size the header of the open image `file` claims (see ``probe(path:)``).
    ///
    /// Reads ``ImageLimits/firstReadBytes`` first, and up to ``ImageLimits/headerReadLimit`` only when the header
    /// lies further in (a JPEG with large metadata).
    static func probe(_ file: FileDescriptor, path: String) throws(SDLError) -> ImageInfo {
        var limit = ImageLimits.firstReadBytes
        while true {
            let bytes: [UInt8]
            do {
                bytes = try file.readPrefix(count: limit, path: path)
            } catch {
                throw SDLError(operation: "IMG_Load(\(path))", message: error.reason)  // EISDIR never: refused at open.
            }
            do throws(ImageProblem) {
                return try ImageProbe.check(bytes, isWholeFile: bytes.count < limit)
            } catch {
                if case .headerBeyondReadLimit = error, limit < ImageLimits.headerReadLimit {
                    limit = ImageLimits.headerReadLimit
                    continue
                }
                throw SDLError(operation: "IMG_Load(\(path))", message: error.description)
            }
        }
    }

    deinit { SDL_FreeSurface(pointer) }

    /// The surface's size in pixels.
    public var size: PixelSize { PixelSize(width: Int(pointer.pointee.w), height: Int(pointer.pointee.h)) }

    /// A copy in ARGB8888, the format textures and scaling use.
    ///
    /// JPEGs decode to 24-bit RGB, and SDL's general converter takes about 20 ms for an 1800x1200 picture; this
    /// converts that common case with a tight loop (the same pixels) and leaves every other format to SDL.
    public func argb8888() throws(SDLError) -> Surface {
        let source = pointer.pointee
        guard source.format.pointee.format == SDL_PIXELFORMAT_RGB24.rawValue else {
            return try converted(to: SDL_PIXELFORMAT_ARGB8888.rawValue)
        }
        let result = try Surface(size: size)
        let target = result.pointer.pointee
        SDL_LockSurface(pointer)
        SDL_LockSurface(result.pointer)
        defer {
            SDL_UnlockSurface(result.pointer)
            SDL_UnlockSurface(pointer)
        }
        guard let input = source.pixels?.assumingMemoryBound(to: UInt8.self),
              let output = target.pixels?.assumingMemoryBound(to: UInt32.self) else { return result }
        let width = Int(source.w), inPitch = Int(source.pitch), outStride = Int(target.pitch) / 4
        for y in 0..<Int(source.h) {
            let row = input + y * inPitch
            let out = output + y * outStride
            for x in 0..<width {
                let p = row + x * 3  // Bytes R, G, B.
                out[x] = 0xFF00_0000 | UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
            }
        }
        return result
    }

    /// A copy converted to another pixel format.
    public func converted(to format: UInt32) throws(SDLError) -> Surface {
        guard let p = SDL_ConvertSurfaceFormat(pointer, format, 0) else { throw SDLError.current("SDL_ConvertSurfaceFormat") }
        return Surface(owning: p)
    }

    /// The eight bytes every PNG file starts with.
    public static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The twelve bytes every complete PNG file ends with: its empty IEND chunk and that chunk's CRC.
    static let pngEnd: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// Writes the surface as an RGB PNG (no alpha channel), the same bytes for the same pixels.
    ///
    /// The PNG is written whole or not at all (``FileDescriptor/replaceAtomically(_:replacing:permissions:write:)``):
    /// into a new file beside `path`, checked complete, then renamed over `path`. A symbolic link, a FIFO, a device
    /// or a folder at `path`, or a file `replacing` does not allow, is refused before anything is written, and a
    /// write that fails (a full disk) throws with the reason and leaves `path` as it was.
    public func writePNG(to path: String, replacing: FileReplacement = .anyRegularFile) throws(SDLError) {
        let rgb = try converted(to: SDL_PIXELFORMAT_RGB24.rawValue)
        do throws(SystemError) {
            try FileDescriptor.replaceAtomically(path, replacing: replacing) { temporary, file throws(SystemError) in
                errno = 0
                let saved = IMG_SavePNG(rgb.pointer, temporary)
                let code = errno
                guard saved == 0 else {
                    throw SystemError(operation: "IMG_SavePNG", code: code != 0 ? code : EIO,
                                      detail: code != 0 ? nil : SDLError.current("IMG_SavePNG").message)
                }
                // SDL_image does not say when its last buffered bytes could not be written (a full disk): a PNG
                // that was cut short lacks its end.
                var status = stat()
                guard fstat(file.rawValue, &status) == 0, Int(status.st_size) >= Surface.pngEnd.count,
                      lseek(file.rawValue, status.st_size - off_t(Surface.pngEnd.count), SEEK_SET) >= 0,
                      (try? file.readToEnd(limit: Surface.pngEnd.count)) == Surface.pngEnd else {
                    throw SystemError(operation: "IMG_SavePNG", code: code != 0 ? code : EIO,
                                      detail: code != 0 ? nil : "the PNG was cut short")
                }
            }
        } catch {
            throw SDLError(operation: "IMG_SavePNG(\(path))", message: error.reason)
        }
    }

    /// Writes the surface as a screenshot a control client asked for: as ``writePNG(to:replacing:)``, only to an
    /// absolute path (the kiosk's working folder is none of the client's business), and replacing only an empty
    /// file or a PNG, so a client cannot overwrite a config, a script or a document the kiosk's user may write.
    public func writeScreenshot(to path: String) throws(SDLError) {
        guard path.hasPrefix("/") else {
            throw SDLError(operation: "IMG_SavePNG", message: "the path is not absolute (it would be taken from the kiosk's working folder)")
        }
        try writePNG(to: path, replacing: .emptyOr(kind: "a PNG", signature: Surface.pngSignature))
    }

    /// The pixels as tightly packed RGBA bytes, row by row.
    ///
    /// With `opaque`, the pixels are read as ``writePNG(to:)`` stores them, without alpha: every alpha byte is 255.
    public func rgbaBytes(opaque: Bool = false) throws(SDLError) -> [UInt8] {
        let source = opaque ? try converted(to: SDL_PIXELFORMAT_RGB24.rawValue) : self
        let abgr = try source.converted(to: SDL_PIXELFORMAT_ABGR8888.rawValue)  // Byte order R, G, B, A on little-endian.
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
