import CPNG
import VitrineCore
import VitrineSystem

/// Decodes PNGs with libpng into 32-bit ARGB at the size the card needs, composited over the letterbox colour.
///
/// libpng expands every colour type the same way (palette, greyscale with or without a transparent colour, 16-bit
/// samples) to 8-bit BGRA, under limits set on it: ``ImageLimits/maximumPixels`` a side at most,
/// ``ImageLimits/maximumPNGChunkBytes`` for a metadata chunk, ``maximumChunks`` of them. A picture bigger than the
/// card is shrunk while it is read, a row at a time, by the largest whole factor that still covers the card
/// (``DecodeScale/boxFactor(stored:covering:)``), so a 50-megapixel PNG takes a card's memory, not 200 MB. An
/// interlaced PNG shrunk is summed into its boxes pass by pass (6 bytes a box); decoded whole, it needs the whole
/// picture while its passes arrive. Either must fit ``ImageLimits/decodeMemoryBytes`` as
/// ``memoryNeeded(_:factor:interlaced:fileBytes:)`` counts it, or is shrunk by a larger factor. A large file is
/// read from its descriptor as libpng asks, never held whole.
/// After each row the decode's ``DecodeBudget`` is checked: a stopped decode, or one past
/// ``ImageLimits/decodeSeconds``, gives up.
enum PNGDecoder {
    /// The most ancillary chunks libpng keeps (its `png_set_chunk_cache_max`).
    static let maximumChunks: UInt32 = 1000

    /// How much of the file a decode read, for tests: a decode stops reading once every row is decoded.
    final class Reading {
        /// The bytes of the file libpng was given, from its start.
        var bytes = 0
    }

    /// Decodes `bytes`, a whole PNG file, so that it covers `target` (nil: full size); `reading` learns how much
    /// of the file was read.
    static func decode(_ bytes: [UInt8], covering target: PixelSize?, stop: DecodeStop? = nil,
                       seconds: Double = ImageLimits.decodeSeconds, memoryBytes: Int = ImageLimits.decodeMemoryBytes,
                       reading: Reading? = nil, background: Color = .black) throws(ImageProblem) -> DecodedImage {
        let budget = DecodeBudget(stop: stop, seconds: seconds)
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ImageProblem) -> DecodedImage in
                guard let v = vitrine_png_create(buffer.baseAddress?.assumingMemoryBound(to: UInt8.self), buffer.count,
                                                 UInt32(ImageLimits.maximumPixels), UInt32(ImageLimits.maximumPixels),
                                                 ImageLimits.maximumPNGChunkBytes, maximumChunks) else {
                    throw .overLimit(.png, "out of memory starting the PNG decoder")
                }
                defer {
                    reading?.bytes = v.pointee.at
                    vitrine_png_destroy(v)
                }
                return try decode(v, header: header(bytes), fileBytesHeld: bytes.count, covering: target, budget: budget,
                                  memoryBytes: memoryBytes, background: background)
            }
        }
        return try result.get()
    }

    /// The bytes of a PNG file read from its descriptor held at once by the decoder: none but what libpng asks for
    /// (its buffers are counted with a row's).
    static let fileChunkBytes = 0

    /// Decodes the PNG file open as `file`, `size` bytes long, whose first bytes are `head`, as
    /// ``decode(_:covering:stop:seconds:memoryBytes:reading:background:)`` decodes its bytes, reading it as libpng
    /// asks: the file is never held whole (a 4900x4900 interlaced PNG is a 41 MB file).
    static func decode(file: FileDescriptor, size: Int, head: [UInt8], covering target: PixelSize?, stop: DecodeStop? = nil,
                       memoryBytes: Int = ImageLimits.decodeMemoryBytes, background: Color = .black) throws(ImageProblem) -> DecodedImage {
        let budget = DecodeBudget(stop: stop)
        guard let v = vitrine_png_create_file(file.rawValue, size, UInt32(ImageLimits.maximumPixels), UInt32(ImageLimits.maximumPixels),
                                              ImageLimits.maximumPNGChunkBytes, maximumChunks) else {
            throw .overLimit(.png, "out of memory starting the PNG decoder")
        }
        defer { vitrine_png_destroy(v) }
        return try decode(v, header: header(head), fileBytesHeld: fileChunkBytes, covering: target, budget: budget,
                          memoryBytes: memoryBytes, background: background)
    }

    /// The size and whether it is interlaced (Adam7), from the IHDR in the file's first bytes (the probe checked
    /// them).
    static func header(_ head: [UInt8]) -> (size: PixelSize, interlaced: Bool) {
        func bigEndian(_ offset: Int) -> Int { head.count >= offset + 4 ? (0..<4).reduce(0) { $0 << 8 | Int(head[offset + $1]) } : 0 }
        return (PixelSize(width: bigEndian(16), height: bigEndian(20)), head.count > 28 && head[28] == 1)
    }

    private static func problem(_ v: UnsafeMutablePointer<vitrine_png>, _ budget: DecodeBudget) -> ImageProblem {
        if v.pointee.over_time != 0 { return budget.overTime(.png) }
        return .corruptData(.png, "cannot decode it (libpng: \(text(v.pointee.message)))")
    }

    private static func text<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
    }

    private static func decode(_ v: UnsafeMutablePointer<vitrine_png>, header: (size: PixelSize, interlaced: Bool), fileBytesHeld: Int,
                               covering target: PixelSize?, budget: DecodeBudget, memoryBytes: Int,
                               background: Color) throws(ImageProblem) -> DecodedImage {
        var passes: Int32 = 0
        v.pointee.deadline = budget.deadline  // Checked at each read of the file, within a row too.
        // The size, from the IHDR the probe checked, decides how an interlaced picture's passes come.
        let (stored, interlaced) = header
        let wanted = target.map { DecodeScale.boxFactor(stored: stored, covering: $0) } ?? 1
        let wholeBytes = stored.width * stored.height * 4 + stored.width * 4 + fileBytesHeld
        let decodesWhole = interlaced && wanted == 1 && wholeBytes <= memoryBytes
        // The least factor from the card's whose buffers fit: a picture that would not is decoded smaller.
        var factor = interlaced && !decodesWhole ? max(wanted, 2) : wanted
        while memoryNeeded(stored, factor: factor, interlaced: interlaced, fileBytes: fileBytesHeld) > memoryBytes,
              factor < max(stored.width, stored.height) {
            factor += 1
        }
        let needed = decodesWhole ? wholeBytes : memoryNeeded(stored, factor: factor, interlaced: interlaced, fileBytes: fileBytesHeld)
        if needed > memoryBytes { throw overMemory(needed, stored, limit: memoryBytes) }
        guard vitrine_png_start(v, &passes, decodesWhole ? 1 : 0) != 0 else { throw problem(v, budget) }
        let png = v.pointee.png, info = v.pointee.info
        guard stored == PixelSize(width: Int(png_get_image_width(png, info)), height: Int(png_get_image_height(png, info))),
              png_get_rowbytes(png, info) == stored.width * 4, (passes > 1) == interlaced else {
            throw .corruptData(.png, "rows of \(png_get_rowbytes(png, info)) bytes where \(stored.width * 4) were expected")
        }
        let surface: Surface
        var sawTransparency = false
        if decodesWhole {
            let whole = try makeSurface(stored)
            let s = whole.pointer.pointee
            guard let base = s.pixels?.assumingMemoryBound(to: UInt8.self) else { throw .overLimit(.png, "no pixels") }
            for _ in 0..<passes {
                for y in 0..<stored.height {
                    guard vitrine_png_read_row(v, base + y * Int(s.pitch)) != 0 else { throw problem(v, budget) }
                    try budget.check(.png)
                }
            }
            sawTransparency = whole.composite(over: background)
            surface = whole
        } else if interlaced {
            (surface, sawTransparency) = factor <= 16
                ? try readPassesShrinking(v, stored: stored, factor: factor, budget: budget, background: background, sum: UInt16.self)
                : try readPassesShrinking(v, stored: stored, factor: factor, budget: budget, background: background, sum: UInt32.self)
        } else {
            (surface, sawTransparency) = try readShrinking(v, stored: stored, factor: factor, budget: budget, background: background)
        }
        var decoded = DecodedImage(surface: surface, notes: [])
        decoded.decodeBytes = needed
        if sawTransparency { decoded.noteTransparency(over: background) }
        if v.pointee.warnings > 0 { decoded.notes.append("libpng warned: \(text(v.pointee.first_warning))") }
        return decoded
    }

    /// The bytes a decode shrinking by `factor` holds by its own count: the picture it gives (4 bytes a pixel), a
    /// row of the stored picture (4 bytes a pixel, twice: libpng's and ours), the sums of the boxes (interlaced:
    /// all of them, three of 2 bytes each, or of 4 past a factor of 16, where 2 bytes could overflow; else a row of
    /// them, three of 4 bytes), and the file's bytes held.
    static func memoryNeeded(_ stored: PixelSize, factor: Int, interlaced: Bool, fileBytes: Int) -> Int {
        let out = DecodeScale.boxed(stored, factor)
        let sums = interlaced ? out.width * out.height * 3 * (factor <= 16 ? 2 : 4) : out.width * 3 * 4
        return out.width * out.height * 4 + stored.width * 8 + sums + fileBytes
    }

    private static func overMemory(_ needed: Int, _ stored: PixelSize, limit: Int) -> ImageProblem {
        .overLimit(.png, "decoding this PNG needs about \(needed / 1_048_576) MiB (\(stored.width)x\(stored.height)), over the "
                   + "\(limit / 1_048_576) MiB decode memory limit")
    }

    private static func makeSurface(_ size: PixelSize) throws(ImageProblem) -> Surface {
        do throws(SDLError) { return try Surface(size: size) } catch { throw .overLimit(.png, "no memory for a \(size.width)x\(size.height) picture") }
    }

    /// Reads the rows one by one, composites each over black, and averages boxes of `factor` x `factor` into the
    /// result: memory for one row and one row of sums beside the result.
    private static func readShrinking(_ v: UnsafeMutablePointer<vitrine_png>, stored: PixelSize, factor: Int,
                                      budget: DecodeBudget, background: Color) throws(ImageProblem) -> (Surface, Bool) {
        let under = [background.blue, background.green, background.red]  // Rows come as B, G, R, A.
        let out = DecodeScale.boxed(stored, factor)
        let surface = try makeSurface(out)
        let s = surface.pointer.pointee
        guard let base = s.pixels?.assumingMemoryBound(to: UInt8.self) else { throw .overLimit(.png, "no pixels") }
        var row = [UInt8](repeating: 0, count: stored.width * 4)
        var sums = [UInt32](repeating: 0, count: out.width * 4)
        var sawTransparency = false
        var rowsInBox = 0
        for y in 0..<stored.height {
            let ok = row.withUnsafeMutableBufferPointer { vitrine_png_read_row(v, $0.baseAddress) }
            guard ok != 0 else { throw problem(v, budget) }
            try budget.check(.png)
            for x in 0..<stored.width {
                let p = x * 4
                let a = UInt32(row[p + 3])
                if a != 255 { sawTransparency = true }
                let o = x / factor * 4
                for c in 0..<3 { sums[o + c] += Surface.over(UInt32(row[p + c]), under[c], a) }
            }
            rowsInBox += 1
            guard rowsInBox == factor || y == stored.height - 1 else { continue }
            let target = base + (y / factor) * Int(s.pitch)
            for ox in 0..<out.width {
                let count = UInt32(min(factor, stored.width - ox * factor) * rowsInBox)
                for c in 0..<3 { target[ox * 4 + c] = UInt8((sums[ox * 4 + c] + count / 2) / count) }
                target[ox * 4 + 3] = 255
            }
            for i in sums.indices { sums[i] = 0 }
            rowsInBox = 0
        }
        return (surface, sawTransparency)
    }

    /// Adam7's passes: the first column and row of each, and the steps between its columns and rows.
    static let adam7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

    /// Reads an interlaced picture's passes, each as its own rows, composites each pixel over black and adds it to
    /// the sums of the `factor` x `factor` box it falls in: memory for one row and three sums a box beside the
    /// result, where the whole picture took 4 bytes a pixel (a 4900x4900 one, 92 MiB).
    private static func readPassesShrinking<Sum: FixedWidthInteger & UnsignedInteger>(
        _ v: UnsafeMutablePointer<vitrine_png>, stored: PixelSize, factor: Int, budget: DecodeBudget, background: Color,
        sum: Sum.Type) throws(ImageProblem) -> (Surface, Bool) {
        let under = [background.blue, background.green, background.red]  // Rows come as B, G, R, A.
        let out = DecodeScale.boxed(stored, factor)
        let surface = try makeSurface(out)
        let s = surface.pointer.pointee
        guard let base = s.pixels?.assumingMemoryBound(to: UInt8.self) else { throw .overLimit(.png, "no pixels") }
        var row = [UInt8](repeating: 0, count: stored.width * 4)
        var sums = [Sum](repeating: 0, count: out.width * out.height * 3)
        var sawTransparency = false
        for (x0, y0, dx, dy) in adam7 {
            let columns = (stored.width - x0 + dx - 1) / dx, rows = (stored.height - y0 + dy - 1) / dy
            guard columns > 0, rows > 0 else { continue }  // libpng skips an empty pass.
            for r in 0..<rows {
                let ok = row.withUnsafeMutableBufferPointer { vitrine_png_read_row(v, $0.baseAddress) }
                guard ok != 0 else { throw problem(v, budget) }
                try budget.check(.png)
                let boxRow = (y0 + r * dy) / factor * out.width * 3
                // In C: this loop, in Swift, took 5 s of a debug build for a 4900x4900 picture.
                let transparent = sums.withUnsafeMutableBytes { boxes in
                    Sum.self == UInt16.self
                        ? vitrine_png_sum_row16(row, Int32(columns), Int32(x0), Int32(dx), Int32(factor),
                                                boxes.baseAddress!.assumingMemoryBound(to: UInt16.self) + boxRow, under)
                        : vitrine_png_sum_row32(row, Int32(columns), Int32(x0), Int32(dx), Int32(factor),
                                                boxes.baseAddress!.assumingMemoryBound(to: UInt32.self) + boxRow, under)
                }
                if transparent != 0 { sawTransparency = true }
            }
        }
        for oy in 0..<out.height {
            let boxHeight = min(factor, stored.height - oy * factor)
            let target = base + oy * Int(s.pitch)
            for ox in 0..<out.width {
                let count = UInt32(min(factor, stored.width - ox * factor) * boxHeight), o = (oy * out.width + ox) * 3
                for c in 0..<3 { target[ox * 4 + c] = UInt8((UInt32(sums[o + c]) + count / 2) / count) }
                target[ox * 4 + 3] = 255
            }
        }
        return (surface, sawTransparency)
    }
}
