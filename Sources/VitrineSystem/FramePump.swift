internal import CFFmpeg
import Dispatch
import Synchronization
import VitrineCore

/// One frame of a moving picture (a video, later an animated picture), at the size it is shown, and the moment on
/// its card's clock (seconds since the card landed, loops included) from which it shows.
public struct MovingFrame: Sendable {
    /// A frame's pixels.
    public enum Pixels: Sendable {
        /// Planar YUV 4:2:0 (SDL's IYUV): Y rows `pitch` bytes apart, then U and V rows `pitch / 2` apart.
        case yuv420(bytes: [UInt8], pitch: Int)
        /// 32-bit ARGB (SDL's ARGB8888), a row after another.
        case argb([UInt32])
    }

    /// Seconds since the card landed from which this frame shows.
    public var time: Double
    /// Its size in pixels (even for ``Pixels/yuv420(bytes:pitch:)``).
    public var size: PixelSize
    /// Its pixels.
    public var pixels: Pixels

    /// A frame showing from `time`.
    public init(time: Double, size: PixelSize, pixels: Pixels) {
        self.time = time; self.size = size; self.pixels = pixels
    }
}

/// What a ``FramePump`` decodes from, in order, on the pump's own thread.
public protocol FrameSource: AnyObject, Sendable {
    /// The next frame in order (its ``MovingFrame/time`` not before the last one's), nil at the end: the last frame
    /// stays. Throws the reason, in one line, when not a single frame could be decoded.
    func nextFrame() throws(VideoProblem) -> MovingFrame?
    /// Makes a ``nextFrame()`` under way on another thread give up soon; from any thread.
    func interrupt()
    /// Whether a read or decode error was met (a truncated or corrupt file): its last good frame stays.
    var isDamaged: Bool { get }
}

/// Decodes a moving picture ahead on a thread of its own into a small queue, for the loop to pick frames from by
/// the card's clock: the decode never runs on the loop, and memory stays at ``capacity`` frames whatever the file.
///
/// The thread opens the source (``FrameSource``), decodes until the queue is full, waits for room, and ends when the
/// source ends, fails or ``stop(waitingUpTo:)`` is called. ``onFrame`` is called from it when a frame arrives in an
/// empty queue or the source ends, so a loop that sleeps until the next frame's time is woken when it had none.
public final class FramePump: Sendable {
    private struct State: ~Copyable {
        var frames: [MovingFrame] = []
        var source: (any FrameSource)?
        var ended = false
        var stopped = false
        var waitingForRoom = false
        var problem: VideoProblem?
        var damaged = false
        var decoded = 0
        /// The most frames decoded ahead for now (``capacity`` unless ``limit(to:)`` lowered it).
        var limit = Int.max
    }

    /// The most frames decoded ahead.
    public let capacity: Int
    /// The decode thread's name while it runs (at most 15 bytes are kept).
    public let label: String
    private let state = Mutex(State())
    private let room = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let onFrame: @Sendable () -> Void

    /// Starts a thread that runs `open` and decodes what it gives into a queue of `capacity` frames, at most
    /// `ahead` of them until ``limit(to:)`` says otherwise (nil: `capacity`).
    public init(label: String, capacity: Int = 3, ahead: Int? = nil, open: @escaping @Sendable () throws(VideoProblem) -> any FrameSource,
                onFrame: @escaping @Sendable () -> Void) {
        self.capacity = max(1, capacity)
        self.label = label
        self.onFrame = onFrame
        if let ahead { state.withLock { $0.limit = max(1, ahead) } }
        // A queue of its own: its one block runs the whole decode, on a thread of Dispatch's for the pump's life.
        DispatchQueue(label: label, qos: .userInitiated).async { [self] in run(open) }
    }

    private func run(_ open: @Sendable () throws(VideoProblem) -> any FrameSource) {
        // Named while it decodes (`/proc/PID/task/*/comm`), Dispatch's own name again once it is done.
        var previous = [CChar](repeating: 0, count: 16)
        vitrine_video_name_thread(String(label.prefix(15)), &previous)
        defer {
            vitrine_video_name_thread(previous, nil)
            state.withLock { $0.source = nil }  // The thread's file is closed here, on its own thread.
            finished.signal()
        }
        let source: any FrameSource
        do throws(VideoProblem) {
            source = try open()
        } catch {
            state.withLock { $0.problem = error; $0.ended = true }
            onFrame()
            return
        }
        guard state.withLock({ state in
            guard !state.stopped else { return false }
            state.source = source
            return true
        }) else { return }
        while true {
            let full = state.withLock { state -> Bool? in
                if state.stopped { return nil }
                state.waitingForRoom = state.frames.count >= min(capacity, state.limit)
                return state.waitingForRoom
            }
            guard let full else { return }
            if full { room.wait(); continue }
            let next: MovingFrame?, failure: VideoProblem?
            do throws(VideoProblem) {
                next = try source.nextFrame()
                failure = nil
            } catch {
                next = nil
                failure = error
            }
            let wake = state.withLock { state -> Bool in
                state.damaged = source.isDamaged
                guard let next else {
                    state.ended = true
                    state.problem = failure
                    return true
                }
                state.decoded += 1
                state.frames.append(next)
                return state.frames.count == 1
            }
            if wake { onFrame() }
            if next == nil { return }
        }
    }

    /// Takes the newest frame due by `time` (its time not after it), dropping the older ones waiting; nil when no
    /// frame is due. `skipped` counts frames dropped unseen: the loop woke too late for them.
    public func take(dueBy time: Double) -> (frame: MovingFrame, skipped: Int)? {
        let taken = state.withLock { state -> (MovingFrame, Int, Bool)? in
            guard let last = state.frames.lastIndex(where: { $0.time <= time }) else { return nil }
            let frame = state.frames[last]
            state.frames.removeFirst(last + 1)
            let wake = state.waitingForRoom
            state.waitingForRoom = false
            return (frame, last, wake)
        }
        guard let (frame, skipped, wake) = taken else { return nil }
        if wake { room.signal() }
        return (frame, skipped)
    }

    /// Lets the thread decode at most `count` frames ahead (1 to ``capacity``) from now on. A video card's pump
    /// holds one frame while a slide brings the card in, so the decoder's start and its queue's filling do not
    /// compete with the slide's frames for the CPU, and fills its queue once the card has landed.
    public func limit(to count: Int) {
        let wake = state.withLock { state -> Bool in
            let raised = count > state.limit
            state.limit = max(1, count)
            guard raised, state.waitingForRoom else { return false }
            state.waitingForRoom = false
            return true
        }
        if wake { room.signal() }
    }

    /// When the next frame waiting shows (seconds on the card's clock); nil when none is decoded yet or the source
    /// has ended.
    public var nextTime: Double? { state.withLock { $0.frames.first?.time } }

    /// Whether the source ended (its last frame stays), failed or was stopped, with no frame left waiting.
    public var isDone: Bool { state.withLock { $0.ended && $0.frames.isEmpty } }

    /// Why not a single frame could be decoded, once the source failed.
    public var problem: VideoProblem? { state.withLock { $0.problem } }

    /// Whether the source met a read or decode error (a truncated or corrupt file).
    public var isDamaged: Bool { state.withLock { $0.damaged } }

    /// How many frames the thread has decoded.
    public var decodedCount: Int { state.withLock { $0.decoded } }

    /// Stops the thread and waits up to `seconds` for it to end (the file closed, its frames freed); returns
    /// whether it ended. A source stuck past that is interrupted and left to end on its own.
    @discardableResult
    public func stop(waitingUpTo seconds: Double = 2) -> Bool {
        let source = state.withLock { state -> (any FrameSource)? in
            state.stopped = true
            state.frames = []
            return state.source
        }
        source?.interrupt()
        room.signal()
        guard finished.wait(timeout: .now() + seconds) == .success else { return false }
        finished.signal()  // A second stop returns at once.
        return true
    }

    deinit { _ = stop(waitingUpTo: 0) }
}
