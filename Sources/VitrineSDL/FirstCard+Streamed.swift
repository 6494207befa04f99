import Glibc
import VitrineCore
import VitrineSystem

extension FirstCard {
    /// The picture at `path` decoded straight into a new card-sized surface of `size` (``JPEGCardStream``), or nil
    /// when it is not a picture for that or `size` is not a card's whole 3:2 size.
    ///
    /// The pixels are decoded into memory of their own before SDL is asked for the surface over them: SDL may still
    /// be opening (SDLLibrary.startOpening), and the decode (5-7 ms for an 1800x1200 photo) runs beside it.
    static func streamed(_ path: String, size: PixelSize, exifOrientation: Bool) -> Surface? {
        guard ImageRequest(path: path, size: size).cardSize == size, let pixels = PixelMemory(size: size),
              JPEGCardStream.decode(path: path, into: pixels.base, pitch: pixels.pitch, size: size, exifOrientation: exifOrientation)
        else { return nil }
        StartupTimeline.mark("first card decoded into its card")
        return Surface(argb8888: pixels.base, size: size, pitch: pixels.pitch, heldBy: pixels)
    }

    /// The card composed over the `streamed` picture of `image`, when the plan's card is that picture at that size
    /// decoded the same way; nil otherwise (then the picture is decoded again for the card the plan wants).
    static func compose(_ streamed: Surface, image: String, hint: DecodeOptions, plan expected: CardComposer?, fonts: FontLibrary,
                        cache: CardCache?) -> Output? {
        guard let expected, PathKey.same(image, expected.card.image), expected.size == streamed.size,
              // A streamed JPEG has no transparent pixels: the background it would be composited over is moot.
              expected.decodeOptions == DecodeOptions(covering: streamed.size, exifOrientation: hint.exifOrientation,
                                                      background: expected.background) else { return nil }
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

/// Memory of its own for ARGB8888 pixels, freed when the surface made over it (``Surface/init(argb8888:size:pitch:heldBy:)``)
/// goes.
final class PixelMemory {
    let base: UnsafeMutableRawPointer
    let size: PixelSize
    var pitch: Int { size.width * 4 }

    init?(size: PixelSize) {
        guard size.width > 0, size.height > 0, let base = malloc(size.width * size.height * 4) else { return nil }
        self.base = base
        self.size = size
    }

    deinit { free(base) }
}
