import Synchronization
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

/// A decode thread holds as few frames ahead as it is told: one while a slide brings a video card in, its whole
/// queue once the card has landed.
struct FramePumpLimitTests {
    /// Endless frames of 2x2, counted as they are made.
    final class CountingSource: FrameSource, @unchecked Sendable {
        let made = Mutex(0)
        func nextFrame() throws(VideoProblem) -> MovingFrame? {
            let count = made.withLock { made in
                made += 1
                return made
            }
            return MovingFrame(time: Double(count) / 30, size: PixelSize(width: 2, height: 2), pixels: .argb([0, 0, 0, 0]))
        }
        func interrupt() {}
        var isDamaged: Bool { false }
    }

    @Test func aPumpLimitedToOneFrameDecodesOneUntilItsLimitIsRaised() {
        let source = CountingSource()
        let pump = FramePump(label: "vitrine.test", capacity: 3, ahead: 1, open: { () throws(VideoProblem) -> any FrameSource in source }, onFrame: {})
        defer { pump.stop() }
        #expect(XvfbSession.eventually(5) { pump.decodedCount >= 1 }, "no frame decoded")
        // Given time to run ahead, it does not.
        #expect(!XvfbSession.eventually(0.3) { pump.decodedCount > 1 }, "decoded \(pump.decodedCount) frames ahead while limited to one")
        pump.limit(to: 3)
        #expect(XvfbSession.eventually(5) { pump.decodedCount == 3 }, "the queue did not fill once the limit was raised")
        #expect(pump.take(dueBy: .infinity)?.frame.time == 3.0 / 30)
        #expect(XvfbSession.eventually(5) { pump.decodedCount == 6 }, "the queue did not fill again")
    }
}
