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

    /// The memory a decode may take, the file's bytes included when they are held in memory: 96 MiB. A JPEG past
    /// ``headerReadLimit`` is read from its file a chunk at a time (64 KiB); other files are read whole. JPEGs are
    /// decoded at a reduced size (libjpeg's DCT scaling) so even a 48-megapixel baseline photo fits in a few MiB; a
    /// progressive JPEG (whose coefficients are all kept while decoding: a 24-megapixel 4:2:0 one needs 72 MiB) or
    /// an interlaced PNG (decoded whole, 4 bytes a pixel: up to about 25 megapixels) that needs more is refused.
    /// Other PNGs are shrunk to card size row by row.
    public static let decodeMemoryBytes = 96 * 1024 * 1024

    /// The bytes a pixel a picture decoded whole is counted at against ``decodeMemoryBytes``: GIF, BMP and WebP
    /// (only JPEG and PNG are decoded at card size) are decoded into 32-bit pixels and then copied into the card's
    /// format, 8 bytes a pixel at the peak; their files are read whole and count too, so up to about 12
    /// megapixels are decoded (a 12-megapixel phone photo fits; as a 24-bit BMP, whose file is 3 bytes a pixel,
    /// about 9). Measured before this limit: a 678-byte 4000x4000 WebP peaked at 121 MiB, a 400 KB RLE BMP of
    /// 7000x7000 at 249 MiB, an 18 KB 4800x4800 GIF at 190 MiB; before its file counted, a 3500x3500 24-bit BMP
    /// (a 37 MB file) at 113 MiB.
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

    /// The memory a HEIC or AVIF decode may take: 160 MiB, over the ``decodeMemoryBytes`` every other format keeps
    /// to, so that a 12-megapixel phone photo (the HEIC every recent phone writes) is shown. libheif decodes the
    /// whole picture and keeps its YUV planes and the codec's frames beside the RGBA result; shrunk to the card as it
    /// is copied, a 4000x3000 HEIC of 9.7 MB peaked at 122 MiB above the process's baseline (145 copied whole),
    /// 4000x3000 AVIF at 92 MiB. Held to 96 MiB, those photos were refused. Decoding straight from libheif's YCbCr
    /// planes into the card would save about 4 bytes a pixel and bring them under 96 MiB.
    public static let heifDecodeMemoryBytes = 160 * 1024 * 1024

    /// The bytes a pixel a HEIC or AVIF decode is counted at against ``heifDecodeMemoryBytes``: 9, above the 8.0
    /// (AVIF) and 8.4 (HEIC) measured for 4000x3000 pictures shrunk as they are copied.
    public static let heifBytesPerPixel = 9

    /// How many times a HEIC or AVIF file's bytes are counted: 4, the file itself and the copies libheif and its
    /// codec make of the coded picture (a 4000x3000 HEIC of 9.7 MB peaked at 122 MiB, 20 MB over its pixels).
    public static let heifFileCopies = 4

    /// The memory a HEIC or AVIF picture of `size` in a file of `fileBytes`, shrunk to `shown` pixels (4 bytes
    /// each, beside libheif's picture while it is copied), is counted at: over ``heifDecodeMemoryBytes`` is refused
    /// before decoding, so about 15 megapixels at most, fewer when a large card keeps it whole (a 3648x2736 AVIF
    /// copied whole for a 1920x1280 card peaked at 108 MiB, 11.3 bytes a pixel).
    public static func heifDecodeBytes(_ size: PixelSize, fileBytes: Int, shown: PixelSize) -> Int {
        size.width * size.height * heifBytesPerPixel + fileBytes * heifFileCopies + shown.width * shown.height * 4
    }

    /// The most scans a progressive JPEG may have: real files have about 10; thousands of tiny refinement scans
    /// are a known way to make a small file take minutes of CPU.
    public static let maximumProgressiveScans = 100

    /// The longest a JPEG or PNG decode may take, in seconds of the decoding thread's CPU time, before it is
    /// abandoned with a reason. (HEIC and AVIF are held to about 14 megapixels instead: libheif 1.15 cannot be
    /// interrupted, and a 12-megapixel photo takes about 1.1 s.)
    public static let decodeSeconds = 5.0

    /// The largest ancillary PNG chunk (text, ICC profile, …) that is read: 8 MiB, libpng's own default.
    public static let maximumPNGChunkBytes = 8 * 1024 * 1024

    /// The size of the picture a decode aims for when the card's size is not known yet: 4K, so a decode never
    /// keeps more than a large screen needs.
    public static let defaultDecodeSize = PixelSize(width: 3840, height: 2560)
}
