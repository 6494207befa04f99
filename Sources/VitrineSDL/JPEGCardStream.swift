import CJPEG
import CStretch
import Glibc
import VitrineCore
import VitrineSystem

/// A JPEG decoded straight into its card: each row libjpeg gives is scaled into the card at once (`CStretch`, with
/// SDL_SoftStretchLinear's arithmetic), so the whole picture is never held.
///
/// Decoded whole, an 1800x1200 photo for a 1200x800 card is an 8.6 MB picture written once and read once; for the
/// first card of a start, its fresh memory alone took about 2,100 page faults. This gives the very pixels that
/// ``ImageDecoder`` and then ``PreparedImage/stretch(_:into:path:)`` give (tested), for the pictures that path
/// only decodes and scales: an upright JPEG (no Exif turn to apply) in RGB or greyscale, at least two pixels wide.
/// Anything else, and any failure, is left to that path, which then gives the reason.
enum JPEGCardStream {
    /// Fills `target` (ARGB8888) with the aspect-fill crop of the JPEG at `path`, decoded at the least DCT scale
    /// that covers `target` and scaled with linear filtering; false when the picture is not one for this (or
    /// cannot be decoded), and the caller decodes it whole.
    static func decode(path: String, into target: Surface, exifOrientation: Bool) -> Bool {
        guard let pixels = target.pointer.pointee.pixels else { return false }
        return decode(path: path, into: pixels, pitch: Int(target.pointer.pointee.pitch), size: target.size, exifOrientation: exifOrientation)
    }

    /// ``decode(path:into:exifOrientation:)`` into ARGB8888 rows of `size` at `pixels`, `pitch` bytes apart: it
    /// needs nothing of SDL, so the first card is decoded while SDL is still being opened.
    static func decode(path: String, into pixels: UnsafeMutableRawPointer, pitch: Int, size: PixelSize, exifOrientation: Bool) -> Bool {
        // A large JPEG is read from its file a chunk at a time, as ImageDecoder reads it; a small one whole.
        if let jpeg = try? ImageDecoder.openJPEG(path: path) {
            defer { jpeg.file.close() }
            guard !exifOrientation || jpeg.info.orientation == .up, let j = vitrine_jpeg_create_file(jpeg.file.rawValue) else { return false }
            defer { vitrine_jpeg_destroy(j) }
            return decode(j, into: pixels, pitch: pitch, size: size, fileBytesHeld: JPEGDecoder.fileChunkBytes)
        }
        guard let bytes = try? ImageDecoder.readWhole(path: path), let info = try? ImageProbe.check(bytes, isWholeFile: true),
              info.format == .jpeg, !exifOrientation || info.orientation == .up else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            guard let j = vitrine_jpeg_create(buffer.baseAddress, UInt(buffer.count)) else { return false }
            defer { vitrine_jpeg_destroy(j) }
            return decode(j, into: pixels, pitch: pitch, size: size, fileBytesHeld: JPEGDecoder.fileChunkBytes)
        }
    }

    private static func decode(_ j: UnsafeMutablePointer<vitrine_jpeg>, into pixels: UnsafeMutableRawPointer, pitch: Int, size: PixelSize,
                               fileBytesHeld: Int) -> Bool {
        // The limits of JPEGDecoder, which decodes the pictures this turns down, and the process's stop.
        JPEGDecoder.applyLimits(j, stop: nil, fileBytesHeld: fileBytesHeld)
        guard vitrine_jpeg_read_header(j) != 0 else { return false }
        let colorSpace = j.pointee.info.jpeg_color_space
        guard colorSpace != JCS_CMYK, colorSpace != JCS_YCCK else { return false }
        j.pointee.info.out_color_space = JCS_EXT_BGRA  // ARGB8888's bytes on a little-endian machine; A is 255.
        let stored = PixelSize(width: Int(j.pointee.info.image_width), height: Int(j.pointee.info.image_height))
        j.pointee.info.scale_denom = 8
        j.pointee.info.scale_num = UInt32(DecodeScale.numerator(stored: stored, covering: size))
        guard vitrine_jpeg_calc_output(j) != 0 else { return false }
        if j.pointee.info.progressive_mode != 0 {  // Its coefficients packed, within what the card and rows leave.
            let rows = Int(j.pointee.info.output_width) * 4 * 3
            vitrine_jpeg_compact_coefficients(j, max(0, ImageLimits.decodeMemoryBytes - fileBytesHeld - size.width * size.height * 4 - rows))
        }
        guard vitrine_jpeg_start(j) != 0 else { return false }
        let out = PixelSize(width: Int(j.pointee.info.output_width), height: Int(j.pointee.info.output_height))
        let crop = AspectFill.sourceRect(imageSize: out, frameAspect: CardStyle.aspectRatio).pixelAligned
        guard crop.width >= 2, crop.height >= 1, crop.x >= 0, crop.y >= 0, crop.x + crop.width <= out.width,
              crop.y + crop.height <= out.height else { return false }
        var across = vitrine_stretch_axis_make(Int32(crop.width), Int32(size.width))
        var down = vitrine_stretch_axis_make(Int32(crop.height), Int32(size.height))
        // Two rows of the crop (by the parity of their index) and one for the rows outside it.
        let rowBytes = out.width * 4
        let rows = UnsafeMutableRawPointer.allocate(byteCount: rowBytes * 3, alignment: 16)
        defer { rows.deallocate() }
        let scratch = rows + 2 * rowBytes
        func read(into row: UnsafeMutableRawPointer) -> Bool {
            vitrine_jpeg_read_row(j, row.assumingMemoryBound(to: UInt8.self)) != 0
        }
        for _ in 0..<crop.y where !read(into: scratch) { return false }
        var last = -1  // The last row of the crop read.
        for y in 0..<size.height {
            var first: Int32 = 0, second: Int32 = 0, weight: Int32 = 0
            vitrine_stretch_rows(&down, Int32(y), &first, &second, &weight)
            while last < Int(second) {
                last += 1
                guard read(into: rows + (last & 1) * rowBytes) else { return false }
            }
            guard Int(first) >= last - 1 else { return false }  // Rows only move down; two are kept.
            let upper = (rows + (Int(first) & 1) * rowBytes).assumingMemoryBound(to: UInt32.self) + crop.x
            let lower = (rows + (Int(second) & 1) * rowBytes).assumingMemoryBound(to: UInt32.self) + crop.x
            vitrine_stretch_row(&across, upper, lower, weight, (pixels + y * pitch).assumingMemoryBound(to: UInt32.self))
        }
        while j.pointee.info.output_scanline < j.pointee.info.output_height {
            guard read(into: scratch) else { return false }
        }
        // Cut-off data is refused, as JPEGDecoder refuses it, with its reason.
        return vitrine_jpeg_finish(j) != 0 && j.pointee.truncated == 0
    }
}
