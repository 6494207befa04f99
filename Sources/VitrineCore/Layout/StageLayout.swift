/// Where the card sits in the window: the page geometry every frame is laid out on, in pixels.
///
/// A page is the whole window; paging slides pages by the window's width, so neighbours are hidden at rest even in a
/// letterboxed window. Within a page the card is the largest centered 3:2 rectangle (`contain`, letterboxed on the
/// background colour) or the whole window (`cover`: the 3:2 card is scaled to cover the window and cropped to it).
public struct StageLayout: Equatable, Sendable {
    /// The drawable size in pixels.
    public var windowPixels: PixelSize
    /// Pixels per point (2 on a HiDPI screen, 1 otherwise).
    public var pointScale: Double
    /// How the card fits the window.
    public var fit: FitMode
    /// The visible card inside a page at rest, in pixels; its composed texture has this size.
    public var cardRect: PixelRect
    /// Text and display scale and contrast (`text.scale`, `display.scale`, `contrast`).
    public var readability = Readability()
    /// This screen's place in a video wall (`sync.tile`); nil for a screen of its own. With it, ``windowPixels``
    /// is the whole wall's size and everything is laid out in wall pixels (WallLayout.swift).
    public var wall: WallTile? = nil

    /// The stage for a window of `windowPixels` pixels at `pointScale` pixels per point.
    public init(windowPixels: PixelSize, pointScale: Double = 1, fit: FitMode) {
        self.windowPixels = windowPixels
        self.pointScale = pointScale > 0 && pointScale.isFinite ? pointScale : 1
        self.fit = fit
        let window = Rect(x: 0, y: 0, width: Double(max(0, windowPixels.width)), height: Double(max(0, windowPixels.height)))
        var card: PixelRect
        switch fit {
        case .contain: card = AspectFill.centerCrop(window, toAspect: CardStyle.aspectRatio).pixelAligned
        case .cover: card = window.pixelAligned
        }
        // A sliver of a window (one pixel across) leaves a 3:2 card less than a pixel the other way, which rounds
        // to nothing; the card keeps at least one pixel each way the window has one, so a card is never empty.
        if card.width < 1, windowPixels.width >= 1 { card.width = 1; card.x = min(max(0, card.x), windowPixels.width - 1) }
        if card.height < 1, windowPixels.height >= 1 { card.height = 1; card.y = min(max(0, card.y), windowPixels.height - 1) }
        cardRect = card
    }

    /// The width of one page, in pixels: the distance a card slides for one page of offset.
    public var pageWidth: Double { Double(windowPixels.width) }

    /// The visible card's rectangle as a `Rect`.
    public var card: Rect {
        Rect(x: Double(cardRect.x), y: Double(cardRect.y), width: Double(cardRect.width), height: Double(cardRect.height))
    }

    /// Whether the card alone covers every pixel of the window at rest (no letterbox bars).
    public var cardCoversWindow: Bool {
        cardRect == PixelRect(x: 0, y: 0, width: windowPixels.width, height: windowPixels.height)
    }

    /// The page control for a deck of `pageCount` cards showing `currentPage`.
    public func pageControl(pageCount: Int, currentPage: Int) -> PageControlLayout {
        PageControlLayout(pageCount: pageCount, currentPage: currentPage, card: card, pointScale: pointScale, readability: readability)
    }
}
