import VitrineCore

/// Renders frames without a display, with SDL's software renderer into memory: the same bytes on every run.
///
/// `vitrine render`, the golden tests and replay screenshots all draw through this type.
public final class HeadlessRenderer {
    /// The surface frames are drawn into.
    public let surface: Surface
    /// The deck renderer drawing into ``surface``.
    public let deck: DeckRenderer

    /// A headless renderer of `size` pixels for `config`'s deck, with fonts from `fonts`; a video wall's screen
    /// (its part of the wall) for `tile`, by default the config's `sync.tile`.
    public init(config: KioskConfig, size: PixelSize, fonts: FontLibrary, tile: SyncConfig.Tile? = nil,
                report: @escaping (String) -> Void = { _ in }) throws(SDLError) {
        surface = try Surface(size: size)
        let renderer = try Renderer(surface: surface)
        let rotation = config.display.rotation
        var stage = StageLayout(screenPixels: rotation.logicalSize(ofPhysical: size), pointScale: 1, fit: config.display.fit,
                                tile: tile ?? config.sync?.tile)
        if let tile = tile ?? config.sync?.tile, stage.wall == nil { report(WallTile(tile, screenPixels: stage.screenPixels).tooLarge) }
        stage.readability = config.display.readability
        stage.direction = config.deckDirection
        deck = DeckRenderer(renderer: renderer, fonts: fonts, cards: config.cards, background: config.display.background,
                            stage: stage, report: report)
        deck.rotation = rotation
        deck.exifOrientation = config.display.exifOrientation
        deck.look = config.look(direction: stage.direction)
    }

    /// Renders the frame `vitrine render` makes: `config`'s deck at card `page`, `offset` of the way through the
    /// config's transition (a fade under reduced motion) toward its neighbour (see ``PagerSnapshot/partWay(pageCount:currentPage:wraps:transition:fraction:)``).
    /// `decor` is what is drawn over the cards (default: the config's dots and attract mode's pause button, no overlay). With `time`, card `page` has
    /// been on screen that many seconds since it landed: a video card shows the frame of that moment (`render --time`).
    /// `tile` draws one screen of a video wall (default: the config's `sync.tile`).
    public static func frame(config: KioskConfig, size: PixelSize, page: Int, offset: Double, time: Double? = nil, fonts: FontLibrary,
                             decor: FrameDecor? = nil, tile: SyncConfig.Tile? = nil,
                             report: @escaping (String) -> Void = { _ in }) throws(SDLError) -> Surface {
        let headless = try HeadlessRenderer(config: config, size: size, fonts: fonts, tile: tile, report: report)
        if let time, config.cards.indices.contains(page) { headless.deck.videoTimes[page] = time }
        let pager = PagerSnapshot.partWay(pageCount: config.cards.count, currentPage: page, wraps: config.wrap,
                                          transition: config.pagingTransition, fraction: offset)
        // Card `page` landed `time` seconds ago (its Ken Burns framing then); its neighbour is brought in.
        headless.deck.kenBurns.views = KenBurns.views(config: config, pager: pager, cardOfPage: { $0 }, time: { $0 == page ? time : nil })
        return headless.render(pager, decor: decor ?? FrameDecor(config: config, at: nil, names: .english))
    }

    /// Makes the video card the pager rests on show the frame of `landed`'s moment, as a window shows it (the
    /// other video cards show their posters): a replay's screenshot. A card composed at another moment is let go.
    func showMoment(_ landed: LandedClock?, of pageCards: [CardConfig]) {
        var times: [Int: Double] = [:]
        if let landed, pageCards.indices.contains(landed.page), pageCards[landed.page].video != nil { times[landed.page] = landed.since }
        for page in Set(times.keys).union(deck.videoTimes.keys) where times[page] != deck.videoTimes[page] {
            deck.invalidate(card: page)
        }
        deck.videoTimes = times
    }

    /// Draws the frame for `pager` and returns the surface holding it.
    @discardableResult
    public func render(_ pager: PagerSnapshot, decor: FrameDecor? = nil) -> Surface {
        for error in deck.drawFrame(pager, decor: decor) { deck.report("\(error)") }
        deck.renderer.present()
        return surface
    }
}
