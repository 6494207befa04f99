@testable import VitrineCore

/// Probe tests' one helper: the problem the probe finds in some bytes.
protocol ProbingImages {}

extension ProbingImages {
    /// What ``ImageProbe/check(_:isWholeFile:)`` refuses `bytes` for, or nil when it takes them.
    func problem(_ bytes: [UInt8], isWholeFile: Bool = true) -> ImageProblem? {
        do throws(ImageProblem) {
            _ = try ImageProbe.check(bytes, isWholeFile: isWholeFile)
            return nil
        } catch {
            return error
        }
    }
}
