/// Order statistics of a sample of numbers, such as the durations a benchmark measured.
///
/// Percentiles interpolate linearly between the two nearest ranks (the common "type 7" definition, NumPy's
/// default): the median of 1, 2, 3, 4 is 2.5 and the 90th percentile of 1 to 10 is 9.1.
public struct Statistics: Equatable, Sendable {
    /// The finite samples, in ascending order.
    public let sorted: [Double]

    /// The statistics of `samples`; values that are not finite (NaN, infinities) are left out.
    public init(_ samples: some Sequence<Double>) {
        sorted = samples.filter(\.isFinite).sorted()
    }

    /// How many samples there are.
    public var count: Int { sorted.count }

    /// The value below which the fraction `p` (0 to 1, clamped) of the samples lie; nil when there are none.
    public func percentile(_ p: Double) -> Double? {
        guard let first = sorted.first else { return nil }
        guard sorted.count > 1 else { return first }
        let rank = (p.isNaN ? 0.5 : min(1, max(0, p))) * Double(sorted.count - 1)
        let lower = Int(rank.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        return sorted[lower] + (rank - Double(lower)) * (sorted[upper] - sorted[lower])
    }

    /// The middle value (the 50th percentile); nil when there are no samples.
    public var median: Double? { percentile(0.5) }
    /// The 90th percentile; nil when there are no samples.
    public var p90: Double? { percentile(0.9) }
    /// The smallest sample; nil when there are none.
    public var minimum: Double? { sorted.first }
    /// The largest sample; nil when there are none.
    public var maximum: Double? { sorted.last }
}
