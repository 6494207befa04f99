import CPNG
import VitrineCore

/// Decodes PNGs with libpng into 32-bit ARGB at the size the card needs, composited over black.
///
/// libpng expands every colour type the same way (palette, greyscale with or without a transparent colour, 16-bit
/// samples) to 8-bit BGRA, under limits set on it: ``ImageLimits/maximumPixels`` a side at most,
/// ``ImageLimits/maximumPNGChunkBytes`` for a metadata chunk, ``maximumChunks`` of them. A picture bigger than the
/// card is shrunk while it is read, a row at a time, by the largest whole factor that still covers the card
/// (``DecodeScale/boxFactor(stored:covering:)``), so a 50-megapixel PNG takes a card's memory, not 200 MB. An
/// interlaced PNG needs the whole picture while its passes arrive: it must fit ``ImageLimits/decodeMemoryBytes``.
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
                       seconds: Double = ImageLimits.decodeSeconds, reading: Reading? = nil) throws(ImageProblem) -> DecodedImage {
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
                return try decode(v, covering: target, budget: budget)
            }
        }
        return try result.get()
    }

    private static func problem(_ v: UnsafeMutablePointer<vitrine_png>, _ budget: DecodeBudget) -> ImageProblem {
        if v.pointee.over_time != 0 { return budget.overTime(.png) }
        return .corruptData(.png, "cannot decode it (libpng: \(text(v.pointee.message)))")
    }

    private static func text<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
    }

    private static func decode(_ v: UnsafeMutablePointer<vitrine_png>, covering target: PixelSize?, budget: DecodeBudget) throws(ImageProblem) -> DecodedImage {
        var passes: Int32 = 0
        v.pointee.deadline = budget.deadline  // Checked at each read of the file, within a row too.
        guard vitrine_png_start(v, &passes) != 0 else { throw problem(v, budget) }
        let png = v.pointee.png, info = v.pointee.info
        let stored = PixelSize(width: Int(png_get_image_width(png, info)), height: Int(png_get_image_height(png, info)))
        guard png_get_rowbytes(png, info) == stored.width * 4 else {
            throw .corruptData(.png, "rows of \(png_get_rowbytes(png, info)) bytes where \(stored.width * 4) were expected")
        }
        let factor = target.map { DecodeScale.boxFactor(stored: stored, covering: $0) } ?? 1
        let surface: Surface
        var sawTransparency = false
        if passes > 1 {
            guard stored.width * stored.height * 4 <= ImageLimits.decodeMemoryBytes else {
                throw .overLimit(.png, "decoding this interlaced PNG needs \(stored.width * stored.height * 4 / 1_048_576) MiB "
                                 + "(\(stored.width)x\(stored.height), 4 bytes a pixel), over the \(ImageLimits.decodeMemoryBytes / 1_048_576) MiB decode memory limit")
            }
            let whole = try makeSurface(stored)
            let s = whole.pointer.pointee
            guard let base = s.pixels?.assumingMemoryBound(to: UInt8.self) else { throw .overLimit(.png, "no pixels") }
            for _ in 0..<passes {
                for y in 0..<stored.height {
                    guard vitrine_png_read_row(v, base + y * Int(s.pitch)) != 0 else { throw problem(v, budget) }
                    try budget.check(.png)
                }
            }
            sawTransparency = whole.compositeOverBlack()
            surface = factor > 1 ? try shrink(whole, by: factor) : whole
        } else {
            (surface, sawTransparency) = try readShrinking(v, stored: stored, factor: factor, budget: budget)
        }
        var notes: [String] = []
        if sawTransparency { notes.append("transparent pixels shown over black") }
        if v.pointee.warnings > 0 { notes.append("libpng warned: \(text(v.pointee.first_warning))") }
        return DecodedImage(surface: surface, notes: notes)
    }

    private static func makeSurface(_ size: PixelSize) throws(ImageProblem) -> Surface {
        do throws(SDLError) { return try Surface(size: size) } catch { throw .overLimit(.png, "no memory for a \(size.width)x\(size.height) picture") }
    }

    /// Reads the rows one by one, composites each over black, and averages boxes of `factor` x `factor` into the
    /// result: memory for one row and one row of sums beside the result.
    private static func readShrinking(_ v: UnsafeMutablePointer<vitrine_png>, stored: PixelSize, factor: Int,
                                      budget: DecodeBudget) throws(ImageProblem) -> (Surface, Bool) {
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
                for c in 0..<3 { sums[o + c] += (UInt32(row[p + c]) * a + 127) / 255 }
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

    /// `whole` (opaque ARGB) shrunk by `factor`, each pixel the average of its box.
    private static func shrink(_ whole: Surface, by factor: Int) throws(ImageProblem) -> Surface {
        let out = DecodeScale.boxed(whole.size, factor)
        let result = try makeSurface(out)
        let s = whole.pointer.pointee, t = result.pointer.pointee
        guard let input = s.pixels?.assumingMemoryBound(to: UInt8.self), let output = t.pixels?.assumingMemoryBound(to: UInt8.self) else { return whole }
        for oy in 0..<out.height {
            for ox in 0..<out.width {
                var sums = (0, 0, 0), count = 0
                for y in oy * factor..<min(whole.size.height, (oy + 1) * factor) {
                    for x in ox * factor..<min(whole.size.width, (ox + 1) * factor) {
                        let p = input + y * Int(s.pitch) + x * 4
                        sums = (sums.0 + Int(p[0]), sums.1 + Int(p[1]), sums.2 + Int(p[2]))
                        count += 1
                    }
                }
                let q = output + oy * Int(t.pitch) + ox * 4
                q[0] = UInt8((sums.0 + count / 2) / count); q[1] = UInt8((sums.1 + count / 2) / count)
                q[2] = UInt8((sums.2 + count / 2) / count); q[3] = 255
            }
        }
        return result
    }
}
