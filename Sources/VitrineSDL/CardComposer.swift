import VitrineCore

/// Draws one card (image, scrim, title and subtitle) with any renderer: the window's, into a target texture, or a
/// software renderer of its own, into a surface on another thread.
///
/// Both give the same pixels with the software renderer, so a card composed ahead of the window (see
/// ``FirstCard``) is the card the deck would have composed.
public struct CardComposer: Hashable, Sendable {
    /// A problem met while composing, and the key it is reported once under.
    public struct Problem: Equatable, Sendable {
        /// The line to report.
        public var message: String
        /// Problems with the same key are reported once (an image file's problems share one key).
        public var key: String
    }

    /// The card's texts.
    public var card: CardConfig
    /// The card's index in the deck (for messages).
    public var index: Int
    /// The number of cards, which sizes the page control the title keeps clear of.
    public var pageCount: Int
    /// The visible card's size in pixels.
    public var size: PixelSize
    /// Pixels per point (2 on a HiDPI screen).
    public var pointScale: Double
    /// Whether the picture is turned upright by its Exif orientation.
    public var exifOrientation = true
    /// Text and display scale and the scrim's contrast.
    public var readability = Readability()
    /// The texts' colour and place, and whether they keep clear of the dots (`style`).
    public var look = CardLook()
    /// The letterbox colour (`display.background`) the picture's transparent pixels are composited over.
    public var background = Color.black

    /// How the card's picture is decoded: covering its 3:2 card.
    public var decodeOptions: DecodeOptions {
        DecodeOptions(covering: ImageRequest(path: card.image, size: size).cardSize, exifOrientation: exifOrientation, background: background)
    }

    /// A composer for card `index` of `pageCount` at `size` pixels.
    public init(card: CardConfig, index: Int, pageCount: Int, size: PixelSize, pointScale: Double) {
        self.card = card; self.index = index; self.pageCount = pageCount; self.size = size; self.pointScale = pointScale
    }

    public func hash(into hasher: inout Hasher) {
        // A subset of what == compares, so equal composers hash alike.
        hasher.combine(PathKey(card.image))
        hasher.combine(card.title)
        hasher.combine(index)
        hasher.combine(pageCount)
        hasher.combine(size)
        hasher.combine(pointScale)
        hasher.combine(readability)
        hasher.combine(look)
    }

    /// Draws the card into `renderer`'s current target, which is `size` pixels, and returns what went wrong.
    ///
    /// When the image cannot be used the card is the placeholder (see ``CardLayout``) and one problem names the
    /// file and the reason.
    public func draw(image prepared: PreparedImage, fonts: FontLibrary, renderer: Renderer) -> [Problem] {
        var problems: [Problem] = []
        var image: Texture?
        do throws(SDLError) {
            image = try renderer.makeTexture(from: prepared.result.get())
        } catch {
            problems.append(Problem(message: "image unavailable: \(Limits.shortened(card.image)): \(error.message) (card \(index), \(Limits.shortened(card.title, quoting: true)))",
                                    key: "image:" + card.image))
        }
        let list = layout(imageSize: image?.size, fonts: fonts).displayList
        return problems + execute(list, image: image, fonts: fonts, renderer: renderer)
    }

    /// The card's layout for a picture of `imageSize` (nil: the placeholder).
    func layout(imageSize: PixelSize?, fonts: FontLibrary) -> CardLayout {
        let control = PageControlLayout(pageCount: pageCount, currentPage: 0,
                                        card: Rect(x: 0, y: 0, width: Double(size.width), height: Double(size.height)),
                                        pointScale: pointScale, readability: readability, pauseButton: look.pauseButton, dotsShown: look.dots)
        return CardLayout(content: CardContent(card: card, imageSize: imageSize, look: look),
                          size: size, trailingReserve: control.reservedWidth, readability: readability, measurer: fonts, look: look)
    }

    /// Executes `list` and turns what could not be drawn into problems.
    private func execute(_ list: DisplayList, image: Texture?, fonts: FontLibrary, renderer: Renderer) -> [Problem] {
        renderer.execute(list, resources: DrawResources(fonts: fonts, discs: DiscTextures(), image: image)).map { error in
            let message = "card \(index) (\"\(card.title)\"): \(error)"
            return Problem(message: message, key: message)
        }
    }

    /// Composes the card from its `decoded` picture (at the picture's own size) into a new 32-bit surface; runs on
    /// any thread.
    ///
    /// When the 3:2 card is all visible (``ImageRequest/cardSize`` is the card's size), the picture is scaled
    /// straight into the surface and the rest of the card drawn over it: the same pixels as scaling it apart and
    /// copying it in 1:1, without the copy and a card-sized buffer. Otherwise, or when the picture is missing, this
    /// is ``composeSurface(image:fonts:)``.
    public func composeSurface(decoded: Result<Surface, SDLError>, fonts: FontLibrary) throws(SDLError) -> (surface: Surface, problems: [Problem]) {
        let request = ImageRequest(path: card.image, size: size)
        guard case .success(let picture) = decoded, request.cardSize == size else {
            return try composeSurface(image: PreparedImage.scale(decoded, for: request), fonts: fonts)
        }
        let surface = try Surface(size: size)
        do throws(SDLError) {
            try PreparedImage.stretch(picture, into: surface, path: card.image)
        } catch {
            return try composeSurface(image: PreparedImage(.failure(error)), fonts: fonts)
        }
        return try composeSurface(over: surface, fonts: fonts)
    }

    /// Composes the card in `surface`, which already holds the picture scaled to the card (as
    /// ``composeSurface(decoded:fonts:)`` scales it, or ``JPEGCardStream`` decodes it): the rest of the card is
    /// drawn over it, in place.
    public func composeSurface(over surface: Surface, fonts: FontLibrary) throws(SDLError) -> (surface: Surface, problems: [Problem]) {
        let renderer = try Renderer(surface: surface)
        var list = layout(imageSize: size, fonts: fonts).displayList
        list.commands.removeAll { if case .image = $0 { true } else { false } }
        return (surface, execute(list, image: nil, fonts: fonts, renderer: renderer))
    }

    /// Composes the card into a new 32-bit surface with a software renderer of its own; runs on any thread.
    public func composeSurface(image: PreparedImage, fonts: FontLibrary) throws(SDLError) -> (surface: Surface, problems: [Problem]) {
        let surface = try Surface(size: size)
        let renderer = try Renderer(surface: surface)
        let problems = draw(image: image, fonts: fonts, renderer: renderer)
        return (surface, problems)
    }
}
