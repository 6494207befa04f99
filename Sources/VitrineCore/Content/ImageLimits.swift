/// The named limits that keep a bad image file from taking the kiosk down.
public enum ImageLimits {
    /// The largest image, in pixels, that is decoded: 50 megapixels (200 MB as 32-bit pixels).
    ///
    /// A header claiming more is refused before decoding, so a small "decompression bomb" file that claims to be,
    /// say, 100000x100000 cannot make the decoder allocate tens of gigabytes. Very wide or very tall images are fine
    /// as long as their area is within the limit. The demo images are about 2 megapixels; a 8K photo is 33.
    public static let maximumPixels = 50_000_000

    /// The bytes read first to probe a file: enough for every header but a JPEG with large metadata in front.
    public static let firstReadBytes = 4 * 1024

    /// The most bytes read to find a header: a JPEG's size comes after its metadata segments (Exif thumbnails,
    /// ICC profiles), which can run to tens of kilobytes; a JPEG without a frame header in this much is refused.
    public static let headerReadLimit = 256 * 1024
}
