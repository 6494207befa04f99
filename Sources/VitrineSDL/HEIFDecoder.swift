internal import CHeif
import VitrineCore

/// Decodes HEIC and AVIF photos with libheif, opened when the first one is met (see `CHeif`'s shim; HEVC through
/// libde265, AV1 through dav1d): the primary image, turned
/// and mirrored as its `irot` and `imir` boxes say, into 32-bit ARGB composited over black, shrunk by whole boxes to
/// the size the card needs as it is copied (``DecodeScale/boxFactor(stored:covering:)``, as PNGs are).
///
/// libheif decodes at full size, so the primary image must fit ``ImageLimits/heifDecodeMemoryBytes`` as
/// ``ImageLimits/heifDecodeBytes(_:fileBytes:shown:)`` counts it (about 15 megapixels at most); its width and
/// height are held to 32768 each before any decoding (`heif_context_set_maximum_image_size_limit`).
enum HEIFDecoder {
    /// The largest width or height libheif is allowed to decode.
    static let maximumSide: Int32 = 32_768

    /// Decodes `bytes`, a whole HEIF file, shrunk to cover `target` (nil: full size).
    static func decode(_ bytes: [UInt8], covering target: PixelSize?) throws(ImageProblem) -> DecodedImage {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ImageProblem) -> DecodedImage in
                try decode(buffer, name: ImageProbe.heifBrand(of: bytes) ?? "HEIF", covering: target)
            }
        }
        return try result.get()
    }

    private static func check(_ error: heif_error, _ name: String) throws(ImageProblem) {
        guard error.code != heif_error_Ok else { return }
        let message = error.message.map { String(cString: $0) } ?? "error \(error.code.rawValue)"
        throw .corruptData(.heif, "cannot decode this \(name) (libheif: \(message)); convert it to JPEG first "
                           + "(for example with heif-convert, from Debian's libheif-examples)")
    }

    private static func decode(_ buffer: UnsafeRawBufferPointer, name: String, covering target: PixelSize?) throws(ImageProblem) -> DecodedImage {
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
        let shown = DecodeScale.boxed(size, target.map { DecodeScale.boxFactor(stored: size, covering: $0) } ?? 1)
        let needed = ImageLimits.heifDecodeBytes(size, fileBytes: buffer.count, shown: shown)
        guard needed <= ImageLimits.heifDecodeMemoryBytes else {
            throw .overLimit(.heif, "decoding this \(name) needs about \(needed / 1_048_576) MiB (\(size.width)x\(size.height) decoded whole, "
                             + "shown at \(shown.width)x\(shown.height), and its \(buffer.count / 1024) KiB file), over the "
                             + "\(ImageLimits.heifDecodeMemoryBytes / 1_048_576) MiB HEIF decode memory limit; convert it to JPEG to show it")
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
        let stored = PixelSize(width: width, height: height)
        let (surface, sawTransparency) = try shrink(plane, stride: Int(stride), stored: stored,
                                                    factor: target.map { DecodeScale.boxFactor(stored: stored, covering: $0) } ?? 1)
        var notes = ["decoded from \(name) with libheif"]
        if sawTransparency { notes.append("transparent pixels shown over black") }
        var decoded = DecodedImage(surface: surface, notes: notes)
        decoded.wholeSize = stored
        return decoded
    }

    /// libheif's RGBA rows (`stride` bytes apart) composited over black and averaged by boxes of `factor` x `factor`
    /// into a new ARGB surface: the picture is never held twice at full size (a 12-megapixel one is 46 MiB).
    private static func shrink(_ plane: UnsafePointer<UInt8>, stride: Int, stored: PixelSize,
                               factor: Int) throws(ImageProblem) -> (Surface, Bool) {
        let out = DecodeScale.boxed(stored, factor)
        let surface: Surface
        do throws(SDLError) { surface = try Surface(size: out) } catch { throw .overLimit(.heif, error.message) }
        guard let s = surface.pixelRows else { throw .overLimit(.heif, "no pixels") }
        let base = s.base.assumingMemoryBound(to: UInt32.self)
        var sums = [UInt32](repeating: 0, count: out.width * 3)
        var sawTransparency = false
        for oy in 0..<out.height {
            let rows = min(factor, stored.height - oy * factor)
            for i in sums.indices { sums[i] = 0 }
            for r in 0..<rows {
                let row = plane + (oy * factor + r) * stride
                for x in 0..<stored.width {
                    let p = row + x * 4  // R, G, B, A.
                    let a = UInt32(p[3]), o = x / factor * 3
                    if a != 255 { sawTransparency = true }
                    for c in 0..<3 { sums[o + c] += (UInt32(p[c]) * a + 127) / 255 }
                }
            }
            let target = base + oy * s.pitch / 4
            for ox in 0..<out.width {
                let count = UInt32(min(factor, stored.width - ox * factor) * rows), o = ox * 3
                let (r, g, b) = ((sums[o] + count / 2) / count, (sums[o + 1] + count / 2) / count, (sums[o + 2] + count / 2) / count)
                target[ox] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        return (surface, sawTransparency)
    }
}
