import CSDL2
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
            case .image, .scrim, .text, .centeredText, .fadedCard:
                return nil
            }
        }
        guard let index else { return nil }
        self.index = index
        self.covered = covered
    }
}

extension PixelRect {
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
              resting == nil, !restingFailed, let rest = lastRestFrame, let texture = composedTexture(rest.index),
              texture.size == PixelSize(width: stage.cardRect.width, height: stage.cardRect.height)
        else { return false }
        var patch: (rect: PixelRect, texture: Texture)?
        if let covered = rest.covered {
            // A small copy of what lies under the dots: the frame has them instead.
            guard covered.width * covered.height * 4 <= texture.size.width * texture.size.height,
                  let copy = try? renderer.makeTargetTexture(size: PixelSize(width: covered.width, height: covered.height)),
                  (try? renderer.setTarget(copy)) != nil
            else { return false }
            var source = SDL_Rect(covered)
            let copied = SDL_RenderCopy(renderer.pointer, texture.pointer, &source, nil) == 0
            guard (try? renderer.setTarget(nil)) != nil, copied else { return false }
            patch = (covered, copy)
        }
        resting = RestingCard(index: rest.index, destination: stage.cardRect, patch: patch)
        forgetComposed(rest.index)
        return true
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
        guard wanted, composedTexture(card.index) == nil else { return }
        do throws(SDLError) {
            let size = PixelSize(width: card.destination.width, height: card.destination.height)
            let texture = try renderer.makeStreamingTexture(size: size)
            try texture.withPixels { pixels, pitch throws(SDLError) in
                var frame = SDL_Rect(card.destination)
                guard SDL_RenderReadPixels(renderer.pointer, &frame, SDL_PIXELFORMAT_ARGB8888.rawValue, pixels, pitch) == 0 else {
                    throw SDLError.current("SDL_RenderReadPixels(resting card)")
                }
                guard let patch = card.patch else { return }
                try renderer.setTarget(patch.texture)
                defer { try? renderer.setTarget(nil) }
                var whole = SDL_Rect(x: 0, y: 0, w: Int32(patch.rect.width), h: Int32(patch.rect.height))
                guard SDL_RenderReadPixels(renderer.pointer, &whole, SDL_PIXELFORMAT_ARGB8888.rawValue,
                                           pixels + patch.rect.y * Int(pitch) + patch.rect.x * 4, pitch) == 0 else {
                    throw SDLError.current("SDL_RenderReadPixels(resting card's patch)")
                }
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
