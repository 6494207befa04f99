/// One screen's place in a video wall, in pixels: the wall is `columns` × `rows` screens of this screen's size,
/// and this screen shows the part of it at (`column`, `row`).
///
/// The stage of a wall screen is laid out for the whole wall (``StageLayout/windowPixels`` is the wall's size), so
/// the card, its texts, the dots and a slide's offset are in wall pixels; each frame's display list is then moved
/// by (−column·W, −row·H) onto the screen (``DisplayList/onScreen(of:)``), and a touch on the screen is moved the
/// other way into the wall (``wallPoint(fromScreen:)``).
public struct WallTile: Equatable, Sendable, CustomStringConvertible {
    /// The tile of the `sync.tile` key.
    public var tile: SyncConfig.Tile
    /// This screen's size in pixels (upright); every screen of the wall has this size.
    public var screenPixels: PixelSize

    /// This screen's place in a wall of screens of `screenPixels` (a screen is at most a few thousand pixels
    /// across and a wall at most ``SyncConfig/Tile/largestSide`` screens, so the wall's size cannot overflow).
    public init(_ tile: SyncConfig.Tile, screenPixels: PixelSize) {
        self.tile = tile
        self.screenPixels = PixelSize(width: min(max(0, screenPixels.width), 1 << 20), height: min(max(0, screenPixels.height), 1 << 20))
    }

    /// The whole wall's size in pixels: `columns` × W by `rows` × H.
    public var wallPixels: PixelSize {
        PixelSize(width: tile.columns * screenPixels.width, height: tile.rows * screenPixels.height)
    }

    /// This screen's rectangle in the wall, in wall pixels.
    public var screenRect: PixelRect {
        PixelRect(x: tile.column * screenPixels.width, y: tile.row * screenPixels.height,
                  width: screenPixels.width, height: screenPixels.height)
    }

    /// Whether the wall is within ``Limits/windowPixels`` (7680x4320, as a 4x4 wall of 1080p screens or a 2x2 of
    /// 4K ones): every screen composes each card at the wall's card size, 4 bytes a pixel (a 6480x4320 card is
    /// 107 MiB), so a larger wall is not laid out and each screen shows whole cards (``tooLarge``).
    public var fitsLimits: Bool {
        wallPixels.width * wallPixels.height <= Limits.windowPixels
    }

    /// The line said when the wall is over the limit (``fitsLimits``).
    public var tooLarge: String {
        "sync.tile: a \(tile.columns)x\(tile.rows) wall of \(screenPixels) screens is \(wallPixels), over the "
            + "\(ConfigValidator.megapixels(Limits.windowPixels)) megapixels (7680x4320) a wall may have, since every screen composes its cards at the wall's size: "
            + "this screen shows whole cards"
    }

    /// A point of this screen (pixels) in the wall's pixels.
    public func wallPoint(fromScreen p: Point) -> Point {
        let origin = screenRect
        return Point(x: p.x + Double(origin.x), y: p.y + Double(origin.y))
    }

    /// "tile 0,1 of a 2x2 wall", as `vitrine check` says it.
    public var description: String { tile.description }
}

extension SyncConfig.Tile: CustomStringConvertible {
    /// "tile 0,1 of a 2x2 wall": column and row, then columns x rows.
    public var description: String { "tile \(column),\(row) of a \(columns)x\(rows) wall" }
}

extension StageLayout {
    /// The stage of one screen of `screenPixels` pixels: laid out for the whole wall when `tile` is given (the card,
    /// texts and dots over all the wall's screens, as one window of the wall's size would have them), for the
    /// screen alone otherwise, or when the wall is over ``WallTile/fitsLimits``.
    public init(screenPixels: PixelSize, pointScale: Double = 1, fit: FitMode, tile: SyncConfig.Tile?) {
        guard let tile, WallTile(tile, screenPixels: screenPixels).fitsLimits else {
            self.init(windowPixels: screenPixels, pointScale: pointScale, fit: fit)
            return
        }
        let wall = WallTile(tile, screenPixels: screenPixels)
        self.init(windowPixels: wall.wallPixels, pointScale: pointScale, fit: fit)
        self.wall = wall
    }

    /// The screen's own size in pixels: the window the frame is drawn in (the wall's size is ``windowPixels``).
    public var screenPixels: PixelSize { wall?.screenPixels ?? windowPixels }
}
