internal import CX11
import Foundation

/// Watches a few pixels of the root window from a thread of its own, as fast as the X server answers, and keeps
/// each one's distinct values in the order seen (RGB).
public final class PixelWatcher: Sendable {
    /// What the thread saw, and whether it is to go on.
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var values: [[[UInt8]]]
        var running = true
        /// Signalled when the thread is done.
        let finished = DispatchSemaphore(value: 0)
        init(count: Int) { values = Array(repeating: [], count: count) }
    }

    private let state: State

    /// Starts watching `points` of the root window on `display`; returns once the thread has its connection.
    public init(display: String, points: [(x: Int, y: Int)]) {
        let state = State(count: points.count)
        self.state = state
        let started = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            defer { state.finished.signal() }
            guard let connection = XOpenDisplay(display) else { started.signal(); return }
            defer { XCloseDisplay(connection) }
            let root = XDefaultRootWindow(connection)
            started.signal()
            while state.lock.withLock({ state.running }) {
                for (index, point) in points.enumerated() {
                    guard let image = XGetImage(connection, root, Int32(point.x), Int32(point.y), 1, 1, ~0, ZPixmap) else { continue }
                    let pixel = image.pointee.f.get_pixel(image, 0, 0)
                    _ = image.pointee.f.destroy_image(image)
                    let value = [UInt8(truncatingIfNeeded: pixel >> 16), UInt8(truncatingIfNeeded: pixel >> 8), UInt8(truncatingIfNeeded: pixel)]
                    state.lock.withLock { if state.values[index].last != value { state.values[index].append(value) } }
                }
                usleep(200)  // A breath between rounds, so the sampler leaves the X server and the app some time.
            }
        }
        started.wait()
    }

    /// Each point's distinct values seen so far, oldest first, while it goes on watching.
    public var values: [[[UInt8]]] { state.lock.withLock { state.values } }

    /// Stops watching, once the thread is done; each point's values.
    public func stop() -> [[[UInt8]]] {
        state.lock.withLock { state.running = false }
        state.finished.wait()
        return state.lock.withLock { state.values }
    }
}
