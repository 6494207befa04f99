import CPNG
import VitrineCore

/// Decodes PNGs with libpng's simplified API into 32-bit ARGB, composited over black.
///
/// libpng expands every colour type the same way (palette, greyscale with or without a transparent colour, 16-bit
/// samples) to 8-bit BGRA, so a grey picture with a `tRNS` colour gets its grey and its transparency. The chunk
/// lengths were checked by ``ImageProbe`` before this runs; the whole picture must fit
/// ``ImageLimits/decodeMemoryBytes``.
enum PNGDecoder {
    /// Decodes `bytes`, a whole PNG file.
    static func decode(_ bytes: [UInt8]) throws(ImageProblem) -> DecodedImage {
        // libpng reads from the bytes between the two calls, so both run inside one borrow of them.
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ImageProblem) in try decode(buffer) }
        }
        return try result.get()
    }

    private static func decode(_ buffer: UnsafeRawBufferPointer) throws(ImageProblem) -> DecodedImage {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        guard png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count) != 0 else { throw problem(image) }
        let size = PixelSize(width: Int(image.width), height: Int(image.height))
        let needed = size.width * size.height * 4
        guard needed <= ImageLimits.decodeMemoryBytes else {
            throw .overLimit(.png, "decoding it needs \(needed / 1_048_576) MiB (\(size.width)x\(size.height), 4 bytes a pixel), over the "
                             + "\(ImageLimits.decodeMemoryBytes / 1_048_576) MiB decode memory limit")
        }
        image.format = UInt32(PNG_FORMAT_BGRA)  // ARGB8888's bytes on a little-endian machine.
        let surface: Surface
        do throws(SDLError) { surface = try Surface(size: size) } catch {
            throw .overLimit(.png, "no memory for a \(size.width)x\(size.height) picture")
        }
        let s = surface.pointer.pointee
        guard png_image_finish_read(&image, nil, s.pixels, Int32(s.pitch), nil) != 0 else { throw problem(image) }
        var notes: [String] = []
        if surface.compositeOverBlack() { notes.append("transparent pixels shown over black") }
        if image.warning_or_error & UInt32(PNG_IMAGE_WARNING) != 0 { notes.append("libpng warned: \(message(image))") }
        return DecodedImage(surface: surface, notes: notes)
    }

    private static func message(_ image: png_image) -> String {
        withUnsafeBytes(of: image.message) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
    }

    private static func problem(_ image: png_image) -> ImageProblem {
        .corruptData(.png, "cannot decode it (libpng: \(message(image)))")
    }
}
