import Dispatch
import VitrineCore

/// A card composed on the background queue, ready to become a texture.
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
    public static func compose(_ composer: CardComposer, fonts: FontLibrary) -> PreparedCard {
        do throws(SDLError) {
            let made = try composer.composeSurface(decoded: PreparedImage.decode(path: composer.card.image, options: composer.decodeOptions), fonts: fonts)
            return PreparedCard(surface: .success(made.surface), problems: made.problems)
        } catch {
            return PreparedCard(surface: .failure(error), problems: [])
        }
    }
}

/// Composes cards on a background queue (decoding, scaling, scrim and text), so a swipe never waits for a card.
///
/// Only the SDL thread touches the window's renderer: this class hands back surfaces, composed with a software
/// renderer of their own (``CardComposer``), and the deck renderer turns them into textures, a copy. `onReady`
/// runs on the background queue when a card is ready (the app wakes its loop there).
public final class CardPreparer: @unchecked Sendable {
    /// Called on the background queue after each card is ready.
    public var onReady: @Sendable () -> Void = {}

    private let fonts: FontLibrary
    private let queue = DispatchQueue(label: "vitrine.card-prepare", qos: .userInitiated)
    private let lock = Lock()
    private var pending: Set<CardComposer> = []
    private var ready: [CardComposer: PreparedCard] = [:]

    /// A preparer with an idle queue that draws text with `fonts` (which is thread-safe).
    public init(fonts: FontLibrary) {
        self.fonts = fonts
    }

    /// Starts composing the card `composer` describes unless it is already under way or done.
    public func request(_ composer: CardComposer) {
        let isNew = lock.withLock { () -> Bool in
            guard ready[composer] == nil, !pending.contains(composer) else { return false }
            pending.insert(composer)
            return true
        }
        guard isNew else { return }
        queue.async { [self] in
            // Work cancelled while it waited in the queue is skipped.
            guard lock.withLock({ pending.contains(composer) }) else { return }
            let card = PreparedCard.compose(composer, fonts: fonts)
            lock.withLock {
                // A request cancelled meanwhile is not kept.
                if pending.remove(composer) != nil { ready[composer] = card }
            }
            onReady()
        }
    }

    /// The composed card for `composer`, handed over once (nil while it is still being composed).
    public func take(_ composer: CardComposer) -> PreparedCard? {
        lock.withLock { ready.removeValue(forKey: composer) }
    }

    /// Cancels everything pending and waits for the card being composed, if any: afterwards no work item holds
    /// this preparer or its fonts, which must be closed on the app's thread before SDL_ttf shuts down.
    public func stop() {
        lock.withLock {
            pending.removeAll()
            ready.removeAll()
        }
        queue.sync {}
    }

    /// Forgets cards and pending work not in `wanted`, so memory follows the cards near the screen.
    public func keepOnly(_ wanted: Set<CardComposer>) {
        lock.withLock {
            ready = ready.filter { wanted.contains($0.key) }
            pending = pending.filter { wanted.contains($0) }
        }
    }

    /// Forgets cards and pending work that show any of `imagePaths`, whose files changed: they are composed again
    /// from the new files when next asked for.
    public func forget(imagePaths: Set<String>) {
        lock.withLock {
            ready = ready.filter { !imagePaths.contains($0.key.card.image) }
            pending = pending.filter { !imagePaths.contains($0.card.image) }
        }
    }
}
