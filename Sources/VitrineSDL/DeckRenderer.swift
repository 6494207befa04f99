import CSDL2
import VitrineCore

/// Draws a deck's frames: composes each card once into an opaque texture and copies textures per frame.
///
/// Only the cards on screen and their neighbours keep a composed texture; the rest are freed as the deck pages.
public final class DeckRenderer {
    /// The renderer everything is drawn with.
    public let renderer: Renderer
    /// The fonts the card texts use.
    public let fonts: FontLibrary
    /// The deck's cards.
    public private(set) var cards: [CardConfig]
    /// The colour around a letterboxed card.
    public var background: Color
    /// The current page geometry.
    public private(set) var stage: StageLayout
    /// Receives one line per problem, such as an image that cannot be read (each reported once).
    public var report: (String) -> Void

    private let discs = DiscTextures()
    private var composed: [Int: Texture] = [:]
    private var reported: Set<String> = []

    /// A renderer for `cards` on `stage`.
    public init(renderer: Renderer, fonts: FontLibrary, cards: [CardConfig], background: Color, stage: StageLayout,
                report: @escaping (String) -> Void = { _ in }) {
        self.renderer = renderer
        self.fonts = fonts
        self.cards = cards
        self.background = background
        self.stage = stage
        self.report = report
    }

    /// Takes a new page geometry; composed cards are dropped when the card's pixel size changed.
    public func setStage(_ newStage: StageLayout) {
        if newStage.cardRect.width != stage.cardRect.width || newStage.cardRect.height != stage.cardRect.height
            || newStage.pointScale != stage.pointScale {
            composed.removeAll()
        }
        stage = newStage
    }

    /// Drops every composed card, as when the renderer lost its target textures.
    public func invalidate() { composed.removeAll() }

    /// The number of cards that currently hold a composed texture.
    public var composedCount: Int { composed.count }

    /// Draws the frame for `pager` into the renderer's current target; returns what could not be drawn.
    @discardableResult
    public func drawFrame(_ pager: PagerSnapshot) -> [SDLError] {
        let list = DisplayList.frame(stage: stage, pager: pager, background: background)
        var keep = Set<Int>()
        for case .card(let index, _) in list.commands { keep.insert(index) }
        for slot in [pager.currentPage - 1, pager.currentPage, pager.currentPage + 1] {
            if let index = pager.cardIndex(forSlot: slot) { keep.insert(index) }
        }
        composed = composed.filter { keep.contains($0.key) }
        var errors: [SDLError] = []
        for case .card(let index, _) in list.commands where composed[index] == nil {
            do throws(SDLError) {
                composed[index] = try compose(index, pageCount: pager.pageCount)
            } catch {
                errors.append(error)
            }
        }
        errors += renderer.execute(list, resources: DrawResources(fonts: fonts, discs: discs, card: { [composed] in composed[$0] }))
        return errors
    }

    /// Composes card `index` (image, scrim, title and subtitle) into a new opaque texture of the card's pixel size.
    ///
    /// When the image cannot be loaded the card is the placeholder (see ``CardLayout``), and the path and reason
    /// are reported once per image file for the renderer's lifetime.
    public func compose(_ index: Int, pageCount: Int) throws(SDLError) -> Texture {
        let card = cards[index]
        var image: Texture?
        do throws(SDLError) {
            image = try renderer.makeTexture(from: Surface.load(path: card.image))
        } catch {
            // Once per image file: a card is composed again whenever it comes back on screen or the window resizes.
            reportOnce("image unavailable: \(card.image): \(error.message) (card \(index), \"\(card.title)\")", key: "image:" + card.image)
        }
        let size = PixelSize(width: stage.cardRect.width, height: stage.cardRect.height)
        let control = PageControlLayout(pageCount: pageCount, currentPage: 0, card: Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)),
                                        pointScale: stage.pointScale)
        let layout = CardLayout(content: CardContent(title: card.title, subtitle: card.subtitle, imageSize: image?.size),
                                size: size, trailingReserve: control.frame.width, measurer: fonts)
        let target = try renderer.makeTargetTexture(size: size)
        try renderer.setTarget(target)
        let errors = renderer.execute(layout.displayList, resources: DrawResources(fonts: fonts, discs: discs, image: image))
        try renderer.setTarget(nil)
        for error in errors { reportOnce("card \(index) (\"\(card.title)\"): \(error)") }
        return target
    }

    /// Reports `message` unless a message with the same `key` (by default the message itself) was reported.
    private func reportOnce(_ message: String, key: String? = nil) {
        if reported.insert(key ?? message).inserted { report(message) }
    }
}
