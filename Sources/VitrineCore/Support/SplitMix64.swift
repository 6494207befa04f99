/// SplitMix64: a tiny, fast, seeded random number generator that gives the same numbers on every machine.
///
/// The property tests, the bad-image corpus and the benchmark's synthetic pictures all draw from it, so every
/// failure replays from its seed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next number in `low..<high`, by plain modulo (fine for pictures and test data, not for statistics).
    public mutating func next(_ low: Int, _ high: Int) -> Int {
        low + Int(next() % UInt64(high - low))
    }
}
