import VitrineCore

/// The card on screen while the kiosk rests, held by the frame that shows it instead of a texture of its own.
///
/// At rest the window's frame holds the current card's pixels already: keeping its composed texture too costs a
/// whole card (3.7 MiB at 1200x800) for as long as nobody touches the screen, which for a kiosk is most of the day.
/// ``DeckRenderer/restCard()`` lets the texture go, keeping only the card's own pixels under what the frame drew
/// over it (the page dots, a progress bar); the next frame reads the card back from the frame (one copy,
/// ``DeckRenderer/restoreRestingCard(wanted:)``) before drawing anything, so a swipe starts at once with the same
/// pixels. Only for the software renderer, whose frame is plain memory, on a screen of four bytes a pixel (a 16-bit
/// frame would give the card back with fewer colours) mounted upright.
struct RestingCard {
    /// Seconds the kiosk must have nothing due before a card rests: a card read back for every step of a progress
    /// bar (16 a second) tripled attract mode's CPU.
    static let minimumQuiet = 2.0

    /// The card's index.
    let index: Int
    /// Where the frame has it, in the frame's pixels.
    let destination: PixelRect
    /// The card's pixels under what the frame drew over it, and where they go in the card.
    let patch: (rect: PixelRect, texture: Texture)?
    /// Whether nothing is drawn over the card in the frame yet: the first picture, written straight into the frame
    /// (``DeckRenderer/holdInFrame(_:index:)``) before the first frame's dots.
    var bare = false
}

/// What the last frame drew: one card alone at rest, and the part of it the frame drew over.
struct RestFrame {
    /// The card's index.
    let index: Int
    /// The part of the card, in the card's pixels, that other drawing covers: nil when none does.
    let covered: PixelRect?

    /// The frame `list` as a rest frame, or nil when it is anything else: a card moving, two cards, a fade, text.
    init?(_ list: DisplayList, cardRect: PixelRect) {
        var index: Int?
        var covered: PixelRect?
        func cover(_ rect: PixelRect) {
            let x0 = max(rect.x, cardRect.x), y0 = max(rect.y, cardRect.y)
            let x1 = min(rect.x + rect.width, cardRect.x + cardRect.width), y1 = min(rect.y + rect.height, cardRect.y + cardRect.height)
            guard x1 > x0, y1 > y0 else { return }
            let part = PixelRect(x: x0 - cardRect.x, y: y0 - cardRect.y, width: x1 - x0, height: y1 - y0)
            covered = covered.map { $0.union(part) } ?? part
        }
        for command in list.commands {
            switch command {
            case .clear:
                continue  // Around the card: the card is drawn over it.
            case .card(let card, let destination):
                guard index == nil, destination == cardRect else { return nil }
                index = card
            case .dot(let center, let diameter, _):
                // The disc's texture is a little larger than the dot: cover it with a margin.
                let reach = Int((diameter / 2).rounded(.up)) + 2
                cover(PixelRect(x: Int(center.x.rounded(.down)) - reach, y: Int(center.y.rounded(.down)) - reach,
                                width: 2 * reach + 1, height: 2 * reach + 1))
            case .fill(let rect, _):
                guard index != nil else { return nil }  // A fill under the card would be drawn over by it.
                cover(rect)
            case .image, .scrim, .text, .centeredText, .fadedCard, .clip:
                return nil
            }
        }
        guard let index else { return nil }
        self.index = index
        self.covered = covered
    }
}

extension PixelRect {
    /// The parts of an output of `size` outside this rectangle: up to four bands (above, below, left, right).
    func margins(in size: PixelSize) -> [PixelRect] {
        let top = max(0, y), bottom = min(size.height, y + height)
        var bands: [PixelRect] = []
        if top > 0 { bands.append(PixelRect(x: 0, y: 0, width: size.width, height: top)) }
        if bottom < size.height { bands.append(PixelRect(x: 0, y: bottom, width: size.width, height: size.height - bottom)) }
        if x > 0, bottom > top { bands.append(PixelRect(x: 0, y: top, width: x, height: bottom - top)) }
        if x + width < size.width, bottom > top {
            bands.append(PixelRect(x: x + width, y: top, width: size.width - x - width, height: bottom - top))
        }
        return bands
    }

    /// Whether `other` lies wholly inside this rectangle.
    func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }

    /// The smallest rectangle holding both.
    func union(_ other: PixelRect) -> PixelRect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        let x1 = max(x + width, other.x + other.width), y1 = max(y + height, other.y + other.height)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension DeckRenderer {
    /// Lets the texture of the card at rest on screen go, when the last frame showed one card alone at rest, upright,
    /// with the software renderer (see ``RestingCard``), and nothing is due for `quietFor` seconds (at least
    /// ``RestingCard/minimumQuiet``); returns whether it did. The app calls it when it goes idle, before giving the
    /// heap back; the next frame reads the card back from the window's frame.
    @discardableResult
    public func restCard(quietFor: Double = .infinity) -> Bool {
        guard quietFor >= RestingCard.minimumQuiet, renderer.isSoftware, renderer.outputHoldsFullColour, rotation == .none,
              resting == nil, !restingFailed, let rest = lastRestFrame, let texture = composed[rest.index],
              texture.size == PixelSize(width: stage.cardRect.width, height: stage.cardRect.height)
        else { return false }
        var patch: (rect: PixelRect, texture: Texture)?
        if let covered = rest.covered {
            // A small copy of what lies under the dots: the frame has them instead.
            guard covered.width * covered.height * 4 <= texture.size.width * texture.size.height,
                  let copy = try? renderer.makeTargetTexture(size: PixelSize(width: covered.width, height: covered.height)),
                  (try? renderer.setTarget(copy)) != nil
            else { return false }
            let copied = (try? renderer.draw(texture, from: covered, what: "resting card's patch")) != nil
            guard (try? renderer.setTarget(nil)) != nil, copied else { return false }
            patch = (covered, copy)
        }
        resting = RestingCard(index: rest.index, destination: stage.cardRect, patch: patch)
        composed[rest.index] = nil
        return true
    }

    /// Writes card `index`'s pixels straight into the window's frame, at the card's place, as the card at rest: no
    /// texture of its own until a swipe reads it back (see ``RestingCard``). Returns false, having written nothing,
    /// where a card cannot rest in the frame (an accelerated renderer, a 16-bit frame, a turned screen).
    ///
    /// The first picture goes this way: a texture would cost a copy of the card and its fresh pages (3.7 MiB at
    /// 1200x800) before the first frame, and another copy into the frame during it.
    func holdInFrame(_ card: Surface, index: Int) -> Bool {
        guard canRestInFrame, card.size == PixelSize(width: stage.cardRect.width, height: stage.cardRect.height),
              renderer.writeIntoOutput(card, at: stage.cardRect) else { return false }
        resting = RestingCard(index: index, destination: stage.cardRect, patch: nil, bare: true)
        lastRestFrame = nil
        return true
    }

    /// Whether a card can rest in the window's frame: the software renderer's frame of four bytes a pixel, upright.
    var canRestInFrame: Bool {
        renderer.isSoftware && renderer.outputHoldsFullColour && rotation == .none && !restingFailed && stage.wall == nil
    }

    /// Draws `list` over the card at rest in the frame when it is that card alone at rest again (the first frame
    /// over the card ``holdInFrame(_:index:)`` wrote, or a redraw such as an expose): the card's pixels under the
    /// last frame's drawing come back from its patch, the margins around it are filled instead of the whole frame
    /// cleared, and everything but the card is drawn. A bare card's patch is taken from the frame first, as
    /// ``restCard(quietFor:)`` takes it. Returns what could not be drawn, or nil when `list` is another frame, or
    /// draws where the patch does not reach (then the card is read back from the frame as usual).
    func drawOverRestingCard(_ list: DisplayList) -> [SDLError]? {
        guard let card = resting, rotation == .none, card.destination == stage.cardRect,
              let rest = RestFrame(list, cardRect: stage.cardRect), rest.index == card.index else {
            if var card = resting, card.bare { card.bare = false; resting = card }  // Read back as drawn over.
            return nil
        }
        var patch = card.patch
        if card.bare, let covered = rest.covered {
            guard let texture = try? renderer.makeTargetTexture(size: PixelSize(width: covered.width, height: covered.height)) else { return nil }
            let area = PixelRect(x: card.destination.x + covered.x, y: card.destination.y + covered.y,
                                 width: covered.width, height: covered.height)
            guard (try? renderer.copyOutput(area, into: texture)) != nil else { return nil }
            patch = (covered, texture)
        } else if !card.bare {
            if let covered = rest.covered, patch.map({ !$0.rect.contains(covered) }) ?? true { return nil }
            if let patch {
                patch.texture.setBlendMode(.none)
                let place = PixelRect(x: card.destination.x + patch.rect.x, y: card.destination.y + patch.rect.y,
                                      width: patch.rect.width, height: patch.rect.height)
                guard (try? renderer.draw(patch.texture, in: place, what: "resting card's patch")) != nil else { return nil }
            }
        }
        var over = DisplayList()
        for command in list.commands {
            switch command {
            case .clear(let color):
                for margin in stage.cardRect.margins(in: renderer.outputSize) { over.append(.fill(margin, color)) }
            case .card:
                continue
            default:
                over.append(command)
            }
        }
        resting = RestingCard(index: card.index, destination: card.destination, patch: patch)
        lastRestFrame = rest
        return renderer.execute(over, resources: DrawResources(fonts: fonts, discs: discs, card: { _ in nil }))
    }

    /// Tells the renderer the window's frame was made anew (its size changed, even if back to what it was): a card
    /// resting in the old one is gone, and is composed again.
    public func windowFrameMadeAnew() {
        resting = nil
        lastRestFrame = nil
    }

    /// Reads the resting card back from the window's frame into a texture of its own, when `wanted`; either way
    /// the frame no longer stands for it. Call before anything is drawn into the frame.
    func restoreRestingCard(wanted: Bool) {
        guard let card = resting else { return }
        resting = nil
        guard wanted, composed[card.index] == nil else { return }
        do throws(SDLError) {
            let size = PixelSize(width: card.destination.width, height: card.destination.height)
            let texture = try renderer.makeStreamingTexture(size: size)
            try texture.withPixels { pixels, pitch throws(SDLError) in
                try renderer.readPixels(card.destination, into: pixels, pitch: pitch, what: "resting card")
                guard let patch = card.patch else { return }
                try renderer.setTarget(patch.texture)
                defer { try? renderer.setTarget(nil) }
                try renderer.readPixels(PixelRect(x: 0, y: 0, width: patch.rect.width, height: patch.rect.height),
                                        into: pixels + patch.rect.y * pitch + patch.rect.x * 4, pitch: pitch, what: "resting card's patch")
            }
            adoptRestored(texture, index: card.index)
        } catch {
            // Composed again instead, as any card not composed yet; and no card rests again in this renderer.
            restingFailed = true
            report("card \(card.index) could not be read back from the screen, so it is composed again, and cards at rest keep "
                   + "their textures from now on: \(error)")
        }
    }
}
