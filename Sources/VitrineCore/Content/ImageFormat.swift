/// The image file formats Vitrine recognizes from a file's first bytes; everything else is refused unread.
public enum ImageFormat: String, Sendable, Equatable, CaseIterable {
    /// Portable Network Graphics: the signature, then an `IHDR` chunk with the size.
    case png = "PNG"
    /// JPEG (JFIF or Exif): markers up to a start-of-frame (`SOFn`) segment with the size.
    case jpeg = "JPEG"
    /// GIF87a or GIF89a: the logical screen's size follows the signature.
    case gif = "GIF"
    /// Windows bitmap: a file header, then an info header with the size (a negative height is top-down).
    case bmp = "BMP"
    /// WebP in a RIFF container: a `VP8 `, `VP8L` or `VP8X` chunk with the size.
    case webp = "WebP"
    /// HEIF (HEIC, what phones save, and AVIF): an ISO base media `ftyp` box naming a HEIF brand, and `ispe` boxes
    /// with the sizes.
    case heif = "HEIF"
}

/// What a file's header says about it, read without decoding any pixels.
public struct ImageInfo: Equatable, Sendable {
    /// The format the signature names.
    public var format: ImageFormat
    /// The pixel dimensions the header claims, as stored (before ``orientation`` turns them).
    public var size: PixelSize
    /// How the picture is turned to be seen upright: a JPEG's Exif orientation, else ``ImageOrientation/up``.
    public var orientation: ImageOrientation

    /// Header facts: a format, the size it claims and how it is turned.
    public init(format: ImageFormat, size: PixelSize, orientation: ImageOrientation = .up) {
        self.format = format
        self.size = size
        self.orientation = orientation
    }

    /// The number of pixels the header claims: what decoding would allocate, four bytes each.
    public var pixelCount: Int { size.width * size.height }
}
