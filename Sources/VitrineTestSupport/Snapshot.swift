import Foundation
import VitrineCore
import VitrineSDL

/// When snapshot tests write golden images, from `VITRINE_RECORD`, as swift-snapshot-testing's record modes.
public enum RecordMode: String, Sendable {
    /// Record goldens that don't exist yet and fail so they get looked at; compare the rest. The local default.
    case missing
    /// Re-record every golden (and fail, so nobody records by accident).
    case all
    /// Never write: a missing golden is a failure. CI runs this way.
    case never

    /// The mode `VITRINE_RECORD` asks for; `missing` when unset. An unknown value is `never`, the safe choice.
    public static var current: RecordMode {
        guard let value = ProcessInfo.processInfo.environment["VITRINE_RECORD"], !value.isEmpty else { return .missing }
        return RecordMode(rawValue: value) ?? .never
    }
}

/// How two images differ, if they do: the size first, then every channel of every pixel.
public struct ImageDifference: Equatable, Sendable, CustomStringConvertible {
    /// The first pixel that differs beyond the tolerance, in reading order, with both values (RGBA).
    public var firstBad: (x: Int, y: Int, expected: [UInt8], actual: [UInt8])?
    /// The share of pixels, 0...1, that differ beyond the tolerance.
    public var differingShare: Double
    /// The sizes, when they differ (nothing else is compared then).
    public var sizes: (expected: PixelSize, actual: PixelSize)?

    public static func == (a: ImageDifference, b: ImageDifference) -> Bool { a.description == b.description }

    public var description: String {
        if let sizes { return "size differs: expected \(sizes.expected), got \(sizes.actual)" }
        guard let bad = firstBad else { return "no difference" }
        let share = String(format: "%.4f", differingShare * 100)
        return "first differing pixel at (\(bad.x), \(bad.y)): expected RGBA \(bad.expected), got \(bad.actual); \(share) % of pixels differ"
    }

    /// Compares `actual` with `expected`, each channel allowed to be off by `tolerance`; nil when they match.
    public static func between(expected: RGBAImage, actual: RGBAImage, tolerance: UInt8 = 0) -> ImageDifference? {
        guard expected.size == actual.size else {
            return ImageDifference(firstBad: nil, differingShare: 1, sizes: (expected.size, actual.size))
        }
        var first: (Int, Int, [UInt8], [UInt8])?
        var differing = 0
        let pixels = expected.bytes.count / 4
        expected.bytes.withUnsafeBufferPointer { e in
            actual.bytes.withUnsafeBufferPointer { a in
                for pixel in 0..<pixels {
                    let i = pixel * 4
                    var bad = false
                    for c in i..<i + 4 {
                        let x = e[c], y = a[c]
                        if (x > y ? x - y : y - x) > tolerance { bad = true }
                    }
                    guard bad else { continue }
                    differing += 1
                    if first == nil {
                        first = (pixel % expected.size.width, pixel / expected.size.width, Array(e[i..<i + 4]), Array(a[i..<i + 4]))
                    }
                }
            }
        }
        guard let first else { return nil }
        return ImageDifference(firstBad: first, differingShare: Double(differing) / Double(pixels), sizes: nil)
    }

    /// A picture of where the images differ: differing pixels red, the rest a faded grey copy of the expected image.
    public static func diffImage(expected: RGBAImage, actual: RGBAImage, tolerance: UInt8 = 0) -> RGBAImage {
        guard expected.size == actual.size else { return actual }
        var out = [UInt8](repeating: 255, count: expected.bytes.count)
        for i in stride(from: 0, to: out.count, by: 4) {
            let differs = (0..<4).contains { c in
                let x = expected.bytes[i + c], y = actual.bytes[i + c]
                return (x > y ? x - y : y - x) > tolerance
            }
            if differs {
                out[i] = 255; out[i + 1] = 0; out[i + 2] = 0
            } else {
                let grey = UInt8((Int(expected.bytes[i]) + Int(expected.bytes[i + 1]) + Int(expected.bytes[i + 2])) / 12 + 160)
                out[i] = grey; out[i + 1] = grey; out[i + 2] = grey
            }
        }
        return RGBAImage(size: expected.size, bytes: out)
    }
}

/// Compares rendered frames with golden PNGs kept beside the tests, as LVGL's screenshot compare does.
public struct SnapshotVerifier: Sendable {
    /// The folder of golden PNGs.
    public var goldens: String
    /// Where actual and diff images of failures go.
    public var artifacts: String
    /// When goldens are written.
    public var mode: RecordMode

    /// A verifier for goldens in `goldens`, writing failure artifacts to `artifacts`.
    public init(goldens: String, artifacts: String, mode: RecordMode = .current) {
        self.goldens = goldens
        self.artifacts = artifacts
        self.mode = mode
    }

    /// Checks `actual` against the golden `name`.png; nil when it matches, else a message saying what happened.
    ///
    /// On a mismatch it writes `name`_actual.png and `name`_err.png (differing pixels in red) to the artifacts
    /// folder. A recording is also reported, so a freshly written golden is always looked at before it is trusted.
    public func verify(_ actual: RGBAImage, named name: String, tolerance: UInt8 = 0) -> String? {
        let golden = "\(goldens)/\(name).png"
        let exists = FileManager.default.fileExists(atPath: golden)
        if mode == .all || (!exists && mode == .missing) {
            do {
                try FileManager.default.createDirectory(atPath: goldens, withIntermediateDirectories: true)
                try actual.writePNG(to: golden)
            } catch {
                return "could not record \(golden): \(error)"
            }
            return "recorded \(golden) (VITRINE_RECORD=\(mode.rawValue)); look at it, then run again"
        }
        guard exists else { return "missing golden \(golden); record it with VITRINE_RECORD=missing" }
        do throws(SDLError) {
            let expected = try RGBAImage(contentsOfPNG: golden)
            guard let difference = ImageDifference.between(expected: expected, actual: actual, tolerance: tolerance) else { return nil }
            try? FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
            try actual.writePNG(to: "\(artifacts)/\(name)_actual.png")
            try ImageDifference.diffImage(expected: expected, actual: actual, tolerance: tolerance).writePNG(to: "\(artifacts)/\(name)_err.png")
            return "\(name) differs from \(golden): \(difference); see \(artifacts)/\(name)_actual.png and \(name)_err.png"
        } catch {
            return "could not compare with \(golden): \(error)"
        }
    }
}
