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
            clear(color)
        case .fill(let rect, let color):
            fill(rect, color)
        case .image(let source, let destination):
            guard let image = resources.image else { throw SDLError(operation: "draw image", message: "no image loaded") }
            image.setBlendMode(.none)
            try draw(image, from: source.pixelAligned, in: destination, what: "image")
        case .scrim(let rect, let ramp):
            for row in ramp.rows {
                let alpha = ramp.alpha(row: row)
                guard alpha > 0 else { continue }
                // Blended, as every row is: an opaque row (alpha 255) blends to the same pixels it replaces with.
                fill(PixelRect(x: rect.x, y: rect.y + row, width: rect.width, height: 1), Color(red: 0, green: 0, blue: 0, alpha: alpha))
            }
        case .text(let text, let weight, let pixelSize, let origin, let color, let direction):
            // Bidi runs, each shaped with its script and its face (fallback faces for the characters the bundled
            // face lacks), on the bundled baseline.
            let line = try resources.fonts.render(text, weight: weight, pixelSize: pixelSize, color: color, direction: ParagraphDirection(direction))
            try drawText(line.surface, at: Point(x: origin.x, y: origin.y + Double(line.top)))
        case .centeredText(let text, let weight, let pixelSize, let center, let color):
            let line = try resources.fonts.render(text, weight: weight, pixelSize: pixelSize, color: color)
            let size = line.surface.size
            try drawText(line.surface, at: Point(x: (center.x - Double(size.width) / 2).pixelRounded,
                                                 y: (center.y - Double(size.height) / 2).pixelRounded + Double(line.top)))
        case .card(let index, let destination):
            guard let card = resources.card(index) else { throw SDLError(operation: "draw card \(index)", message: "card is not composed") }
            card.setBlendMode(.none)
            try draw(card, in: destination, what: "card")
        case .fadedCard(let index, let destination, let opacity):
            guard let card = resources.fadingCard(index) ?? resources.card(index) else {
                throw SDLError(operation: "draw card \(index)", message: "card is not composed")
            }
            card.setBlendMode(.blend)
            card.setAlphaMod(opacity)
            defer {
                // The texture is shared with plain `.card` copies: leave it opaque and unblended again.
                card.setAlphaMod(255)
                card.setBlendMode(.none)
            }
            try draw(card, in: destination, what: "faded card")
        case .dot(let center, let diameter, let color):
            let disc = try resources.discs.texture(diameter: diameter, renderer: self)
            disc.setTint(color)
            let side = disc.size.width
            let place = PixelRect(x: Int((center.x - Double(side) / 2).pixelRounded), y: Int((center.y - Double(side) / 2).pixelRounded),
                                  width: side, height: side)
            try draw(disc, in: place, what: "dot")
        case .clip(let rect):
            try clip(to: rect)
        }
    }
}

extension Renderer {
    /// Blends a rendered line of text with its top-left corner at `origin`.
    private func drawText(_ surface: Surface, at origin: Point) throws(SDLError) {
        let texture = try makeTexture(from: surface)
        texture.setBlendMode(.blend)
        let place = PixelRect(x: Int(origin.x.pixelRounded), y: Int(origin.y.pixelRounded), width: surface.size.width, height: surface.size.height)
        try draw(texture, in: place, what: "text")
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
        surface.withPixels { rows in
            for y in 0..<mask.side {
                let row = rows.pixels(y)
                for x in 0..<mask.side { row[x] = UInt32(mask[x, y]) << 24 | 0x00FF_FFFF }  // ARGB8888: white, alpha = coverage.
            }
        }
        let texture = try renderer.makeTexture(from: surface)
        texture.setBlendMode(.blend)
        textures[key] = texture
        return texture
    }
}
