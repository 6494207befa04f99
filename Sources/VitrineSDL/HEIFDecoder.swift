internal import CHeif
import VitrineCore

/// Decodes HEIC and AVIF photos with libheif, opened when the first one is met (see `CHeif`'s shim; HEVC through
/// libde265, AV1 through dav1d): the primary image, turned
/// and mirrored as its `irot` and `imir` boxes say, into 32-bit ARGB composited over black, shrunk by whole boxes to
/// the size the card needs as it is copied (``DecodeScale/boxFactor(stored:covering:)``, as PNGs are).
///
/// libheif decodes at full size, so the primary image must fit the limit it is given as
/// ``ImageLimits/heifDecodeBytes(_:fileBytes:shown:planar:isAVIF:)`` counts it: ``ImageLimits/heifHelperMemoryBytes``
/// in the helper process the kiosk decodes HEIC and AVIF in (``HEIFHelper``), ``ImageLimits/decodeMemoryBytes`` in
/// the kiosk's own process when there is no helper (a 12-megapixel photo is then refused). Its width and height
/// are held to 32768 each before any decoding (`heif_context_set_maximum_image_size_limit`). Pictures without
/// alpha, 8 bits a sample, are taken as libheif's YCbCr 4:2:0 planes and turned into RGB as they are shrunk.
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
        // libheif's YCbCr 4:2:0 planes (1.5 bytes a pixel) converted and shrunk a box row at a time, rather than its
        // interleaved RGBA (4 more bytes a pixel); pictures with alpha or more than 8 bits still come as RGBA.
        let planar = heif.image_handle_has_alpha_channel!(handle) == 0 && heif.image_handle_get_luma_bits_per_pixel!(handle) == 8
        // A picture whose copy at card size would not fit beside libheif's is shown smaller, by up to twice the
        // factor (a 3648x2736 AVIF for a 1920x1280 card: 1824x1368).
        let least = target.map { DecodeScale.boxFactor(stored: size, covering: $0) } ?? 1
        func counted(_ factor: Int) -> Int {
            ImageLimits.heifDecodeBytes(size, fileBytes: buffer.count, shown: DecodeScale.boxed(size, factor), planar: planar, isAVIF: name == "AVIF")
        }
        var factor = least
        while counted(factor) > limit, factor < max(2, least * 2) { factor += 1 }
        let shown = DecodeScale.boxed(size, factor), needed = counted(factor)
        if let problem = problem(name: name, size: size, shown: shown, fileBytes: buffer.count, needed: needed, limit: limit) { throw problem }
        let extra = factor - least
        var image: OpaquePointer?
        try check(heif.decode_image!(handle, &image, planar ? heif_colorspace_YCbCr : heif_colorspace_RGB,
                                     planar ? heif_chroma_420 : heif_chroma_interleaved_RGBA, nil), name)
        guard let image else { throw .corruptData(.heif, "no pixels") }
        defer { heif.image_release!(image) }
        let (surface, sawTransparency, stored): (Surface, Bool, PixelSize)
        if planar {
            (surface, stored) = try shrinkPlanar(image, heif: heif, handle: handle, covering: target, extra: extra)
            sawTransparency = false
        } else {
            var stride: Int32 = 0
            let width = Int(heif.image_get_width!(image, heif_channel_interleaved)), height = Int(heif.image_get_height!(image, heif_channel_interleaved))
            guard let plane = heif.image_get_plane_readonly!(image, heif_channel_interleaved, &stride), width > 0, height > 0 else {
                throw .corruptData(.heif, "no pixels")
            }
            stored = PixelSize(width: width, height: height)
            (surface, sawTransparency) = try shrink(plane, stride: Int(stride), stored: stored,
                                                    factor: (target.map { DecodeScale.boxFactor(stored: stored, covering: $0) } ?? 1) + extra,
                                                    background: background)
        }
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

    /// The matrix libheif's YCbCr samples are turned into RGB with: the decoded picture's colour profile, else
    /// the file's, else libheif's default (BT.601, full range).
    private static func matrix(_ image: OpaquePointer, handle: OpaquePointer, heif: vitrine_heif_api) -> vitrine_heif_matrix {
        var profile: UnsafeMutablePointer<heif_color_profile_nclx>?
        if heif.image_get_nclx_color_profile!(image, &profile).code != heif_error_Ok || profile == nil {
            profile = nil
            if heif.image_handle_get_nclx_color_profile!(handle, &profile).code != heif_error_Ok { profile = nil }
        }
        guard let profile else { return vitrine_heif_matrix_make(6, 1) }
        defer { heif.nclx_color_profile_free!(profile) }
        return vitrine_heif_matrix_make(Int32(profile.pointee.matrix_coefficients.rawValue), Int32(profile.pointee.full_range_flag))
    }

    /// libheif's 8-bit YCbCr planes turned into RGB and averaged by boxes covering `target` into a new ARGB
    /// surface, a row of boxes at a time: beside libheif's planes, only the result and one row of sums.
    private static func shrinkPlanar(_ image: OpaquePointer, heif: vitrine_heif_api, handle: OpaquePointer,
                                     covering target: PixelSize?, extra: Int) throws(ImageProblem) -> (Surface, PixelSize) {
        var luma: Int32 = 0, blueStride: Int32 = 0, redStride: Int32 = 0
        let stored = PixelSize(width: Int(heif.image_get_width!(image, heif_channel_Y)), height: Int(heif.image_get_height!(image, heif_channel_Y)))
        let chroma = PixelSize(width: Int(heif.image_get_width!(image, heif_channel_Cb)), height: Int(heif.image_get_height!(image, heif_channel_Cb)))
        guard let y = heif.image_get_plane_readonly!(image, heif_channel_Y, &luma), let cb = heif.image_get_plane_readonly!(image, heif_channel_Cb, &blueStride),
              let cr = heif.image_get_plane_readonly!(image, heif_channel_Cr, &redStride), stored.width > 0, stored.height > 0,
              chroma.width > 0, chroma.height > 0, heif.image_get_width!(image, heif_channel_Cr) == chroma.width,
              heif.image_get_height!(image, heif_channel_Cr) == chroma.height else {
            throw .corruptData(.heif, "no pixels")
        }
        let subX = chroma.width < stored.width ? 2 : 1, subY = chroma.height < stored.height ? 2 : 1
        guard (stored.width + subX - 1) / subX <= chroma.width, (stored.height + subY - 1) / subY <= chroma.height else {
            throw .corruptData(.heif, "its colour planes are smaller than its picture")
        }
        var m = matrix(image, handle: handle, heif: heif)
        let factor = (target.map { DecodeScale.boxFactor(stored: stored, covering: $0) } ?? 1) + extra
        let out = DecodeScale.boxed(stored, factor)
        let surface: Surface
        do throws(SDLError) { surface = try Surface(size: out) } catch { throw .overLimit(.heif, error.message) }
        var sums = [UInt32](repeating: 0, count: out.width * 3)
        try surface.forEachRowIndex { oy, row throws(ImageProblem) in
            let rows = min(factor, stored.height - oy * factor)
            for i in sums.indices { sums[i] = 0 }
            sums.withUnsafeMutableBufferPointer { s in
                vitrine_heif_sum_rows(y, luma, cb, blueStride, cr, redStride, Int32(stored.width), Int32(oy * factor), Int32(rows),
                                      Int32(subX), Int32(subY), Int32(factor), &m, s.baseAddress)
            }
            let target = row.assumingMemoryBound(to: UInt32.self)
            for ox in 0..<out.width {
                let count = UInt32(min(factor, stored.width - ox * factor) * rows), o = ox * 3
                let (r, g, b) = ((sums[o] + count / 2) / count, (sums[o + 1] + count / 2) / count, (sums[o + 2] + count / 2) / count)
                target[ox] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        return (surface, stored)
    }

    /// libheif's RGBA rows (`stride` bytes apart) composited over black and averaged by boxes of `factor` x `factor`
    /// into a new ARGB surface: the picture is never held twice at full size (a 12-megapixel one is 46 MiB).
    private static func shrink(_ plane: UnsafePointer<UInt8>, stride: Int, stored: PixelSize,
                               factor: Int, background: Color) throws(ImageProblem) -> (Surface, Bool) {
        let under = [background.red, background.green, background.blue]
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
                    for c in 0..<3 { sums[o + c] += Surface.over(UInt32(p[c]), under[c], a) }
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
