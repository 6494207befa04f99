import VitrineCore

/// A small picture of a card's JPEG, made in a few milliseconds, that the card shows until its picture is composed.
///
/// A progressive JPEG gives its DC scans (``JPEGDCImage``), one pixel a block: libjpeg's 1/8 scale would read every
/// scan into a coefficient buffer of the whole picture first. A baseline JPEG gives its Exif thumbnail when it has
/// one of the picture's shape, else it is decoded by libjpeg at the least DCT scale covering a quarter of the card
/// (single pass, a few rows of memory). Other formats have no preview.
enum JPEGPreview {
    /// The preview of the picture at `path`, upright by its Exif orientation when `exifOrientation`, for a card of
    /// `cardSize`; nil when none can be made quickly.
    static func picture(path: String, cardSize: PixelSize, exifOrientation: Bool, stop: DecodeStop? = nil) -> Surface? {
        guard let bytes = try? ImageDecoder.readWhole(path: path), let info = try? ImageProbe.check(bytes, isWholeFile: true),
              info.format == .jpeg else { return nil }
        let orientation = exifOrientation ? info.orientation : .up
        var surface: Surface
        if let picture = JPEGDCImage.decode(bytes),
           let made = try? ImageDecoder.surface(picture.pixels, size: picture.size, hasAlpha: false, format: .jpeg) {
            surface = made.surface
        } else if let thumbnail = thumbnail(in: bytes, pictureSize: info.size) {
            surface = thumbnail
        } else {
            let quarter = PixelSize(width: max(1, cardSize.width / 4), height: max(1, cardSize.height / 4))
            let target = orientation.swapsAxes ? PixelSize(width: quarter.height, height: quarter.width) : quarter
            guard let decoded = try? JPEGDecoder.decode(bytes, covering: target, stop: stop) else { return nil }
            surface = decoded.surface
        }
        if orientation != .up { surface = surface.oriented(orientation) }
        return surface
    }

    /// The picture's Exif thumbnail (``ExifThumbnail``), decoded, when it has the picture's shape (cameras pad a 4:3
    /// thumbnail of a 3:2 photo with black bands, which a preview must not show); stored as the picture is, unturned.
    static func thumbnail(in bytes: [UInt8], pictureSize: PixelSize) -> Surface? {
        guard let range = ExifThumbnail.range(in: bytes),
              let decoded = try? JPEGDecoder.decode(Array(bytes[range]), covering: nil) else { return nil }
        let size = decoded.surface.size
        let aspect = Double(size.width) / Double(size.height), pictureAspect = Double(pictureSize.width) / Double(pictureSize.height)
        guard size.width >= 32, size.height >= 32, abs(aspect - pictureAspect) <= 0.03 * pictureAspect else { return nil }
        return decoded.surface
    }
}
