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

/// Makes previews and composes cards on one background queue (decoding, scaling, scrim and text), so neither a
/// swipe nor the loop waits for a card.
///
/// Previews come first: every preview asked for is made (a few milliseconds each) before the next composition
/// starts (most of a second for a 24-megapixel photo), and a new one makes the composition under way give up and
/// start again after it, so the cards beside the screen have theirs before anyone pages to them. Within each kind,
/// work goes in the order asked (the deck asks for the card on screen first). One queue, one worker thread: a
/// second thread for previews kept a heap of its own, about a card's worth of memory after paging (commit d3b665d).
///
/// Only the SDL thread touches the window's renderer: this class hands back surfaces, composed with a software
/// renderer of their own (``CardComposer``), and the deck renderer turns them into textures, a copy. `onReady`
/// runs on the background queue when a card or a preview is ready (the app wakes its loop there).
public final class CardPreparer: Sendable {
    /// Called on the background queue after each card or preview is ready; set before the first request.
    public var onReady: @Sendable () -> Void {
        get { readyHandler.withLock { $0 } }
        set { readyHandler.withLock { $0 = newValue } }
    }
    private let readyHandler = Mutex<@Sendable () -> Void>({})

    /// The work asked for and the cards made, shared with the queue.
    private struct Work {
        /// Compositions asked for, most urgent first.
        var pending: [CardComposer] = []
        var ready: [CardComposer: PreparedCard] = [:]
        /// Previews asked for, most urgent first: each comes before any composition.
        var previewsPending: [CardComposer] = []
        /// Previews made, or nil where none can be made quickly.
        var previews: [CardComposer: PreparedCard?] = [:]
        /// The composition under way and its stop, pulled when it is no longer wanted.
        var composing: (composer: CardComposer, stop: DecodeStop)?
        /// Set by ``CardPreparer/stop()``: nothing starts any more.
        var stopped = false

        /// Pulls the stop of the composition under way unless `isWanted` says it still is.
        func abandonComposing(unless isWanted: (CardComposer) -> Bool) {
            if let composing, !isWanted(composing.composer) { composing.stop.stop() }
        }
    }

    /// One piece of work for the queue.
    private enum Job {
        case preview(CardComposer)
        case compose(CardComposer, DecodeStop)
    }

    private let fonts: FontLibrary
    private let queue = DispatchQueue(label: "vitrine.card-prepare", qos: .userInitiated)
    private let work = Mutex(Work())
    /// Pulled by ``stop()``: a preview being made gives up (a composition has a stop of its own).
    private let decodeStop = DecodeStop()

    /// A preparer with an idle queue that draws text with `fonts` (which is thread-safe).
    public init(fonts: FontLibrary) {
        self.fonts = fonts
    }

    /// Asks for `compositions` and `previews`, each most urgent first, in place of what was asked before: work no
    /// longer asked for is dropped (a composition under way gives up within a row's time), what is under way or
    /// ready is kept.
    public func want(compositions: [CardComposer], previews: [CardComposer]) {
        let added = work.withLock { work -> Int in
            guard !work.stopped else { return 0 }
            let newCompositions = compositions.filter { work.ready[$0] == nil }
            let newPreviews = previews.filter { work.previews[$0] == nil }
            let before = Set(work.pending).union(work.previewsPending)
            work.pending = newCompositions
            work.previewsPending = newPreviews
            let wanted = Set(compositions).union(previews)
            work.ready = work.ready.filter { wanted.contains($0.key) }
            work.previews = work.previews.filter { wanted.contains($0.key) }
            let added = (newCompositions + newPreviews).filter { !before.contains($0) }
            // A new preview goes before the composition under way, which gives up and starts again after it: a
            // card about to come on screen needs its preview sooner than one composed card more.
            let preempts = newPreviews.contains { !before.contains($0) }
            work.abandonComposing { !preempts && wanted.contains($0) }
            return added.count
        }
        // One turn of the queue for each new piece of work; each turn does the most urgent piece left.
        for _ in 0..<added { queue.async { [self] in runNext() } }
    }

    /// Does the most urgent piece of work left: a preview, else a composition.
    private func runNext() {
        let job = work.withLock { work -> Job? in
            guard !work.stopped else { return nil }
            if !work.previewsPending.isEmpty { return .preview(work.previewsPending[0]) }
            guard let next = work.pending.first else { return nil }
            let stop = DecodeStop()
            work.composing = (next, stop)
            return .compose(next, stop)
        }
        switch job {
        case .preview(let composer):
            let card = PreparedCard.preview(composer, fonts: fonts, stop: decodeStop)
            let kept = work.withLock { work -> Bool in
                // Taken off the list only now, and kept only if still asked for.
                guard let at = work.previewsPending.firstIndex(of: composer) else { return false }
                work.previewsPending.remove(at: at)
                work.previews[composer] = .some(card)
                return true
            }
            if kept { onReady() }
        case .compose(let composer, let stop):
            let card = PreparedCard.compose(composer, fonts: fonts, stop: stop)
            let (kept, again) = work.withLock { work -> (Bool, Bool) in
                work.composing = nil
                guard let at = work.pending.firstIndex(of: composer) else { return (false, false) }  // No longer asked for.
                // Given up for a preview: still asked for, so it is composed again once the previews are made.
                guard !stop.isStopped else { return (false, !work.stopped) }
                work.pending.remove(at: at)
                work.ready[composer] = card
                work.previews[composer] = nil  // The card supersedes its preview.
                return (true, false)
            }
            if kept { onReady() }
            if again { queue.async { [self] in runNext() } }
        case nil:
            break
        }
    }

    /// The composed card for `composer`, handed over once (nil while it is still being composed).
    public func take(_ composer: CardComposer) -> PreparedCard? {
        work.withLock { $0.ready.removeValue(forKey: composer) }
    }

    /// The preview for `composer`, handed over once: nil while it is being made (or was never asked for),
    /// `.some(nil)` when none can be made.
    public func takePreview(_ composer: CardComposer) -> PreparedCard?? {
        work.withLock { $0.previews.removeValue(forKey: composer) }
    }

    /// Whether a composition is under way.
    public var isComposing: Bool { work.withLock { $0.composing != nil } }

    /// Whether everything asked for is made: no preview or composition waits or is under way.
    public var isIdle: Bool { work.withLock { $0.pending.isEmpty && $0.previewsPending.isEmpty } }

    /// No longer makes the preview of `composer` (the deck made it itself).
    public func dropPreview(_ composer: CardComposer) {
        work.withLock { work in
            work.previewsPending.removeAll { $0 == composer }
            work.previews[composer] = nil
        }
    }

    /// Cancels everything pending, makes the card being decoded give up (``DecodeStop``), and waits for the card
    /// being composed, if any: afterwards no work item holds
    /// this preparer or its fonts, which must be closed on the app's thread before SDL_ttf shuts down.
    public func stop() {
        work.withLock { work in
            work.composing?.stop.stop()
            work = Work()
            work.stopped = true
        }
        decodeStop.stop()
        queue.sync {}
    }

    /// Forgets cards, previews and pending work not in `wanted`, so memory follows the cards near the screen.
    public func keepOnly(_ wanted: Set<CardComposer>) {
        work.withLock { work in
            work.ready = work.ready.filter { wanted.contains($0.key) }
            work.pending = work.pending.filter { wanted.contains($0) }
            work.previews = work.previews.filter { wanted.contains($0.key) }
            work.previewsPending = work.previewsPending.filter { wanted.contains($0) }
            work.abandonComposing { wanted.contains($0) }
        }
    }

    /// Forgets cards, previews and pending work that show any of `imagePaths`, whose files changed: they are made
    /// again from the new files when next asked for.
    public func forget(imagePaths: Set<PathKey>) {
        let shows = { (composer: CardComposer) in imagePaths.contains(PathKey(composer.card.image)) }
        work.withLock { work in
            work.ready = work.ready.filter { !shows($0.key) }
            work.pending = work.pending.filter { !shows($0) }
            work.previews = work.previews.filter { !shows($0.key) }
            work.previewsPending = work.previewsPending.filter { !shows($0) }
            work.abandonComposing { !shows($0) }
        }
    }
}
