import CSDL2
import VitrineCore

/// Which image, at which card size, a prepared picture is for.
public struct ImageRequest: Hashable, Sendable {
    /// The image file.
    public var path: String
    /// The visible card's pixel size.
    public var size: PixelSize
    /// Whether the picture is turned upright by its Exif orientation.
    public var exifOrientation: Bool
    /// The colour the picture's transparent pixels are composited over (`display.background`).
    public var background = Color.black

    /// A request for the picture at `path` in a card of `size` pixels.
    public init(path: String, size: PixelSize, exifOrientation: Bool = true) {
        self.path = path
        self.size = size
        self.exifOrientation = exifOrientation
    }

    /// How the picture is decoded for this card: covering its 3:2 card.
    public var decodeOptions: DecodeOptions { DecodeOptions(covering: cardSize, exifOrientation: exifOrientation, background: background) }

    /// Requests are equal for the same path bytes (``PathKey``) and size.
    public static func == (a: ImageRequest, b: ImageRequest) -> Bool { PathKey.same(a.path, b.path) && a.size == b.size }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(PathKey(path))
        hasher.combine(size)
    }

    /// The size of the whole 3:2 card that covers the visible card: the same in `contain` mode, larger in `cover`
    /// mode, where the card is cropped to the window. The picture is prepared at this size, so ``CardLayout``'s
    /// crop of it to the visible part is a 1:1 copy.
    public var cardSize: PixelSize {
        let w = Double(size.width), h = Double(size.height), aspect = CardStyle.aspectRatio
        return w / h > aspect
            ? PixelSize(width: size.width, height: Int((w / aspect).rounded(.up)))
            : PixelSize(width: Int((h * aspect).rounded(.up)), height: size.height)
    }
}

/// A card image decoded, center-cropped and scaled to its card's pixel size, ready to become a texture.
///
/// Why `@unchecked`: like ``PreparedCard``, it carries a ``Surface`` from the thread that decoded it to the one
/// that uses it; its field never changes.
public final class PreparedImage: @unchecked Sendable {
    /// The picture, or why there is none.
    public let result: Result<Surface, SDLError>

    init(_ result: Result<Surface, SDLError>) { self.result = result }

    /// Decodes the image at `request.path` and scales its aspect-fill crop to the 3:2 card
    /// (``ImageRequest/cardSize``) with linear filtering.
    ///
    /// Runs on any thread: it touches only surfaces it owns (SDL's surface functions need no renderer).
    public static func prepare(_ request: ImageRequest) -> PreparedImage {
        scale(decode(path: request.path, options: request.decodeOptions), for: request)
    }

    /// Decodes the image file at `path` into opaque, upright 32-bit ARGB (``ImageDecoder``), at the least size
    /// that covers `options.covering`: the half of ``prepare(_:)`` that can start before the window exists.
    public static func decode(path: String, options: DecodeOptions = DecodeOptions(), stop: DecodeStop? = nil) -> Result<Surface, SDLError> {
        do throws(SDLError) {
            return .success(try ImageDecoder.decode(path: path, options: options, stop: stop).surface)
        } catch {
            return .failure(error)
        }
    }

    /// Scales the aspect-fill crop of a `decoded` picture to `request`'s 3:2 card (``ImageRequest/cardSize``) with
    /// linear filtering: the half of ``prepare(_:)`` that needs the card size.
    /// Scales the aspect-fill crop of `decoded` (32-bit ARGB) to fill all of `target` with linear filtering.
    public static func stretch(_ decoded: Surface, into target: Surface, path: String) throws(SDLError) {
        var src = SDL_Rect(AspectFill.sourceRect(imageSize: decoded.size, frameAspect: CardStyle.aspectRatio).pixelAligned)
        var dst = SDL_Rect(x: 0, y: 0, w: Int32(target.size.width), h: Int32(target.size.height))
        guard SDL_SoftStretchLinear(decoded.pointer, &src, target.pointer, &dst) == 0 else {
            throw SDLError.current("SDL_SoftStretchLinear(\(path))")
        }
    }

    public static func scale(_ decoded: Result<Surface, SDLError>, for request: ImageRequest) -> PreparedImage {
        do throws(SDLError) {
            let target = try Surface(size: request.cardSize)
            try stretch(decoded.get(), into: target, path: request.path)
            return PreparedImage(.success(target))
        } catch {
            return PreparedImage(.failure(error))
        }
    }
}

