/// The named limits that keep a bad image file from taking the kiosk down: every accepted image is decoded within
/// all of them, and a file over one gets the placeholder and a one-line reason naming it.
public enum ImageLimits {
    /// The largest image, in pixels, that is decoded: 50 megapixels (200 MB as 32-bit pixels).
    ///
    /// A header claiming more is refused before decoding, so a small "decompression bomb" file that claims to be,
    /// say, 100000x100000 cannot make the decoder allocate tens of gigabytes. Very wide or very tall images are fine
    /// as long as their area is within the limit. The demo images are about 2 megapixels; a 8K photo is 33. The
    /// same limit applies to a GIF's first frame, which may claim more than its logical screen.
    public static let maximumPixels = 50_000_000

    /// The bytes read first to probe a file: enough for every header but a JPEG with large metadata in front.
    public static let firstReadBytes = 4 * 1024

    /// The most bytes read to find a header when only the header is wanted: a JPEG's size comes after its metadata
    /// segments (Exif thumbnails, ICC profiles, XMP); a decode reads the whole file and finds it anywhere.
    public static let headerReadLimit = 256 * 1024

    /// The largest image file that is read: 64 MiB (a 50-megapixel JPEG at high quality is about 25 MB).
    public static let maximumFileBytes = 64 * 1024 * 1024

    /// The memory a decode may take: 64 MiB, everything it holds at once counted (the file's bytes when they are
    /// held in memory, the decoder's own buffers, and the picture it gives). Why 64: the kiosk runs on boards with
    /// 512 MiB to 1 GiB shared with the GPU and the rest of the system, and it decodes a neighbour card in the
    /// background while the one on screen is shown; 64 MiB is the budget of issue 26, enough for every picture
    /// a card needs (a 4K card is 37.5 MiB) when each format is decoded at card size:
    ///
    /// - JPEG: read from its file 64 KiB at a time, decoded at the least DCT scale (N/8) that covers the card, or a
    ///   smaller one when that picture would not fit; a progressive JPEG keeps all its coefficients while decoding
    ///   (``JPEGDecoder/coefficientBytes(_:)``: 2 bytes a pixel of a 4:2:0 picture), so one over about 21
    ///   megapixels is refused before decoding starts.
    /// - PNG: read from its file a chunk at a time, shrunk to the card row by row (interlaced: its boxes summed
    ///   pass by pass, 6 bytes a box, shrunk further when they would not fit).
    /// - HEIC and AVIF: decoded by libheif in a helper process, which hands back the card-size picture (the kiosk
    ///   counts only that); libheif's own memory is counted by ``heifDecodeBytes(_:fileBytes:shown:planar:isAVIF:deep:)``
    ///   against the helper's ``heifHelperMemoryBytes`` (without the helper, against this budget).
    /// - GIF, BMP and WebP: decoded whole (``wholeDecodeBytesPerPixel``), checked before the file is read.
    public static let decodeMemoryBytes = 64 * 1024 * 1024

    /// The bytes a pixel a picture decoded whole is counted at against ``decodeMemoryBytes``: GIF, BMP and WebP
    /// (only JPEG and PNG are decoded at card size) are decoded into 32-bit pixels and then copied into the card's
    /// format, 8 bytes a pixel at the peak; their files are read whole and count too, so up to about 8
    /// megapixels are decoded (as a 24-bit BMP, whose file is 3 bytes a pixel, about 6). Measured before this
    /// limit: a 678-byte 4000x4000 WebP peaked at 121 MiB, a 400 KB RLE BMP of 7000x7000 at 249 MiB, an 18 KB
    /// 4800x4800 GIF at 190 MiB; before its file counted, a 3500x3500 24-bit BMP (a 37 MB file) at 113 MiB.
    public static let wholeDecodeBytesPerPixel = 8

    /// Why a picture of `size` decoded whole at `bytesPerPixel` (plus `extraBytes`) from a file of `fileBytes`
    /// held in memory is refused, or nil when it fits ``decodeMemoryBytes``.
    public static func wholeDecodeProblem(_ format: ImageFormat, _ size: PixelSize, fileBytes: Int, bytesPerPixel: Int = wholeDecodeBytesPerPixel,
                                          extraBytes: Int = 0) -> ImageProblem? {
        let needed = size.width * size.height * bytesPerPixel + extraBytes + fileBytes
        guard needed > decodeMemoryBytes else { return nil }
        return .overLimit(format, "decoding this \(format.rawValue) needs about \(needed / 1_048_576) MiB (\(size.width)x\(size.height), "
                          + "decoded whole at \(bytesPerPixel) bytes a pixel, and its \(fileBytes / 1024) KiB file), over the "
                          + "\(decodeMemoryBytes / 1_048_576) MiB decode memory limit; convert it to JPEG to show it")
    }

    /// The memory libheif may take in the helper process that decodes a HEIC or AVIF (`vitrine heif-decode`, see
    /// `HEIFChild`): 112 MiB, outside the kiosk's ``decodeMemoryBytes``, which holds only the card-size picture the
    /// helper hands back. libheif 1.15 decodes the whole picture, and its codecs keep their own frames and copies of
    /// the coded data beside it whatever is asked of it (it turns every picture into RGB 4:4:4 before giving it,
    /// even when YCbCr is asked for): measured for a 4000x3000 picture with libheif alone (a C program), 81 MiB
    /// above the file for HEVC (libde265) and 93 for AV1 (dav1d), whether it gives RGBA, RGB or YCbCr. So a
    /// 12-megapixel phone photo cannot be decoded within 64 MiB in the kiosk's process; in the helper it is, and
    /// all of that memory is given back when the helper exits. Refused above it, before the helper starts: about
    /// 13 megapixels.
    public static let heifHelperMemoryBytes = 112 * 1024 * 1024

    /// The memory a HEIC (or, `isAVIF`, an AVIF) picture of `size` in a file of `fileBytes`, shrunk to `shown`
    /// pixels (4 bytes each), is counted at against ``heifHelperMemoryBytes``: 7 bytes a pixel for libde265 (6.3
    /// measured), 8.5 for dav1d (8.0), 4 more for a picture with alpha or more than 8 bits (`planar` false), 5 more
    /// again for more than 8 bits (`deep`: every plane, the codec's, libheif's copy and its RGB 4:4:4, takes two bytes
    /// a sample; a 4032x3024 10-bit AVIF took 204 MiB, 17.5 bytes a pixel), and the file twice (itself and libheif's
    /// copy of its coded data).
    public static func heifDecodeBytes(_ size: PixelSize, fileBytes: Int, shown: PixelSize, planar: Bool = true, isAVIF: Bool = false,
                                       deep: Bool = false) -> Int {
        size.width * size.height * ((isAVIF ? 17 : 14) + (planar ? 0 : 8) + (deep ? 10 : 0)) / 2 + fileBytes * 2 + shown.width * shown.height * 4
    }

    /// The most scans a progressive JPEG may have: real files have about 10; thousands of tiny refinement scans
    /// are a known way to make a small file take minutes of CPU.
    public static let maximumProgressiveScans = 100

    /// The longest a JPEG or PNG decode may take, in seconds of the decoding thread's CPU time, before it is
    /// abandoned with a reason. HEIC and AVIF, which libheif 1.15 cannot interrupt, are decoded in a helper process
    /// held to this much CPU time (`RLIMIT_CPU`) and killed when the decode is abandoned (a 12-megapixel photo
    /// takes about 1.1 s).
    public static let decodeSeconds = 5.0

    /// The largest ancillary PNG chunk (text, ICC profile, …) that is read: 8 MiB, libpng's own default.
    public static let maximumPNGChunkBytes = 8 * 1024 * 1024

    /// The size of the picture a decode aims for when the card's size is not known yet: 4K, so a decode never
    /// keeps more than a large screen needs.
    public static let defaultDecodeSize = PixelSize(width: 3840, height: 2560)
}
