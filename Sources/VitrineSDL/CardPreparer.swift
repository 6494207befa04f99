import Dispatch
import Synchronization
import VitrineCore
import VitrineSystem

/// A card composed on the background queue, ready to become a texture.
///
/// Why `@unchecked`: it hands a ``Surface`` (an SDL pointer, not `Sendable`) from the queue that made it to the
/// thread that shows it. Its fields never change, and the maker drops its reference when it hands it over.
public final class PreparedCard: @unchecked Sendable {
    /// The card's pixels, or why there are none (the deck then composes it itself).
    public let surface: Result<Surface, SDLError>
    /// The problems to report once the card is shown, such as an image that could not be read.
    public let problems: [CardComposer.Problem]

    init(surface: Result<Surface, SDLError>, problems: [CardComposer.Problem]) {
        self.surface = surface
        self.problems = problems
    }

    /// Decodes, scales and composes the card `composer` describes into a surface of its own; runs on any thread.
    public static func compose(_ composer: CardComposer, fonts: FontLibrary, stop: DecodeStop? = nil) -> PreparedCard {
        do throws(SDLError) {
            let decoded = PreparedImage.decode(path: composer.card.image, options: composer.decodeOptions, stop: stop)
            let made = try composer.composeSurface(decoded: decoded, fonts: fonts)
            return PreparedCard(surface: .success(made.surface), problems: made.problems)
        } catch {
            return PreparedCard(surface: .failure(error), problems: [])
        }
    }

    /// The card `composer` describes over a preview of its picture (``JPEGPreview``), shown until it is composed;
    /// nil when no preview can be made quickly. Runs on any thread.
    public static func preview(_ composer: CardComposer, fonts: FontLibrary, stop: DecodeStop? = nil) -> PreparedCard? {
        guard let picture = JPEGPreview.picture(path: composer.card.image, cardSize: composer.size,
                                                exifOrientation: composer.exifOrientation, stop: stop),
              let made = try? composer.composeSurface(decoded: .success(picture), fonts: fonts) else { return nil }
        return PreparedCard(surface: .success(made.surface), problems: [])
    }

    /// The card `composer` describes with no picture: its gradient and texts over the placeholder colour, without
    /// the placeholder's notice (``CardFace/titleOnly``). Nil when even that cannot be drawn.
    public static func titleOnly(_ composer: CardComposer, fonts: FontLibrary) -> PreparedCard? {
        let colour = CardStyle.placeholderColor
        guard let plain = try? Surface(rgba: [colour.red, colour.green, colour.blue, 255], size: PixelSize(width: 1, height: 1)),
              let made = try? composer.composeSurface(decoded: .success(plain), fonts: fonts) else { return nil }
        return PreparedCard(surface: .success(made.surface), problems: [])
    }
}

/// Composes cards on a background queue (decoding, scaling, scrim and text), so a swipe never waits for a card.
///
/// Only the SDL thread touches the window's renderer: this class hands back surfaces, composed with a software
/// renderer of their own (``CardComposer``), and the deck renderer turns them into textures, a copy. `onReady`
/// runs on the background queue when a card is ready (the app wakes its loop there).
public final class CardPreparer: Sendable {
    /// Called on the background queue after each card is ready; set before the first request.
    public var onReady: @Sendable () -> Void {
        get { readyHandler.withLock { $0 } }
        set { readyHandler.withLock { $0 = newValue } }
    }
    private let readyHandler = Mutex<@Sendable () -> Void>({})

    /// The work asked for and the cards made, shared with the queue.
    private struct Work {
        var pending: Set<CardComposer> = []
        var ready: [CardComposer: PreparedCard] = [:]
    }

    private let fonts: FontLibrary
    private let queue = DispatchQueue(label: "vitrine.card-prepare", qos: .userInitiated)
    private let work = Mutex(Work())
    /// Pulled by ``stop()``: the card being decoded gives up, so stopping waits a row's time, not a whole decode's.
    private let decodeStop = DecodeStop()

    /// A preparer with an idle queue that draws text with `fonts` (which is thread-safe).
    public init(fonts: FontLibrary) {
        self.fonts = fonts
    }

    /// Starts composing the card `composer` describes unless it is already under way or done.
    public func request(_ composer: CardComposer) {
        let isNew = work.withLock { work -> Bool in
            guard work.ready[composer] == nil, !work.pending.contains(composer) else { return false }
            work.pending.insert(composer)
            return true
        }
        guard isNew else { return }
        queue.async { [self] in
            // Work cancelled while it waited in the queue is skipped.
            guard work.withLock({ $0.pending.contains(composer) }) else { return }
            let card = PreparedCard.compose(composer, fonts: fonts, stop: decodeStop)
            work.withLock { work in
                // A request cancelled meanwhile is not kept.
                if work.pending.remove(composer) != nil { work.ready[composer] = card }
            }
            onReady()
        }
    }

    /// The composed card for `composer`, handed over once (nil while it is still being composed).
    public func take(_ composer: CardComposer) -> PreparedCard? {
        work.withLock { $0.ready.removeValue(forKey: composer) }
    }

    /// Cancels everything pending, makes the card being decoded give up (``DecodeStop``), and waits for the card
    /// being composed, if any: afterwards no work item holds
    /// this preparer or its fonts, which must be closed on the app's thread before SDL_ttf shuts down.
    public func stop() {
        work.withLock { $0 = Work() }
        decodeStop.stop()
        queue.sync {}
    }

    /// Forgets cards and pending work not in `wanted`, so memory follows the cards near the screen.
    public func keepOnly(_ wanted: Set<CardComposer>) {
        work.withLock { work in
            work.ready = work.ready.filter { wanted.contains($0.key) }
            work.pending = work.pending.filter { wanted.contains($0) }
        }
    }

    /// Forgets cards and pending work that show any of `imagePaths`, whose files changed: they are composed again
    /// from the new files when next asked for.
    public func forget(imagePaths: Set<PathKey>) {
        work.withLock { work in
            work.ready = work.ready.filter { !imagePaths.contains(PathKey($0.key.card.image)) }
            work.pending = work.pending.filter { !imagePaths.contains(PathKey($0.card.image)) }
        }
    }
}
