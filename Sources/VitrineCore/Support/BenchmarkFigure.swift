/// One measured quantity of `vitrine bench`: its name, median, 90th percentile and unit, printed as one line.
public struct BenchmarkFigure: Equatable, Sendable {
    /// What was measured, one word such as `transition_frame`.
    public var name: String
    /// The middle sample.
    public var median: Double
    /// The 90th percentile.
    public var p90: Double
    /// The unit both numbers are in, such as `ms`, `MiB` or `x` for a ratio.
    public var unit: String

    /// A figure from its numbers.
    public init(name: String, median: Double, p90: Double, unit: String) {
        self.name = name; self.median = median; self.p90 = p90; self.unit = unit
    }

    /// The figure of `samples`, each multiplied by `scale` (1000 turns seconds into `ms`); nil when there are none.
    public init?(name: String, samples: [Double], scale: Double = 1, unit: String) {
        let statistics = Statistics(samples.map { $0 * scale })
        guard let median = statistics.median, let p90 = statistics.p90 else { return nil }
        self.init(name: name, median: median, p90: p90, unit: unit)
    }

    /// A figure measured once, such as a high-water mark: the median and the 90th percentile are the value.
    public init(name: String, value: Double, unit: String) {
        self.init(name: name, median: value, p90: value, unit: unit)
    }

    /// The width the name is padded to, so the numbers line up.
    public static let nameWidth = 26

    /// `name  median  p90  unit`, the numbers with three decimals: `transition_frame  4.210  4.876  ms`, names padded
    /// to the longest figure's (`decode_6000x4000_sdl_image`).
    public var line: String {
        let padded = name.count < BenchmarkFigure.nameWidth ? name + String(repeating: " ", count: BenchmarkFigure.nameWidth - name.count) : name
        return padded + String(cFormat: " %10.3f %10.3f  ", median, p90) + unit
    }
}
