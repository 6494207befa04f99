import VitrineCore
import VitrineSystem

extension FirstCard {
    /// The picture at `path` decoded straight into a new card-sized surface of `size` (``JPEGCardStream``), or nil
    /// when it is not a picture for that or `size` is not a card's whole 3:2 size.
    static func streamed(_ path: String, size: PixelSize, exifOrientation: Bool) -> Surface? {
        guard ImageRequest(path: path, size: size).cardSize == size, let surface = try? Surface(size: size),
              JPEGCardStream.decode(path: path, into: surface, exifOrientation: exifOrientation) else { return nil }
        return surface
    }

    /// The card composed over the `streamed` picture of `image`, when the plan's card is that picture at that size
    /// decoded the same way; nil otherwise (then the picture is decoded again for the card the plan wants).
    static func compose(_ streamed: Surface, image: String, hint: DecodeOptions, plan expected: CardComposer?, fonts: FontLibrary,
                        cache: CardCache?) -> Output? {
        guard let expected, PathKey.same(image, expected.card.image), expected.size == streamed.size,
              expected.decodeOptions == DecodeOptions(covering: streamed.size, exifOrientation: hint.exifOrientation) else { return nil }
        let decoded = Result<Surface, SDLError>.failure(SDLError(operation: "first card", message: "decoded straight into the card"))
        do throws(SDLError) {
            let card = try expected.composeSurface(over: streamed, fonts: fonts)
            StartupTimeline.mark("first card composed")
            if card.problems.isEmpty { cache?.storeLater(card.surface, for: expected) }
            return Output(decoded: decoded, streamed: true, composed: Composed(composer: expected, surface: card.surface, problems: card.problems))
        } catch {
            return Output(decoded: decoded, streamed: true, composed: Composed(composer: expected, surface: nil, problems: []))
        }
    }
}
