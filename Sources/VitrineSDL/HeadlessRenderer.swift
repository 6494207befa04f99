import CSDL2
import VitrineCore

/// Renders frames without a display, with SDL's software renderer into memory: the same bytes on every run.
///
/// `vitrine render`, the golden tests and replay screenshots all draw through this type.
public final class HeadlessRenderer {
    /// The surface frames are drawn into.
    public let surface: Surface
    /// The deck renderer drawing into ``surface``.
    public let deck: DeckRenderer

    /// A headless renderer of `size` pixels for `config`'s deck, with fonts from `fonts`.
    public init(config: KioskConfig, size: PixelSize, fonts: FontLibrary, report: @escaping (String) -> Void = { _ in }) throws(SDLError) {
        surface = try Surface(size: size)
        let renderer = try Renderer(surface: surface)
        let rotation = config.display.rotation
        let stage = StageLayout(windowPixels: rotation.logicalSize(ofPhysical: size), pointScale: 1, fit: config.display.fit)
        deck = DeckRenderer(renderer: renderer, fonts: fonts, cards: config.cards, background: config.display.background,
                            stage: stage, report: report)
        deck.rotation = rotation
        deck.exifOrientation = config.display.exifOrientation
    }

    /// Renders the frame `vitrine render` makes: `config`'s deck at card `page`, `offset` of the way through the
    /// config's transition (a fade under reduced motion) toward its neighbour (see ``PagerSnapshot/partWay(pageCount:currentPage:wraps:transition:fraction:)``).
    public static func frame(config: KioskConfig, size: PixelSize, page: Int, offset: Double, fonts: FontLibrary,
                             report: @escaping (String) -> Void = { _ in }) throws(SDLError) -> Surface {
        let headless = try HeadlessRenderer(config: config, size: size, fonts: fonts, report: report)
        let pager = PagerSnapshot.partWay(pageCount: config.cards.count, currentPage: page, wraps: config.wrap,
                                          transition: config.pagingTransition, fraction: offset)
        return headless.render(pager)
    }

    /// Draws the frame for `pager` and returns the surface holding it.
    @discardableResult
    public func render(_ pager: PagerSnapshot) -> Surface {
        for error in deck.drawFrame(pager) { deck.report("\(error)") }
        deck.renderer.present()
        return surface
    }
}
