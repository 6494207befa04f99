import VitrineCore

/// A small picture of a card's JPEG, made in a few milliseconds, that the card shows until its picture is composed.
///
/// A progressive JPEG gives its DC scans (``JPEGDCImage``), one pixel a block: libjpeg's 1/8 scale would read every
/// scan into a coefficient buffer of the whole picture first. A baseline JPEG is decoded by libjpeg at the least
/// DCT scale covering a quarter of the card (single pass, a few rows of memory). Other formats have no preview.
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
        } else {
            let quarter = PixelSize(width: max(1, cardSize.width / 4), height: max(1, cardSize.height / 4))
            let target = orientation.swapsAxes ? PixelSize(width: quarter.height, height: quarter.width) : quarter
            guard let decoded = try? JPEGDecoder.decode(bytes, covering: target, stop: stop) else { return nil }
            surface = decoded.surface
        }
        if orientation != .up { surface = surface.oriented(orientation) }
        return surface
    }
}
