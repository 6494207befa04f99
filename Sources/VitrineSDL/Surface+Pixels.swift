import Dispatch
import Glibc
import VitrineCore

/// A surface's pixels for the length of a ``Surface/withPixels(_:)`` call: rows of ``size``, ``pitch`` bytes apart.
public struct PixelRows {
    /// The first byte of the first row.
    public let base: UnsafeMutableRawPointer
    /// The bytes from one row to the next.
    public let pitch: Int
    /// The surface's size in pixels.
    public let size: PixelSize

    /// The first byte of row `y`.
    public func row(_ y: Int) -> UnsafeMutableRawPointer { base + y * pitch }

    /// Row `y` as 32-bit pixels (a 32-bit surface).
    public func pixels(_ y: Int) -> UnsafeMutablePointer<UInt32> { row(y).assumingMemoryBound(to: UInt32.self) }
}

extension Surface {
    /// A 32-bit surface holding a copy of tightly packed RGBA bytes, row by row.
    public convenience init(rgba bytes: [UInt8], size: PixelSize) throws(SDLError) {
        try self.init(size: size)
        guard bytes.count == size.width * size.height * 4 else {
            throw SDLError(operation: "Surface(rgba:)", message: "\(bytes.count) bytes do not make \(size) RGBA pixels")
        }
        withPixels { rows in
            for y in 0..<size.height {
                let out = rows.pixels(y)
                for x in 0..<size.width {
                    let i = (y * size.width + x) * 4
                    let (r, g, b, a) = (UInt32(bytes[i]), UInt32(bytes[i + 1]), UInt32(bytes[i + 2]), UInt32(bytes[i + 3]))
                    out[x] = a << 24 | r << 16 | g << 8 | b  // ARGB8888.
                }
            }
        }
    }

    /// A 32-bit surface holding a copy of tightly packed ARGB8888 pixels, row by row (a video frame).
    public convenience init(argb pixels: [UInt32], size: PixelSize) throws(SDLError) {
        try self.init(size: size)
        guard pixels.count == size.width * size.height else {
            throw SDLError(operation: "Surface(argb:)", message: "\(pixels.count) pixels do not make \(size)")
        }
        withPixels { rows in
            pixels.withUnsafeBufferPointer { source in
                for y in 0..<size.height {
                    rows.pixels(y).update(from: source.baseAddress! + y * size.width, count: size.width)
                }
            }
        }
    }

    /// A copy in ARGB8888, the format textures and scaling use.
    ///
    /// JPEGs decode to 24-bit RGB, and SDL's general converter takes about 20 ms for an 1800x1200 picture; this
    /// converts that common case with a tight loop (the same pixels) and leaves every other format to SDL.
    public func argb8888() throws(SDLError) -> Surface {
        guard format == .rgb24 else { return try converted(to: .argb8888) }
        let result = try Surface(size: size)
        withPixels { input in
            result.withPixels { output in
                for y in 0..<size.height {
                    let row = input.row(y).assumingMemoryBound(to: UInt8.self)
                    let out = output.pixels(y)
                    for x in 0..<size.width {
                        let p = row + x * 3  // Bytes R, G, B.
                        out[x] = 0xFF00_0000 | UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
                    }
                }
            }
        }
        return result
    }

    /// The pixels as tightly packed RGBA bytes, row by row.
    ///
    /// With `opaque`, the pixels are read as ``writePNG(to:replacing:)`` stores them, without alpha: every alpha
    /// byte is 255.
    public func rgbaBytes(opaque: Bool = false) throws(SDLError) -> [UInt8] {
        let source = opaque ? try converted(to: .rgb24) : self
        let abgr = try source.converted(to: .abgr8888)  // Byte order R, G, B, A on little-endian.
        let rowBytes = abgr.size.width * 4
        var bytes = [UInt8](repeating: 0, count: rowBytes * abgr.size.height)
        abgr.withPixels { rows in
            bytes.withUnsafeMutableBytes { out in
                guard let start = out.baseAddress else { return }
                for y in 0..<rows.size.height { (start + y * rowBytes).copyMemory(from: rows.row(y), byteCount: rowBytes) }
            }
        }
        return bytes
    }

    /// A copy turned upright by `orientation` (this surface is the picture as stored), 32-bit ARGB.
    public func oriented(_ orientation: ImageOrientation) -> Surface {
        guard orientation != .up, let result = try? Surface(size: orientation.shownSize(of: size)) else { return self }
        let stored = size
        var turned = false
        withPixels { input in
            result.withPixels { output in
                let inStride = input.pitch / 4
                let source = input.pixels(0)
                let shown = output.size
                for y in 0..<shown.height {
                    // Along a shown row the stored point moves by a fixed step: work out the first and the step.
                    let first = orientation.storedPoint(x: 0, y: y, stored: stored)
                    let next = orientation.storedPoint(x: min(1, shown.width - 1), y: y, stored: stored)
                    var index = first.y * inStride + first.x
                    let step = (next.y - first.y) * inStride + (next.x - first.x)
                    let row = output.pixels(y)
                    for x in 0..<shown.width {
                        row[x] = source[index]
                        index += step
                    }
                }
                turned = true
            }
        }
        return turned ? result : self
    }

    /// Composites this 32-bit ARGB surface over `background` (the letterbox colour, `display.background`) in place
    /// and makes it opaque; says whether any pixel was not opaque.
    @discardableResult
    public func composite(over background: Color = .black) -> Bool {
        withPixels { rows in
            var sawTransparency = false
            for y in 0..<rows.size.height {
                let row = rows.pixels(y)
                for x in 0..<rows.size.width {
                    let p = row[x]
                    let a = p >> 24
                    guard a != 255 else { continue }
                    sawTransparency = true
                    let r = Surface.over(p >> 16 & 0xFF, background.red, a), g = Surface.over(p >> 8 & 0xFF, background.green, a)
                    let b = Surface.over(p & 0xFF, background.blue, a)
                    row[x] = 0xFF00_0000 | r << 16 | g << 8 | b
                }
            }
            return sawTransparency
        } ?? false
    }

    /// Writes `card`'s pixels (32-bit ARGB) into this surface (a window's frame) at `rect`, as drawing its texture
    /// there would; false, having written nothing, when `rect` is not inside it or not `card`'s size.
    ///
    /// ARGB into XRGB (an X window's frame) is a plain copy, half the rows on another thread: a window's fresh
    /// frame takes a page fault every 4 KiB (940 at 1200x800, 2-3 µs each on a VM), and two cores take them in half
    /// the time. Other formats are converted.
    func write(_ card: Surface, at rect: PixelRect) -> Bool {
        let frame = size
        guard card.size == PixelSize(width: rect.width, height: rect.height), card.isARGB8888, rect.x >= 0, rect.y >= 0,
              rect.x + rect.width <= frame.width, rect.y + rect.height <= frame.height else { return false }
        let plain = takesARGBRows
        let written = card.withPixels { source in
            guard plain else { return convert(from: source, at: rect) }
            return withPixels { target in
                Surface.copyRows(rect.height, bytes: rect.width * 4, from: source.base, pitch: source.pitch,
                                 to: target.base + rect.y * target.pitch + rect.x * 4, pitch: target.pitch)
                return true
            } ?? false
        }
        return written ?? false
    }

    /// Copies `count` rows of `bytes` bytes, half of them on another thread (see ``write(_:at:)``).
    private static func copyRows(_ count: Int, bytes: Int, from source: UnsafeRawPointer, pitch sourcePitch: Int,
                                 to destination: UnsafeMutableRawPointer, pitch destinationPitch: Int) {
        let split = count / 2
        let from = UInt(bitPattern: source), to = UInt(bitPattern: destination)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global(qos: .userInteractive).async {
            for row in split..<count {
                memcpy(UnsafeMutableRawPointer(bitPattern: to + UInt(row * destinationPitch))!,
                       UnsafeRawPointer(bitPattern: from + UInt(row * sourcePitch))!, bytes)
            }
            done.signal()
        }
        for row in 0..<split { memcpy(destination + row * destinationPitch, source + row * sourcePitch, bytes) }
        done.wait()
    }

    /// A channel `value` of alpha `alpha` over the `background` channel, rounded: over black, `value × alpha / 255`.
    @inline(__always)
    static func over(_ value: UInt32, _ background: UInt8, _ alpha: UInt32) -> UInt32 {
        (value * alpha + UInt32(background) * (255 - alpha) + 127) / 255
    }
}

extension Surface {
    /// Calls `body` with each row's pixel bytes in turn, top to bottom (`width` × 4 bytes of a 32-bit surface, the
    /// padding to the pitch left out); stops at the first error `body` throws.
    public func forEachRow<E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) {
        try withPixels { rows throws(E) in
            for y in 0..<rows.size.height { try body(UnsafeRawBufferPointer(start: rows.row(y), count: rows.size.width * 4)) }
        }
    }
}

extension Surface {
    /// Calls `body` with each row's index and its first pixel, top to bottom, to be written; stops at the first
    /// error `body` throws.
    func forEachRowIndex<E: Error>(_ body: (Int, UnsafeMutableRawPointer) throws(E) -> Void) throws(E) {
        try withPixels { rows throws(E) in
            for y in 0..<rows.size.height { try body(y, rows.row(y)) }
        }
    }
}
