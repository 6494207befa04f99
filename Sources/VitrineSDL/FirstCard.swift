import Dispatch
import VitrineCore

/// The first card's picture, prepared on another thread while SDL opens the display.
///
/// Opening the display (SDL's video subsystem: the display connection, the input method, the window) and decoding
/// the first image need nothing from each other, so `run` starts this before SDL's video and the first picture
/// waits only for the longer of the two. When the card's pixel size is known ahead (a window of a given size), the
/// card is composed here too, with a software renderer of its own (see ``CardComposer``).
public final class FirstCard: @unchecked Sendable {
    /// What the thread made.
    public struct Output {
        /// The decoded picture at its own size, or why there is none.
        public var decoded: Result<Surface, SDLError>
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

    /// The card being prepared.
    public let card: CardConfig
    /// Its index in the deck.
    public let index: Int

    private let fonts: FontLibrary
    private let expected: CardComposer?
    private let queue = DispatchQueue(label: "vitrine.first-card", qos: .userInteractive)
    private let finished = DispatchSemaphore(value: 0)
    /// Written by the thread before it signals `finished`; read only after waiting on it.
    private var output: Output?
    private var taken = false

    /// Starts decoding card `index`'s image at once, and composing it when `expected` gives its pixel size.
    public init(card: CardConfig, index: Int, expected: CardComposer?, fonts: FontLibrary) {
        self.card = card
        self.index = index
        self.expected = expected
        self.fonts = fonts
        queue.async { [self] in
            output = prepare()
            finished.signal()
        }
    }

    /// Waits until the thread is done and hands over what it made, once: later calls return nothing, so the
    /// pictures live only as long as the caller keeps them. Call it from one thread only (the app's).
    @discardableResult
    public func wait() -> Output {
        let none = Output(decoded: .failure(SDLError(operation: "first card", message: "already handed over")), composed: nil)
        guard !taken else { return none }
        finished.wait()
        // The work item, and with it its hold on this object and the fonts, is gone once the queue runs another:
        // the fonts must never be closed on the worker, possibly after SDL_ttf has shut down.
        queue.sync {}
        taken = true
        defer { output = nil }
        return output ?? none
    }

    private func prepare() -> Output {
        let decoded = PreparedImage.decode(path: card.image)
        StartupTimeline.mark("first card decoded")
        guard let expected else { return Output(decoded: decoded, composed: nil) }
        do throws(SDLError) {
            let made = try expected.composeSurface(decoded: decoded, fonts: fonts)
            StartupTimeline.mark("first card composed")
            return Output(decoded: decoded, composed: Composed(composer: expected, surface: made.surface, problems: made.problems))
        } catch {
            return Output(decoded: decoded, composed: Composed(composer: expected, surface: nil, problems: []))
        }
    }
}
