import Glibc

/// Frame times of a running kiosk, in bounded memory: how many frames, their percentiles, and how many took longer
/// than the frame budget.
///
/// A kiosk runs for weeks, so durations are not kept one by one but counted in a logarithmic histogram of
/// ``bucketCount`` buckets (``bucketsPerDoubling`` per doubling, from ``smallestDuration``). A percentile is the
/// nearest-rank sample's bucket, reported at the bucket's geometric middle and clamped to the smallest and largest
/// durations seen: within ``relativeError`` of the exact nearest-rank value (the 100th percentile, and any in the
/// last bucket, is the exact maximum). The count, the over-budget count, the
/// extremes and the total are exact.
public struct FrameStatistics: Equatable, Sendable {
    /// Histogram buckets per doubling of the duration: each bucket spans a factor of 2^(1/64), about 1.1 %.
    public static let bucketsPerDoubling = 64
    /// The lower edge of the first bucket: one microsecond; anything shorter counts there.
    public static let smallestDuration = 1e-6
    /// 30 doublings above a microsecond reach about 18 minutes; anything longer counts in the last bucket.
    public static let bucketCount = 30 * bucketsPerDoubling
    /// How far a reported percentile can be from the exact nearest-rank value: half a bucket, about 0.55 %.
    public static let relativeError = pow(2, 0.5 / Double(bucketsPerDoubling)) - 1

    /// The frame budget in seconds: a frame that takes longer is over budget.
    public let budget: Double
    /// How many frames were recorded.
    public private(set) var count = 0
    /// How many frames took longer than ``budget``.
    public private(set) var overBudget = 0
    /// The sum of every recorded duration, in seconds.
    public private(set) var total = 0.0
    /// The shortest recorded duration; nil before the first frame.
    public private(set) var minimum: Double?
    /// The longest recorded duration; nil before the first frame.
    public private(set) var maximum: Double?
    private var buckets: [UInt32]

    /// Empty statistics for frames that should each take at most `budget` seconds.
    public init(budget: Double) {
        self.budget = budget
        buckets = Array(repeating: 0, count: FrameStatistics.bucketCount)
    }

    /// Counts one frame that took `seconds` (negative durations count as 0; NaN and infinities are ignored).
    public mutating func record(_ seconds: Double) {
        guard seconds.isFinite else { return }
        let duration = max(0, seconds)
        count += 1
        total += duration
        if duration > budget { overBudget += 1 }
        minimum = min(minimum ?? duration, duration)
        maximum = max(maximum ?? duration, duration)
        let index = FrameStatistics.bucket(for: duration)
        if buckets[index] < UInt32.max { buckets[index] += 1 }
    }

    /// The duration at or below which the fraction `p` (0 to 1, clamped) of the frames took, by nearest rank;
    /// nil before the first frame.
    public func percentile(_ p: Double) -> Double? {
        guard count > 0, let minimum, let maximum else { return nil }
        let fraction = p.isNaN ? 0.5 : min(1, max(0, p))
        let rank = max(1, Int((fraction * Double(count)).rounded(.up)))
        guard rank < count else { return maximum }
        var seen = 0
        for (index, n) in buckets.enumerated() where n > 0 {
            seen += Int(n)
            // The last bucket holds everything too long to place; its middle says nothing, the maximum does.
            if seen >= rank { return index == FrameStatistics.bucketCount - 1 ? maximum : min(maximum, max(minimum, FrameStatistics.middle(ofBucket: index))) }
        }
        return maximum
    }

    /// The mean duration; nil before the first frame.
    public var mean: Double? { count > 0 ? total / Double(count) : nil }

    /// One line for the log: `1234 frames drawn, frame time p50 2.10 ms p99 8.30 ms, 3 over the 16.7 ms budget`.
    public var summary: String {
        let budgetText = "over the \(FrameStatistics.milliseconds(budget)) budget"
        guard let p50 = percentile(0.5), let p99 = percentile(0.99) else { return "0 frames drawn, 0 \(budgetText)" }
        return "\(count) frames drawn, frame time p50 \(FrameStatistics.milliseconds(p50)) p99 \(FrameStatistics.milliseconds(p99)), "
            + "\(overBudget) \(budgetText)"
    }

    /// `seconds` written in milliseconds with three significant digits at most, such as `16.7 ms` or `0.412 ms`.
    static func milliseconds(_ seconds: Double) -> String {
        let ms = seconds * 1000
        let decimals = ms >= 100 ? 0 : ms >= 10 ? 1 : ms >= 1 ? 2 : 3
        return String(cFormat: "%.\(decimals)f ms", ms)
    }

    /// The bucket a duration counts in.
    static func bucket(for seconds: Double) -> Int {
        guard seconds > smallestDuration else { return 0 }
        let index = Int((log2(seconds / smallestDuration) * Double(bucketsPerDoubling)).rounded(.down))
        return min(bucketCount - 1, max(0, index))
    }

    /// The geometric middle of bucket `index`.
    static func middle(ofBucket index: Int) -> Double {
        smallestDuration * pow(2, (Double(index) + 0.5) / Double(bucketsPerDoubling))
    }
}
