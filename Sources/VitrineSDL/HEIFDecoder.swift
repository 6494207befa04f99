import CHeif
import VitrineCore

/// Decodes HEIC and AVIF photos with libheif, opened when the first one is met (see `CHeif`'s shim; HEVC through
/// libde265, AV1 through dav1d): the primary image, turned
/// and mirrored as its `irot` and `imir` boxes say, into 32-bit ARGB composited over black.
///
/// libheif decodes at full size, so the primary image must fit ``ImageLimits/heifDecodeMemoryBytes`` at
/// ``ImageLimits/heifBytesPerPixel`` (a 12-megapixel phone photo fits; a 24-megapixel one does not); its width and
/// height are held to 32768 each before any decoding (`heif_context_set_maximum_image_size_limit`).
enum HEIFDecoder {
    /// The largest width or height libheif is allowed to decode.
    static let maximumSide: Int32 = 32_768

    /// Decodes `bytes`, a whole HEIF file.
    static func decode(_ bytes: [UInt8]) throws(ImageProblem) -> DecodedImage {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ImageProblem) -> DecodedImage in try decode(buffer, name: ImageProbe.heifBrand(of: bytes) ?? "HEIF") }
        }
        return try result.get()
    }

    private static func check(_ error: heif_error, _ name: String) throws(ImageProblem) {
        guard error.code != heif_error_Ok else { return }
        let message = error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)"
        throw .corruptData(.heif, "cannot decode this \(name) (libheif: \(message)); convert it to JPEG first "
                           + "(for example with heif-convert, from Debian's libheif-examples)")
    }

    private static func decode(_ buffer: UnsafeRawBufferPointer, name: String) throws(ImageProblem) -> DecodedImage {
        guard let heif = vitrine_heif()?.pointee else {
            throw .unsupportedFormat(name, hint: "libheif is not installed (apt-get install libheif1), or convert it to JPEG first "
                                     + "(for example with heif-convert, from Debian's libheif-examples)")
        }
        guard let context = heif.context_alloc!() else { throw .overLimit(.heif, "out of memory starting the HEIF decoder") }
        defer { heif.context_free!(context) }
        heif.context_set_maximum_image_size_limit!(context, maximumSide)
        try check(heif.context_read_from_memory_without_copy!(context, buffer.baseAddress, buffer.count, nil), name)
        var handle: OpaquePointer?
        try check(heif.context_get_primary_image_handle!(context, &handle), name)
        guard let handle else { throw .corruptData(.heif, "no primary image") }
        defer { heif.image_handle_release!(handle) }
        let size = PixelSize(width: Int(heif.image_handle_get_width!(handle)), height: Int(heif.image_handle_get_height!(handle)))
        guard size.width > 0, size.height > 0, size.width * size.height <= ImageLimits.maximumPixels else {
            throw .tooManyPixels(.heif, size, limit: ImageLimits.maximumPixels)
        }
        let needed = ImageLimits.heifDecodeBytes(size)
        guard needed <= ImageLimits.heifDecodeMemoryBytes else {
            throw .overLimit(.heif, "decoding this \(name) needs about \(needed / 1_048_576) MiB (\(size.width)x\(size.height) at full size), over "
                             + "the \(ImageLimits.heifDecodeMemoryBytes / 1_048_576) MiB limit for HEIC and AVIF")
        }
        var image: OpaquePointer?
        try check(heif.decode_image!(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, nil), name)
        guard let image else { throw .corruptData(.heif, "no pixels") }
        defer { heif.image_release!(image) }
        var stride: Int32 = 0
        let width = Int(heif.image_get_width!(image, heif_channel_interleaved)), height = Int(heif.image_get_height!(image, heif_channel_interleaved))
        guard let plane = heif.image_get_plane_readonly!(image, heif_channel_interleaved, &stride), width > 0, height > 0 else {
            throw .corruptData(.heif, "no pixels")
        }
        let surface: Surface
        do throws(SDLError) { surface = try Surface(size: PixelSize(width: width, height: height)) } catch { throw .overLimit(.heif, error.message) }
        let s = surface.pointer.pointee
        guard let base = s.pixels?.assumingMemoryBound(to: UInt32.self) else { throw .overLimit(.heif, "no pixels") }
        for y in 0..<height {
            let row = plane + y * Int(stride), out = base + y * Int(s.pitch) / 4
            for x in 0..<width {
                let p = row + x * 4  // R, G, B, A.
                out[x] = UInt32(p[3]) << 24 | UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
            }
        }
        var notes = ["decoded from \(name) with libheif"]
        if surface.compositeOverBlack() { notes.append("transparent pixels shown over black") }
        return DecodedImage(surface: surface, notes: notes)
    }
}
