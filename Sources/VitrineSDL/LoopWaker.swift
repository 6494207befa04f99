import Synchronization
import VitrineCore

/// The one way other threads wake the SDL loop: a signal, changed files, a card composed in the background.
///
/// They post the ``RuntimeInput`` the loop is to give the runtime as it is. Inputs wait in an inbox behind a mutex, and one SDL user event (of a type registered once) is pushed while the
/// loop has not yet taken them, so a burst of wake-ups costs one event. ``close()`` ends it: afterwards nothing is
/// pushed, and no push is under way once it returns, because pushes happen holding the same mutex. The loop
/// closes it before it destroys the window, so no wake-up can aim at a window that is gone (SDL 2.26 wakes a
/// waiting loop by sending an X event to its window, and Xlib treats one sent to a destroyed window as fatal).
public final class LoopWaker: Sendable {
    private struct Inbox: ~Copyable {
        var inputs: [RuntimeInput] = []
        var eventPushed = false
        var closed = false
    }

    /// The SDL event type the waker pushes, or `UInt32.max` when SDL had none left (then only the loop's own
    /// timeouts wake it).
    public let eventType: UInt32
    private let inbox = Mutex(Inbox())

    /// A waker with its event type registered; needs SDL initialised.
    public init() {
        eventType = EventQueue.registerEventType()
    }

    /// Adds `input` to the inbox and wakes the loop; from any thread. Does nothing once closed.
    ///
    /// The inbox stays small whatever arrives: changed files are joined to those waiting, and an input alike to one
    /// waiting is dropped.
    /// Commands are the exception: each is a request awaiting its own answer, so two alike from one client are two
    /// requests (merged, the second was neither carried out nor answered). The control server's limits bound them.
    public func post(_ input: RuntimeInput) {
        inbox.withLock { inbox in
            guard !inbox.closed else { return }
            LoopWaker.add(input, to: &inbox.inputs)
            guard !inbox.eventPushed, eventType != UInt32.max else { return }
            inbox.eventPushed = EventQueue.push(eventType)
        }
    }

    /// The merge rule of ``post(_:)``: adds `input` to `waiting`, joining changed files and dropping an input alike
    /// to one waiting, except commands and group inputs, which are never merged.
    static func add(_ input: RuntimeInput, to waiting: inout [RuntimeInput]) {
        switch input {
        case .filesChanged(let paths):
            if let index = waiting.firstIndex(where: { if case .filesChanged = $0 { true } else { false } }),
               case .filesChanged(let earlier) = waiting[index] {
                waiting[index] = .filesChanged(earlier.union(paths))
            } else {
                waiting.append(input)
            }
        case .control, .group:
            // Each group message is its own, and the link's ups and downs must keep their order.
            waiting.append(input)
        default:
            if !waiting.contains(input) { waiting.append(input) }
        }
    }

    /// Every input waiting, oldest first; the next ``post(_:)`` pushes a new event.
    public func take() -> [RuntimeInput] {
        inbox.withLock { inbox in
            inbox.eventPushed = false
            defer { inbox.inputs = [] }
            return inbox.inputs
        }
    }

    /// Stops waking the loop; once this returns no thread is pushing or will push.
    public func close() {
        inbox.withLock { inbox in
            inbox.closed = true
            inbox.inputs = []
        }
    }
}
