/// Aspect-fill ("scaled to cover, center-cropped") geometry, as SwiftUI's `.aspectRatio(contentMode: .fill)`.
public enum AspectFill {
    /// The largest rectangle of the given aspect ratio centered inside `rect`: what stays of it after a center crop.
    ///
    /// A degenerate rectangle or aspect gives `rect` unchanged.
    public static func centerCrop(_ rect: Rect, toAspect aspect: Double) -> Rect {
        guard rect.width > 0, rect.height > 0, aspect > 0, aspect.isFinite else { return rect }
        if rect.width / rect.height > aspect {
            // Wider than wanted: keep the full height and crop the sides.
            let width = rect.height * aspect
            return Rect(x: rect.x + (rect.width - width) / 2, y: rect.y, width: width, height: rect.height)
        } else {
            // Taller than wanted: keep the full width and crop top and bottom.
            let height = rect.width / aspect
            return Rect(x: rect.x, y: rect.y + (rect.height - height) / 2, width: rect.width, height: height)
        }
    }

    /// The part of an image, in image pixels, that fills a frame of the given aspect ratio when scaled to cover it.
    ///
    /// The image is never stretched: the returned rectangle has the frame's aspect ratio and is centered in the
    /// image. A degenerate image or aspect gives the whole image.
    public static func sourceRect(imageSize: PixelSize, frameAspect: Double) -> Rect {
        centerCrop(Rect(x: 0, y: 0, width: Double(imageSize.width), height: Double(imageSize.height)), toAspect: frameAspect)
    }

    /// The image crop for a card seen through a visible area of another aspect (the `cover` fit mode).
    ///
    /// The image is first aspect-filled into the 3:2 card, so the card keeps its framing, and that crop is then
    /// center-cropped again to the visible area's aspect. With equal aspects this is
    /// ``sourceRect(imageSize:frameAspect:)``.
    public static func sourceRect(imageSize: PixelSize, cardAspect: Double, visibleAspect: Double) -> Rect {
        centerCrop(sourceRect(imageSize: imageSize, frameAspect: cardAspect), toAspect: visibleAspect)
    }

    /// The part of an `imageSize` picture a `card`-pixel card shows (``sourceRect(imageSize:cardAspect:visibleAspect:)``
    /// with the card's 3:2), in whole pixels inside the picture: what a moving picture's frames are scaled from.
    /// With `evenOrigin` its corner falls on even pixels, as planar YUV 4:2:0's half-size chroma needs.
    public static func pixelCrop(imageSize: PixelSize, card: PixelSize, evenOrigin: Bool = false) -> (x: Int, y: Int, width: Int, height: Int) {
        let source = sourceRect(imageSize: imageSize, cardAspect: CardStyle.aspectRatio,
                                visibleAspect: Double(card.width) / Double(max(1, card.height)))
        let mask = evenOrigin ? ~1 : ~0
        let x = min(max(0, Int(source.x.rounded()) & mask), imageSize.width - 1)
        let y = min(max(0, Int(source.y.rounded()) & mask), imageSize.height - 1)
        return (x, y, min(imageSize.width - x, max(1, Int(source.width.rounded()))), min(imageSize.height - y, max(1, Int(source.height.rounded()))))
    }
}
