import CSDL2
import Synchronization
import VitrineCore

/// The one way other threads wake the SDL loop: a signal, changed files, a card composed in the background.
///
/// Reasons wait in an inbox behind a mutex, and one SDL user event (of a type registered once) is pushed while the
/// loop has not yet taken them, so a burst of wake-ups costs one event. ``close()`` ends it: afterwards nothing is
/// pushed, and no push is under way once it returns, because pushes happen holding the same mutex. The loop
/// closes it before it destroys the window, so no wake-up can aim at a window that is gone (SDL 2.26 wakes a
/// waiting loop by sending an X event to its window, and Xlib treats one sent to a destroyed window as fatal).
public final class LoopWaker: Sendable {
    /// Why the loop was woken.
    public enum Reason: Sendable, Equatable {
        /// A POSIX signal arrived.
        case signal(Int32)
        /// Watched files changed.
        case filesChanged(Set<PathKey>)
        /// A card composed in the background is ready.
        case cardReady
        /// The display is gone (the window was destroyed by another X client).
        case displayLost(String)
        /// A control client sent a command.
        case control(ControlCommand, client: Int)
        /// A config read for a reload is back, with the images the reload was for (nil: everything).
        case configLoaded(Result<LoadedConfig, ConfigError>, changedImages: Set<PathKey>?)
    }

    private struct Inbox: ~Copyable {
        var reasons: [Reason] = []
        var eventPushed = false
        var closed = false
    }

    /// The SDL event type the waker pushes, or `UInt32.max` when SDL had none left (then only the loop's own
    /// timeouts wake it).
    public let eventType: UInt32
    private let inbox = Mutex(Inbox())

    /// A waker with its event type registered; needs SDL initialised.
    public init() {
        eventType = SDL_RegisterEvents(1)
    }

    /// Adds `reason` to the inbox and wakes the loop; from any thread. Does nothing once closed.
    ///
    /// The inbox stays small whatever arrives: a reason already waiting is merged (changed files are joined).
    /// Commands are the exception: each is a request awaiting its own answer, so two alike from one client are two
    /// requests (merged, the second was neither carried out nor answered). The control server's limits bound them.
    public func post(_ reason: Reason) {
        inbox.withLock { inbox in
            guard !inbox.closed else { return }
            if case .filesChanged(let paths) = reason,
               let index = inbox.reasons.firstIndex(where: { if case .filesChanged = $0 { true } else { false } }),
               case .filesChanged(let waiting) = inbox.reasons[index] {
                inbox.reasons[index] = .filesChanged(waiting.union(paths))
            } else if case .control = reason {
                inbox.reasons.append(reason)
            } else if !inbox.reasons.contains(reason) {
                inbox.reasons.append(reason)
            }
            guard !inbox.eventPushed, eventType != UInt32.max else { return }
            var event = SDL_Event()
            event.type = eventType
            inbox.eventPushed = SDL_PushEvent(&event) == 1
        }
    }

    /// Every reason waiting, oldest first; the next ``post(_:)`` pushes a new event.
    public func take() -> [Reason] {
        inbox.withLock { inbox in
            inbox.eventPushed = false
            defer { inbox.reasons = [] }
            return inbox.reasons
        }
    }

    /// Stops waking the loop; once this returns no thread is pushing or will push.
    public func close() {
        inbox.withLock { inbox in
            inbox.closed = true
            inbox.reasons = []
        }
    }
}
