import Dispatch
import Glibc
import Synchronization
import VitrineCore
import VitrineSystem

/// The first card's picture, prepared on another thread while SDL opens the display.
///
/// Opening the display (SDL's video subsystem: the display connection, the input method, the window) and decoding
/// the first image need nothing from each other, so `run` starts this before SDL's video and the first picture
/// waits only for the longer of the two. When the card's pixel size is known ahead (a window of a given size), the
/// card is composed here too, with a software renderer of its own (see ``CardComposer``).
public final class FirstCard: @unchecked Sendable {
    /// What the thread made.
    public struct Output {
        /// The decoded picture, or why there is none.
        public var decoded: Result<Surface, SDLError>
        /// The decoded picture and how it was decoded, so a deck that needs another size can tell whether it is
        /// the same (``DecodedImage/isSame(as:)``).
        public var picture: DecodedImage? = nil
        /// Whether the card came from the ``CardCache`` (then nothing was decoded: `decoded` is a failure).
        public var fromCache = false
        /// Whether the picture was decoded straight into the card (``JPEGCardStream``): then `decoded` is a failure,
        /// and a deck that needs another size decodes it itself.
        public var streamed = false
        /// The card composed for the expected size, when one was given.
        public var composed: Composed?
    }

    /// A card composed ahead of the window.
    public struct Composed {
        /// What it was composed as: its texts, page count and pixel size.
        public var composer: CardComposer
        /// The card's pixels; nil when composing failed (the deck then composes it itself).
        public var surface: Surface?
        /// The problems to report if this card is used.
        public var problems: [CardComposer.Problem]
    }

    /// What the thread is to make once the picture is decoded: the card, its index, and the card as it will be
    /// composed (nil: decode only).
    private struct Plan {
        var card: CardConfig
        var index: Int
        var expected: CardComposer?
        /// Where a splash shows the card made for `expected` before SDL's window is up, if anywhere (``Splash``).
        var splash: Splash.Plan?
    }

    /// The card being prepared (nil until ``proceed(card:index:expected:)``, or when the config had none).
    public var card: CardConfig? { plan?.card }
    /// Its index in the deck.
    public var index: Int { plan?.index ?? 0 }

    private let fonts: FontLibrary
    /// Where composed first cards are kept across restarts, if anywhere.
    public let cache: CardCache?
    private let queue = DispatchQueue(label: "vitrine.first-card", qos: .userInteractive)
    private let finished = DispatchSemaphore(value: 0)
    private let planned = DispatchSemaphore(value: 0)
    /// Set once by the app's thread before it signals `planned`; read by the thread only after waiting on it.
    private var plan: Plan?
    private var isPlanned = false
    /// Written by the thread before it signals `finished`; read only after waiting on it.
    private var output: Output?
    private var taken = false
    private let done = Atomic<Bool>(false)
    /// The card shown before SDL's window is up, until the app takes it (``takeSplash()``).
    private let splash = Mutex<Splash?>(nil)
    /// The X connection the splash is to be shown on, when the app opened one (full screen); the thread takes it.
    private let screen = Mutex<Splash?>(nil)
    /// Signalled once SDL_ttf is up (``fontsAreUp()``, or ``wait()``): the thread composes no text before.
    private let fontsUp = OneTimeSignal()
    /// Signalled once the thread has shown the splash, or will not.
    private let splashSettled = OneTimeSignal()

    /// Whether the thread has finished, so ``wait()`` would return at once.
    public var isFinished: Bool { done.load(ordering: .acquiring) }

    /// Starts decoding card `index`'s image at once, and composing it when `expected` gives its pixel size; SDL_ttf
    /// must be up already.
    public convenience init(card: CardConfig, index: Int, expected: CardComposer?, fonts: FontLibrary, cache: CardCache? = nil) {
        self.init(guessing: { card.image }, hint: expected?.decodeOptions ?? DecodeOptions(), fonts: fonts, cache: cache)
        fontsAreUp()
        proceed(card: card, index: index, expected: expected)
    }

    /// Starts on the first card before the config is validated: reads the config file at `configFile`, finds the
    /// first card's image (``KioskConfig/peekFirstCardImage(_:file:)``) and decodes it, then waits for
    /// ``proceed(card:index:expected:)`` to say which card it really is.
    ///
    /// Validating a large deck (10,000 cards: about 12 ms) and decoding the first picture then happen side by
    /// side; a wrong guess is decoded again. `hint` says how to decode it before the card's size is known (such as
    /// the card size of a window given on the command line); a card that turns out bigger is decoded again.
    ///
    /// With a `cache` holding a card for the guessed image, the thread first waits for the plan and reads the card
    /// from it (``CardCache``); a card it composes is written there afterwards, in the background.
    ///
    /// `streams` says whether the hinted card shows whole (a card of exactly 3:2): only then is a JPEG decoded
    /// straight into it (``JPEGCardStream``); a card a pixel short of 3:2 (800x533 in an 800x600 window) is cropped
    /// from its whole card, so its picture is decoded to be cropped, as the deck would.
    public convenience init(configFile: String, hint: DecodeOptions = DecodeOptions(), streams: Bool = true, fonts: FontLibrary,
                            cache: CardCache? = nil) {
        self.init(guessing: {
            // Only a regular file, opened without blocking: a FIFO or a device is left to the loader to refuse.
            guard let bytes = try? FileDescriptor.readPrefix(atPath: configFile, count: FirstCard.peekBytes) else { return nil }
            return KioskConfig.peekFirstCardImage(bytes, file: configFile)
        }, hint: hint, streams: streams, fonts: fonts, cache: cache)
    }

    private init(guessing guess: @escaping @Sendable () -> String?, hint: DecodeOptions, streams: Bool = true, fonts: FontLibrary,
                 cache: CardCache?) {
        self.fonts = fonts
        self.cache = cache
        queue.async { [self] in
            defer {
                splashSettled.signal()
                _ = FirstCard.take(screen)  // Not shown on: closed.
            }
            output = prepare(guess: guess, hint: hint, streams: streams)
            done.store(true, ordering: .releasing)
            finished.signal()
        }
    }

    /// How much of the config file is read for the guess: the first card comes early in any config, and a
    /// 10,000-card deck is 1 MB that the loader reads anyway.
    static let peekBytes = 64 * 1024

    /// Says which card to make, once the config is validated; call it once, from the app's thread. The thread
    /// composes it when `expected` gives its size (after ``fontsAreUp()``), and puts it on screen as `splash` says
    /// as soon as it is made (or read from the cache), on `screen` when given (else on a connection of its own).
    public func proceed(card: CardConfig, index: Int, expected: CardComposer?, splash: Splash.Plan? = nil, screen: Splash? = nil) {
        guard !isPlanned else { return }
        isPlanned = true
        plan = Plan(card: card, index: index, expected: expected, splash: expected == nil ? nil : splash)
        self.screen.withLock { $0 = screen }
        planned.signal()
    }

    /// Says SDL_ttf is up, so the card's texts can be drawn; call it once SDLLibrary is made (``wait()`` says it too).
    public func fontsAreUp() { fontsUp.signal() }

    /// The splash showing the first card, once: the caller closes it (by letting it go) when SDL's window shows the
    /// card. Nil when none was shown, or after the first call.
    public func takeSplash() -> Splash? { FirstCard.take(splash) }

    /// What `slot` holds, leaving it empty.
    private static func take(_ slot: borrowing Mutex<Splash?>) -> Splash? {
        slot.withLock { held in
            defer { held = nil }
            return held
        }
    }

    /// Puts the card on screen as the plan's splash, when there is one, with `show` (on the app's connection, else
    /// one of its own); the splash is settled either way.
    private func showSplash(plan: Plan, _ show: (Splash, Splash.Plan) -> Bool) {
        defer { splashSettled.signal() }
        guard let target = plan.splash, let shown = FirstCard.take(screen) ?? Splash(), show(shown, target) else { return }
        splash.withLock { $0 = shown }
    }

    /// Waits until the splash is shown, or the thread knows it will show none, for at most `seconds`.
    ///
    /// On two cores, SDL's video start (its display connection, and the X server's work for it) slowed the first
    /// card's decode and splash by a few milliseconds: `run` starts it once the card is up.
    public func waitForSplash(seconds: Double) {
        splashSettled.wait(seconds: seconds)
    }

    /// Waits until the thread is done and hands over what it made, once: later calls return nothing, so the
    /// pictures live only as long as the caller keeps them. Call it from one thread only (the app's).
    @discardableResult
    public func wait() -> Output {
        let none = Output(decoded: .failure(SDLError(operation: "first card", message: "already handed over")), composed: nil)
        guard !taken else { return none }
        fontsAreUp()
        if !isPlanned {
            // Nothing to make (the config failed, or has no cards): the thread stops after its guess.
            isPlanned = true
            planned.signal()
        }
        finished.wait()
        // The work item, and with it its hold on this object and the fonts, is gone once the queue runs another:
        // the fonts must never be closed on the worker, possibly after SDL_ttf has shut down.
        queue.sync {}
        taken = true
        defer { output = nil }
        return output ?? none
    }

    private func prepare(guess: () -> String?, hint: DecodeOptions, streams: Bool) -> Output {
        func decode(_ path: String, _ options: DecodeOptions) -> Result<DecodedImage, SDLError> {
            Result { () throws(SDLError) in try ImageDecoder.decode(path: path, options: options) }
        }
        let guessed = guess()
        var waited = false
        if let cache, let guessed, cache.holdsCard(forImage: guessed) {
            // A restart: the card is likely on disk, and reading it beats decoding; it needs the plan's card size.
            planned.wait()
            waited = true
            let fromCache = Output(decoded: .failure(SDLError(operation: "first card", message: "read from the cache")), fromCache: true, composed: nil)
            if let plan, let expected = plan.expected, plan.card.image == guessed, let mapped = cache.mappedCard(for: expected) {
                StartupTimeline.mark("first card read from the cache")
                // On screen before SDL is asked for anything: making the surface waits for SDL to be open.
                showSplash(plan: plan) { $0.show(plan: $1, pixels: mapped.pixels, pitch: mapped.pitch, size: mapped.size) }
                guard let surface = cache.surface(mapped) else { return fromCache }
                return Output(decoded: fromCache.decoded, fromCache: true, composed: Composed(composer: expected, surface: surface, problems: []))
            }
            // Full screen: the card's size comes with the window, so the deck reads the cache (and decodes on a miss).
            if let plan, plan.expected == nil, plan.card.image == guessed { return fromCache }
        }
        // With the card's size hinted, a JPEG is decoded straight into a card of that size (JPEGCardStream).
        let streamed = streams ? hint.covering.flatMap { size in guessed.flatMap { FirstCard.streamed($0, size: size, exifOrientation: hint.exifOrientation) } } : nil
        var picture = streamed == nil ? guessed.map { decode($0, hint) } : nil
        if streamed != nil { StartupTimeline.mark("first card decoded") } else { FirstCard.markDecode(picture, "") }
        if !waited { planned.wait() }
        let none = Output(decoded: .failure(SDLError(operation: "first card", message: "no card to make")), composed: nil)
        guard let plan else { return none }
        if plan.expected != nil { fontsUp.wait() }
        if let streamed, let guessed, let made = FirstCard.compose(streamed, image: guessed, hint: hint, plan: plan.expected, fonts: fonts, cache: cache) {
            if let surface = made.composed?.surface { showSplash(plan: plan) { $0.show(plan: $1, surface: surface) } }
            return made
        }
        // The guess was decoded for the hinted size; a card that needs another scale (or no Exif turn) is decoded again.
        var stale = false
        if case .success(let made)? = picture, let expected = plan.expected { stale = !made.isSame(as: expected.decodeOptions) }
        if !PathKey.same(guessed ?? "", plan.card.image) || picture == nil || stale {  // Paths are bytes, not text.
            picture = decode(plan.card.image, plan.expected?.decodeOptions ?? hint)
            FirstCard.markDecode(picture, " again: the guess was \(guessed ?? "none")\(stale ? " at another size" : "")")
        }
        guard let picture else { return none }
        let decoded = picture.map(\.surface), made = try? picture.get()
        guard let expected = plan.expected else { return Output(decoded: decoded, picture: made, composed: nil) }
        do throws(SDLError) {
            let card = try expected.composeSurface(decoded: decoded, fonts: fonts)
            StartupTimeline.mark("first card composed")
            showSplash(plan: plan) { $0.show(plan: $1, surface: card.surface) }
            if card.problems.isEmpty, made != nil { cache?.storeLater(card.surface, for: expected) }
            return Output(decoded: decoded, picture: made, composed: Composed(composer: expected, surface: card.surface, problems: card.problems))
        } catch {
            return Output(decoded: decoded, picture: made, composed: Composed(composer: expected, surface: nil, problems: []))
        }
    }
}

extension FirstCard {
    /// Marks how the first card's decode went in the start-up timeline, `detail` after the milestone: decoded, or
    /// not (abandoned by a stop, refused, or no image guessed), so the timeline never shows a decode that did not
    /// happen.
    static func markDecode(_ picture: Result<DecodedImage, SDLError>?, _ detail: String) {
        switch picture {
        case .success?: StartupTimeline.mark("first card decoded\(detail)")
        case .failure(let error)?: StartupTimeline.mark("first card not decoded\(detail): \(error.message)")
        case nil: StartupTimeline.mark("first card not decoded\(detail): no image found in the config file's first bytes")
        }
    }
}

/// A signal given once, however often it is given, that one thread waits for.
private final class OneTimeSignal: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let given = Atomic<Bool>(false)

    /// Gives the signal; later calls do nothing.
    func signal() {
        if !given.exchange(true, ordering: .acquiringAndReleasing) { semaphore.signal() }
    }

    /// Waits for the signal.
    func wait() { semaphore.wait() }

    /// Waits for the signal for at most `seconds`.
    func wait(seconds: Double) { _ = semaphore.wait(timeout: .now() + seconds) }
}
