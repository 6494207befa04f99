import VitrineCore

/// The Ken Burns cards of a deck renderer: each moving card's picture apart from what is drawn over it, so the
/// picture moves under a still gradient and title.
///
/// A card at its landing framing (``KenBurns/still``) is its composed texture, as any card. Once it moves, it is
/// drawn into a texture of its own at each new framing: its picture alone (the card with no texts, composed at
/// ``KenBurns/endZoom`` times the card's size, so the closest framing is never blown up), placed so the frame's part
/// of it fills the card, then the card's gradient and its title and subtitle (made once into textures) over it.
/// With a preparer the picture is composed on its queue once the card is off its landing framing (it landed), and
/// until it is there the card stays at that framing (the motion starts slowly: a few tenths of a second later it
/// has moved about a pixel). Only moving cards keep their parts, so a Ken Burns deck costs the picture and one
/// drawn texture more than a still deck, not three of each. Headless (no preparer), the picture is composed when
/// first needed: the same pixels for the same moment, whatever was drawn before.
final class KenBurnsCards {
    /// What a moving card is drawn from.
    struct Parts {
        /// The card's composer the parts were made for (its texts and size).
        let composer: CardComposer
        /// The picture alone.
        let picture: Texture
        /// The gradient, if the card has texts.
        let scrim: DrawCommand?
        /// The card's lines, each made once, and where they go on the card.
        let texts: [(texture: Texture, place: PixelRect)]
        /// The card as last drawn, and at which framing.
        var drawn: (texture: Texture, view: Rect)?
    }

    /// The framing of each Ken Burns card the frame shows and its neighbours, by index (``KioskFrame/kenBurns``).
    var views: [Int: Rect] = [:]
    /// The parts of the cards that have moved or are about to.
    var parts: [Int: Parts] = [:]
    /// The cards whose picture could not be composed alone: they stay at their landing framing.
    var failed: Set<Int> = []

    /// Whether card `index` is off its landing framing in the last frame.
    func isMoving(_ index: Int) -> Bool { views[index].map { $0 != KenBurns.still } ?? false }

    /// Forgets every card's parts (new geometry, fonts, look or textures).
    func forget(where isGone: (Int) -> Bool = { _ in true }) {
        parts = parts.filter { !isGone($0.key) }
        failed = failed.filter { !isGone($0) }
    }
}

extension DeckRenderer {
    /// The composer of card `index`'s picture alone: no texts, ``KenBurns/endZoom`` times the card's size.
    func pictureComposer(_ composer: CardComposer) -> CardComposer {
        var picture = composer
        picture.card.title = ""
        picture.card.subtitle = ""
        picture.size = PixelSize(width: Int((Double(composer.size.width) * KenBurns.endZoom).rounded(.up)),
                                 height: Int((Double(composer.size.height) * KenBurns.endZoom).rounded(.up)))
        return picture
    }

    /// Takes the pictures of the moving Ken Burns cards among `keep` that `preparer` has ready; returns those still
    /// to compose.
    func kenBurnsPictures(_ keep: [Int], pageCount: Int, from preparer: CardPreparer) -> [CardComposer] {
        var wanted: [CardComposer] = []
        for index in keep where kenBurns.isMoving(index) && !kenBurns.failed.contains(index) {
            let composer = composer(index, pageCount: pageCount)
            guard kenBurns.parts[index]?.composer != composer else { continue }
            let picture = pictureComposer(composer)
            if let card = preparer.take(picture) {
                adoptKenBurns(card, composer: composer, index: index)
            } else {
                wanted.append(picture)
            }
        }
        return wanted
    }

    /// Keeps `card` (a picture composed alone) as card `index`'s moving picture.
    private func adoptKenBurns(_ card: PreparedCard, composer: CardComposer, index: Int) {
        do throws(SDLError) {
            guard card.problems.isEmpty else { throw SDLError(operation: "compose", message: "no picture") }
            let picture = try renderer.makeTexture(from: card.surface.get())
            kenBurns.parts[index] = try kenBurnsParts(composer, picture: picture)
        } catch {
            kenBurns.failed.insert(index)  // A missing picture stays still: its placeholder says why.
        }
    }

    /// The parts of a card drawn by `composer` over `picture`: its gradient, and its lines made into textures.
    private func kenBurnsParts(_ composer: CardComposer, picture: Texture) throws(SDLError) -> KenBurnsCards.Parts {
        let list = composer.layout(imageSize: composer.size, fonts: fonts).displayList
        var scrim: DrawCommand?
        var texts: [(texture: Texture, place: PixelRect)] = []
        for command in list.commands {
            switch command {
            case .scrim: scrim = command
            case .text(let text, let weight, let pixelSize, let origin, let color, let direction):
                let line = try fonts.render(text, weight: weight, pixelSize: pixelSize, color: color, direction: ParagraphDirection(direction))
                let texture = try renderer.makeTexture(from: line.surface)
                texture.setBlendMode(.blend)
                let size = line.surface.size
                texts.append((texture, PixelRect(x: Int(origin.x.rounded()), y: Int((origin.y + Double(line.top)).rounded()),
                                                 width: size.width, height: size.height)))
            default: continue
            }
        }
        return KenBurnsCards.Parts(composer: composer, picture: picture, scrim: scrim, texts: texts)
    }

    /// Draws every Ken Burns card of `list` that is off its landing framing at the frame's framing; returns their
    /// textures by index, drawn in place of their composed ones. Parts of cards no longer kept or back at their
    /// landing framing are let go.
    func drawKenBurns(_ list: DisplayList, pageCount: Int, keep: Set<Int>, errors: inout [SDLError]) -> [Int: Texture] {
        kenBurns.forget { !keep.contains($0) || !kenBurns.isMoving($0) }
        var moving: [Int: Texture] = [:]
        for index in Set(list.commands.compactMap(\.cardIndex)) where kenBurns.isMoving(index) {
            guard let view = kenBurns.views[index], let texture = drawMoving(index, view: view, pageCount: pageCount, errors: &errors) else { continue }
            moving[index] = texture
        }
        return moving
    }

    /// Card `index` at framing `view`, drawn anew when the framing changed; nil when its picture is not ready.
    private func drawMoving(_ index: Int, view: Rect, pageCount: Int, errors: inout [SDLError]) -> Texture? {
        let composer = composer(index, pageCount: pageCount)
        if kenBurns.parts[index]?.composer != composer, preparer == nil, !kenBurns.failed.contains(index) {
            adoptKenBurns(PreparedCard.compose(pictureComposer(composer), fonts: fonts), composer: composer, index: index)
        }
        guard var parts = kenBurns.parts[index], parts.composer == composer else { return nil }
        if let drawn = parts.drawn, drawn.view == view { return drawn.texture }
        do throws(SDLError) {
            let target: Texture
            if let drawn = parts.drawn { target = drawn.texture } else { target = try renderer.makeTargetTexture(size: composer.size) }
            try renderer.setTarget(target)
            defer { try? renderer.setTarget(nil) }
            let width = Double(composer.size.width) / view.width, height = Double(composer.size.height) / view.height
            var place = Rect(x: -view.x * width, y: -view.y * height, width: width, height: height)
            if renderer.isSoftware {  // Whole pixels, rounded outward: the picture still covers the card.
                let x0 = place.x.rounded(.down), y0 = place.y.rounded(.down)
                place = Rect(x: x0, y: y0, width: (place.x + width).rounded(.up) - x0, height: (place.y + height).rounded(.up) - y0)
            }
            parts.picture.setBlendMode(.none)
            try renderer.draw(parts.picture, in: place, what: "Ken Burns picture")
            if let scrim = parts.scrim {
                errors += renderer.execute(DisplayList([scrim]), resources: DrawResources(fonts: fonts, discs: discs))
            }
            for text in parts.texts { try renderer.draw(text.texture, in: text.place, what: "text") }
            parts.drawn = (target, view)
            kenBurns.parts[index] = parts
            return target
        } catch {
            errors.append(error)
            return nil
        }
    }
}
