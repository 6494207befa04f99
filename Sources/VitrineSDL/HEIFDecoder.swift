internal import CHeif
import VitrineCore

/// Decodes HEIC and AVIF photos with libheif, opened when the first one is met (see `CHeif`'s shim; HEVC through
/// libde265, AV1 through dav1d): the primary image, turned
/// and mirrored as its `irot` and `imir` boxes say, into 32-bit ARGB composited over the background, shrunk by whole boxes to
/// the size the card needs as it is copied (``DecodeScale/boxFactor(stored:covering:)``, as PNGs are).
///
/// libheif decodes at full size, so the primary image must fit the limit it is given as
/// ``ImageLimits/heifDecodeBytes(_:fileBytes:shown:planar:isAVIF:deep:)`` counts it: ``ImageLimits/heifHelperMemoryBytes``
/// in the helper process the kiosk decodes HEIC and AVIF in (``HEIFHelper``), ``ImageLimits/decodeMemoryBytes`` in
/// the kiosk's own process when there is no helper (a 12-megapixel photo is then refused). Its width and height
/// are held to 32768 each before any decoding (`heif_context_set_maximum_image_size_limit`). Every picture is taken
/// as libheif's RGB 4:4:4 planes (8 bits a sample or more, with its alpha plane), the form libheif 1.15 makes of it
/// whatever is asked, and composited and shrunk as they are read (`vitrine_heif_sum_planes`).
enum HEIFDecoder {
    /// The largest width or height libheif is allowed to decode.
    static let maximumSide: Int32 = 32_768

    /// Decodes `bytes`, a whole HEIF file, shrunk to cover `target` (nil: full size).
    /// `limit` is the memory the decode may take (``ImageLimits/heifHelperMemoryBytes`` in the helper process,
    /// ``ImageLimits/decodeMemoryBytes`` in the kiosk's own).
    static func decode(_ bytes: [UInt8], covering target: PixelSize?, background: Color = .black,
                       limit: Int = ImageLimits.decodeMemoryBytes) throws(ImageProblem) -> DecodedImage {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ImageProblem) -> DecodedImage in
                try decode(buffer, name: ImageProbe.heifBrand(of: bytes) ?? "HEIF", covering: target, background: background, limit: limit)
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

    private static func decode(_ buffer: UnsafeRawBufferPointer, name: String, covering target: PixelSize?,
                               background: Color, limit: Int) throws(ImageProblem) -> DecodedImage {
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
        // Counted as libheif's RGB 4:4:4 planes beside its codec's: more with alpha, more again with more than 8 bits.
        let deep = heif.image_handle_get_luma_bits_per_pixel!(handle) > 8
        let planar = heif.image_handle_has_alpha_channel!(handle) == 0 && !deep
        // A picture whose copy at card size would not fit beside libheif's is shown smaller, by up to twice the
        // factor (a 3648x2736 AVIF for a 1920x1280 card: 1824x1368).
        let least = target.map { DecodeScale.boxFactor(stored: size, covering: $0) } ?? 1
        func counted(_ factor: Int) -> Int {
            ImageLimits.heifDecodeBytes(size, fileBytes: buffer.count, shown: DecodeScale.boxed(size, factor), planar: planar,
                                    isAVIF: name == "AVIF", deep: deep)
        }
        var factor = least
        while counted(factor) > limit, factor < max(2, least * 2) { factor += 1 }
        let shown = DecodeScale.boxed(size, factor), needed = counted(factor)
        if let problem = problem(name: name, size: size, shown: shown, fileBytes: buffer.count, needed: needed, limit: limit) { throw problem }
        let extra = factor - least
        // libheif 1.15 turns every picture into RGB 4:4:4 planes before it gives it, whatever is asked for (its
        // YCbCr 4:2:0 or interleaved RGBA are made from those, one more copy and, for YCbCr, one more rounding):
        // taken as they are, with the alpha plane when there is one, and shrunk as they are read.
        var image: OpaquePointer?
        try check(heif.decode_image!(handle, &image, heif_colorspace_RGB, heif_chroma_444, nil), name)
        guard let image else { throw .corruptData(.heif, "no pixels") }
        defer { heif.image_release!(image) }
        let (surface, sawTransparency, stored) = try shrink(image, heif: heif, covering: target, extra: extra, background: background)
        var decoded = DecodedImage(surface: surface, notes: ["decoded from \(name) with libheif"])
        if sawTransparency { decoded.noteTransparency(over: background) }
        decoded.wholeSize = stored
        decoded.extraFactor = extra
        decoded.decodeBytes = needed
        return decoded
    }

    /// Why a HEIF picture of `size`, shown at `shown`, from a file of `fileBytes` whose decode is counted at
    /// `needed` bytes is refused; nil when it fits `limit`.
    static func problem(name: String, size: PixelSize, shown: PixelSize, fileBytes: Int, needed: Int, limit: Int) -> ImageProblem? {
        guard needed > limit else { return nil }
        let whose = limit == ImageLimits.heifHelperMemoryBytes ? "HEIF decoder process's" : "decode"
        return .overLimit(.heif, "decoding this \(name) needs about \(needed / 1_048_576) MiB (\(size.width)x\(size.height) decoded whole, "
                          + "shown at \(shown.width)x\(shown.height), and its \(fileBytes / 1024) KiB file), over the "
                          + "\(limit / 1_048_576) MiB \(whose) memory limit; convert it to JPEG to show it")
    }

    /// Why the HEIF file of `fileBytes` whose first bytes are `head` (probed as `info`) is refused before it is read,
    /// counted as an 8-bit picture without alpha: libheif's own size, once it has read the file, may be smaller
    /// (cropped) but not larger than the largest `ispe` the probe found.
    static func problemBeforeReading(head: [UInt8], info: ImageInfo, fileBytes: Int, covering target: PixelSize?,
                                     limit: Int) -> ImageProblem? {
        let name = ImageProbe.heifBrand(of: head) ?? "HEIF"
        let least = target.map { DecodeScale.boxFactor(stored: info.size, covering: $0) } ?? 1
        // As the decode does: shown up to twice as small when that fits.
        for factor in least...max(2, least * 2) {
            let shown = DecodeScale.boxed(info.size, factor)
            let needed = ImageLimits.heifDecodeBytes(info.size, fileBytes: fileBytes, shown: shown, isAVIF: name == "AVIF")
            if needed <= limit { return nil }
            if factor == max(2, least * 2) {
                return problem(name: name, size: info.size, shown: shown, fileBytes: fileBytes, needed: needed, limit: limit)
            }
        }
        return nil
    }

    /// libheif's RGB 4:4:4 planes (and its alpha plane, when there is one), of 8 bits a sample or more in two bytes,
    /// composited over `background` and averaged by boxes covering `target` into a new ARGB surface, a row of boxes
    /// at a time: beside libheif's planes, only the result and one row of sums.
    private static func shrink(_ image: OpaquePointer, heif: vitrine_heif_api, covering target: PixelSize?, extra: Int,
                               background: Color) throws(ImageProblem) -> (Surface, Bool, PixelSize) {
        let channels = [heif_channel_R, heif_channel_G, heif_channel_B]
        let stored = PixelSize(width: Int(heif.image_get_width!(image, heif_channel_R)), height: Int(heif.image_get_height!(image, heif_channel_R)))
        var strides: [Int32] = [0, 0, 0], planes: [UnsafePointer<UInt8>?] = [nil, nil, nil]
        for (i, channel) in channels.enumerated() {
            planes[i] = heif.image_get_plane_readonly!(image, channel, &strides[i])
            guard planes[i] != nil, Int(heif.image_get_width!(image, channel)) == stored.width,
                  Int(heif.image_get_height!(image, channel)) == stored.height else { throw .corruptData(.heif, "no pixels") }
        }
        let bits = heif.image_get_bits_per_pixel_range!(image, heif_channel_R)
        var alphaStride: Int32 = 0
        var alpha = heif.image_get_plane_readonly!(image, heif_channel_Alpha, &alphaStride)
        if alpha != nil, Int(heif.image_get_width!(image, heif_channel_Alpha)) != stored.width
            || Int(heif.image_get_height!(image, heif_channel_Alpha)) != stored.height { alpha = nil }
        let alphaBits = alpha == nil ? 8 : heif.image_get_bits_per_pixel_range!(image, heif_channel_Alpha)
        guard stored.width > 0, stored.height > 0, (1...16).contains(bits), (1...16).contains(alphaBits) else {
            throw .corruptData(.heif, "no pixels")
        }
        let factor = (target.map { DecodeScale.boxFactor(stored: stored, covering: $0) } ?? 1) + extra
        let out = DecodeScale.boxed(stored, factor)
        let surface: Surface
        do throws(SDLError) { surface = try Surface(size: out) } catch { throw .overLimit(.heif, error.message) }
        let under = [background.red, background.green, background.blue]
        var sums = [UInt32](repeating: 0, count: out.width * 3)
        var sawTransparency = false
        surface.forEachRowIndex { oy, row in
            let rows = min(factor, stored.height - oy * factor)
            for i in sums.indices { sums[i] = 0 }
            let transparent = sums.withUnsafeMutableBufferPointer { s in
                vitrine_heif_sum_planes(planes, strides, bits, alpha, alphaStride, alphaBits, Int32(stored.width), Int32(oy * factor),
                                        Int32(rows), Int32(factor), under, s.baseAddress)
            }
            if transparent != 0 { sawTransparency = true }
            let target = row.assumingMemoryBound(to: UInt32.self)
            for ox in 0..<out.width {
                let count = UInt32(min(factor, stored.width - ox * factor) * rows), o = ox * 3
                let (r, g, b) = ((sums[o] + count / 2) / count, (sums[o + 1] + count / 2) / count, (sums[o + 2] + count / 2) / count)
                target[ox] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        return (surface, sawTransparency, stored)
    }
}
