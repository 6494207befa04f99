/// Attract mode's shuffled order: a new seeded permutation of the deck for every pass through it.
///
/// Each pass is a Fisher–Yates shuffle of all the deck's indices drawn from one ``SplitMix64`` started from the
/// seed, so the same seed gives the same passes on every machine and in every replay, and every card comes once per
/// pass. A pass never begins with the card the previous pass ended on (that card would show twice in a row): its
/// first card is swapped with another, chosen by the same generator.
public struct ShuffleOrder: Sendable {
    /// The generator, as it stands after the passes drawn so far.
    private var generator: SplitMix64
    /// How many passes were drawn.
    public private(set) var passes = 0

    /// Passes drawn from `seed`.
    public init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// The next pass: a permutation of `0..<count` that does not begin with `previousLast` (when it has two cards
    /// or more).
    public mutating func nextPass(count: Int, previousLast: Int? = nil) -> [Int] {
        passes += 1
        var order = Array(0..<max(0, count))
        guard order.count > 1 else { return order }
        for i in stride(from: order.count - 1, to: 0, by: -1) {
            order.swapAt(i, generator.next(0, i + 1))
        }
        if let previousLast, order[0] == previousLast {
            order.swapAt(0, generator.next(1, order.count))
        }
        return order
    }
}
