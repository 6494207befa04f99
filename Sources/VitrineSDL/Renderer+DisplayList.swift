import CSDL2
import VitrineCore

/// What a display list refers to by name: the card's image, composed cards and the fonts.
public struct DrawResources {
    /// The fonts text is drawn with.
    public var fonts: FontLibrary
    /// The image of the card being composed, for `.image` commands.
    public var image: Texture?
    /// The composed texture of a card, for `.card` commands.
    public var card: (Int) -> Texture?
    /// The dot textures, made once per size.
    public var discs: DiscTextures
    /// The texture to blend for a `.fadedCard`, when it is not the composed card itself (see ``Renderer/opaqueCopy(of:)``).
    public var fadingCard: (Int) -> Texture? = { _ in nil }

    /// Resources for one execution.
    public init(fonts: FontLibrary, discs: DiscTextures, image: Texture? = nil, card: @escaping (Int) -> Texture? = { _ in nil }) {
        self.fonts = fonts; self.discs = discs; self.image = image; self.card = card
    }
}

extension Renderer {
    /// Executes every command of `list` on the current target, in order: the one place display lists turn into pixels.
    ///
    /// A command that cannot be drawn (a missing texture, a glyph the font cannot render) is skipped and reported
    /// in the returned errors; the rest of the list still draws.
    @discardableResult
    public func execute(_ list: DisplayList, resources: DrawResources) -> [SDLError] {
        var errors: [SDLError] = []
        for command in list.commands {
            do throws(SDLError) {
                try execute(command, resources: resources)
            } catch {
                errors.append(error)
            }
        }
        return errors
    }

    private func execute(_ command: DrawCommand, resources: DrawResources) throws(SDLError) {
        switch command {
        case .clear(let color):
            SDL_SetRenderDrawBlendMode(pointer, SDL_BLENDMODE_NONE)
            SDL_SetRenderDrawColor(pointer, color.red, color.green, color.blue, color.alpha)
            SDL_RenderClear(pointer)
        case .fill(let rect, let color):
            SDL_SetRenderDrawBlendMode(pointer, color.alpha == 255 ? SDL_BLENDMODE_NONE : SDL_BLENDMODE_BLEND)
            SDL_SetRenderDrawColor(pointer, color.red, color.green, color.blue, color.alpha)
            var r = SDL_Rect(rect)
            SDL_RenderFillRect(pointer, &r)
        case .image(let source, let destination):
            guard let image = resources.image else { throw SDLError(operation: "draw image", message: "no image loaded") }
            image.setBlendMode(SDL_BLENDMODE_NONE)
            var src = SDL_Rect(source.pixelAligned)
            var dst = SDL_Rect(destination)
            guard SDL_RenderCopy(pointer, image.pointer, &src, &dst) == 0 else { throw SDLError.current("SDL_RenderCopy(image)") }
        case .scrim(let rect, let ramp):
            SDL_SetRenderDrawBlendMode(pointer, SDL_BLENDMODE_BLEND)
            for row in ramp.rows {
                let alpha = ramp.alpha(row: row)
                guard alpha > 0 else { continue }
                SDL_SetRenderDrawColor(pointer, 0, 0, 0, alpha)
                var r = SDL_Rect(x: Int32(rect.x), y: Int32(rect.y + row), w: Int32(rect.width), h: 1)
                SDL_RenderFillRect(pointer, &r)
            }
        case .text(let text, let weight, let pixelSize, let origin, let color, let direction):
            // Bidi runs, each shaped with its script and its face (fallback faces for the characters the bundled
            // face lacks), on the bundled baseline.
            let line = try resources.fonts.render(text, weight: weight, pixelSize: pixelSize, color: color, direction: ParagraphDirection(direction))
            try drawText(line.surface, at: Point(x: origin.x, y: origin.y + Double(line.top)))
        case .centeredText(let text, let weight, let pixelSize, let center, let color):
            let line = try resources.fonts.render(text, weight: weight, pixelSize: pixelSize, color: color)
            let size = line.surface.size
            try drawText(line.surface, at: Point(x: (center.x - Double(size.width) / 2).rounded(),
                                                 y: (center.y - Double(size.height) / 2).rounded() + Double(line.top)))
        case .card(let index, let destination):
            guard let card = resources.card(index) else { throw SDLError(operation: "draw card \(index)", message: "card is not composed") }
            card.setBlendMode(SDL_BLENDMODE_NONE)
            var dst = SDL_Rect(destination)
            guard SDL_RenderCopy(pointer, card.pointer, nil, &dst) == 0 else { throw SDLError.current("SDL_RenderCopy(card)") }
        case .fadedCard(let index, let destination, let opacity):
            guard let card = resources.fadingCard(index) ?? resources.card(index) else {
                throw SDLError(operation: "draw card \(index)", message: "card is not composed")
            }
            card.setBlendMode(SDL_BLENDMODE_BLEND)
            card.setAlphaMod(opacity)
            defer {
                // The texture is shared with plain `.card` copies: leave it opaque and unblended again.
                card.setAlphaMod(255)
                card.setBlendMode(SDL_BLENDMODE_NONE)
            }
            var dst = SDL_Rect(destination)
            guard SDL_RenderCopy(pointer, card.pointer, nil, &dst) == 0 else { throw SDLError.current("SDL_RenderCopy(faded card)") }
        case .dot(let center, let diameter, let color):
            let disc = try resources.discs.texture(diameter: diameter, renderer: self)
            SDL_SetTextureColorMod(disc.pointer, color.red, color.green, color.blue)
            disc.setAlphaMod(color.alpha)
            let side = disc.size.width
            var dst = SDL_Rect(x: Int32((center.x - Double(side) / 2).rounded()), y: Int32((center.y - Double(side) / 2).rounded()),
                               w: Int32(side), h: Int32(side))
            guard SDL_RenderCopy(pointer, disc.pointer, nil, &dst) == 0 else { throw SDLError.current("SDL_RenderCopy(dot)") }
        case .clip(let rect):
            guard let rect else {
                SDL_RenderSetClipRect(pointer, nil)
                return
            }
            var r = SDL_Rect(rect)
            guard SDL_RenderSetClipRect(pointer, &r) == 0 else { throw SDLError.current("SDL_RenderSetClipRect") }
        }
    }
}

extension Renderer {
    /// Blends a rendered line of text with its top-left corner at `origin`.
    private func drawText(_ surface: Surface, at origin: Point) throws(SDLError) {
        let texture = try makeTexture(from: surface)
        texture.setBlendMode(SDL_BLENDMODE_BLEND)
        var dst = SDL_Rect(x: Int32(origin.x.rounded()), y: Int32(origin.y.rounded()), w: Int32(surface.size.width), h: Int32(surface.size.height))
        guard SDL_RenderCopy(pointer, texture.pointer, nil, &dst) == 0 else { throw SDLError.current("SDL_RenderCopy(text)") }
    }
}

extension SDL_Rect {
    /// The SDL rectangle of a core pixel rectangle.
    init(_ rect: PixelRect) {
        self.init(x: Int32(rect.x), y: Int32(rect.y), w: Int32(rect.width), h: Int32(rect.height))
    }
}

/// White disc textures with antialiased alpha for the page dots, made once per size and kept.
public final class DiscTextures {
    private var textures: [Int: Texture] = [:]

    /// An empty cache.
    public init() {}

    /// A white disc texture with antialiased alpha, made once per size.
    public func texture(diameter: Double, renderer: Renderer) throws(SDLError) -> Texture {
        let key = Int((diameter * 4).rounded())  // Quarter-pixel steps are finer than anyone can see.
        if let texture = textures[key] { return texture }
        let mask = DiscMask(diameter: Double(key) / 4)
        let surface = try Surface(size: PixelSize(width: mask.side, height: mask.side))
        let s = surface.pointer.pointee
        SDL_LockSurface(surface.pointer)
        if let pixels = s.pixels?.assumingMemoryBound(to: UInt32.self) {
            let stride = Int(s.pitch) / 4
            for y in 0..<mask.side {
                for x in 0..<mask.side {
                    pixels[y * stride + x] = UInt32(mask[x, y]) << 24 | 0x00FF_FFFF  // ARGB8888: white, alpha = coverage.
                }
            }
        }
        SDL_UnlockSurface(surface.pointer)
        let texture = try renderer.makeTexture(from: surface)
        texture.setBlendMode(SDL_BLENDMODE_BLEND)
        textures[key] = texture
        return texture
    }
}
