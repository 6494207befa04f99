import Dispatch
import Foundation
import VitrineSDL

extension CardPreparer {
    /// Waits, woken by `ready` (signalled by ``onReady``), until everything asked for is made, at most `seconds`;
    /// whether it was. A card and its preview each wake the loop, so a test waits on this, not on a count of wakes.
    public func finish(_ ready: DispatchSemaphore, seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !isIdle {
            guard Date() < deadline else { return false }
            _ = ready.wait(timeout: .now() + 0.05)
        }
        return true
    }
}
