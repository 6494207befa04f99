internal import CMalloc
import Dispatch

/// Touches every page of a software renderer's window frame on another thread, so its page faults happen beside
/// other work instead of on the way to the first picture.
///
/// The frame is the window's shared-memory image (3.7 MB at 1200x800): its first write faults in about 940 pages.
/// When the first card is already made (read from the card cache), the app's thread copies it into a texture
/// meanwhile. Each page gets its own first byte back, so the frame is unchanged; ``wait()`` must return before
/// anything draws into the frame.
final class WindowFrameToucher: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)

    /// Starts touching the frame `renderer` draws into; nil when it has none (not a window's software renderer).
    init?(_ renderer: Renderer) {
        guard renderer.drawsIntoWindow, let frame = renderer.outputFrame,
              let (start, bytes) = frame.withPixels({ (UInt(bitPattern: $0.base), $0.pitch * $0.size.height) }) else { return nil }
        DispatchQueue.global(qos: .userInteractive).async { [done] in
            // Writes, so the pages are really allocated (a read would map the shared zero page).
            vitrine_touch_pages(UnsafeMutableRawPointer(bitPattern: start), bytes, 4096)
            done.signal()
        }
    }

    /// Waits until every page was touched.
    func wait() { done.wait() }
}
