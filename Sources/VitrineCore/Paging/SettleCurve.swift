/// A polynomial ease from one position to another: it starts at a given speed and arrives at rest.
///
/// Positions are in page widths. With `s = (t − start) / duration` in `0...1`, the position is
/// `from + c1·s + c2·s² + c3·s³ + c4·s⁴ + c5·s⁵`, the coefficients summing to `to − from`. Two shapes are built:
///
/// - **Release** (`release`): the quintic that starts at the release velocity with no acceleration and arrives at
///   rest with no deceleration. When the release speed alone can bring the card home, its speed only falls, as
///   `v0 · (1 − (3s² − 2s³))`: a smoothstep from the release speed down to rest, covering `v0 · duration / 2`.
/// - **Programmatic** (`programmatic`): the cubic Hermite ease-out of keys and dots, `1 − (1 − s)³` from rest, or,
///   when a running card is retargeted, the cubic that keeps its velocity.
///
/// The factories only build curves that never pass `to` (no overshoot) and end exactly there.
struct SettleCurve: Sendable, Equatable {
    /// When the curve starts, in seconds.
    let startTime: Double
    /// How long it runs, in seconds (always > 0).
    let duration: Double
    /// The starting position.
    let from: Double
    /// The final position.
    let to: Double
    /// The coefficients of `s¹ … s⁵`, in page widths; they sum to `to − from`.
    let coefficients: [Double]

    /// When the curve arrives at `to`.
    var endTime: Double { startTime + duration }

    /// The starting velocity, in page widths per second.
    var initialVelocity: Double { coefficients[0] / duration }

    /// The position at time `t`, clamped to the curve's ends.
    func position(at t: Double) -> Double {
        let s = min(max((t - startTime) / duration, 0), 1)
        if s >= 1 { return to }
        var sum = 0.0
        for c in coefficients.reversed() { sum = (sum + c) * s }
        return from + sum
    }

    /// The velocity at time `t`, in page widths per second (zero outside the curve's span).
    func velocity(at t: Double) -> Double {
        let s = (t - startTime) / duration
        guard s >= 0, s < 1 else { return 0 }
        var slope = 0.0
        for (index, c) in coefficients.enumerated().reversed() { slope = slope * s + Double(index + 1) * c }
        return slope / duration
    }

    /// The settle after a release (a pointer or a trackpad stream): it leaves at exactly the release velocity.
    ///
    /// With `D` the distance left and `v` the release speed toward the target, both per second in page widths:
    /// - when `v · maxSettleDuration ≥ 2D` the card only slows down, along `v · (1 − smoothstep(s))`, over
    ///   `2D / v` (so `D ≤ 0.3 s × v` never speeds up); a very short settle is stretched toward
    ///   `minSettleDuration`, but never past `2.5D / v`, the longest that still keeps the speed falling;
    /// - otherwise it takes exactly `maxSettleDuration`, the least speed-up that still arrives within the cap:
    ///   it accelerates smoothly from `v`, once, to at most `1.875 D / maxSettleDuration`, then slows to rest.
    /// A velocity pointing away from the target is dropped (the curve starts at rest). Returns nil when there is
    /// no distance to cover.
    static func release(from: Double, to: Double, velocity: Double, at time: Double) -> SettleCurve? {
        let distance = abs(to - from)
        guard distance > PagingTuning.positionEpsilon else { return nil }
        let direction: Double = to > from ? 1 : -1
        let speed = velocity.isFinite ? max(0, velocity * direction) : 0
        let duration: Double
        if speed * PagingTuning.maxSettleDuration >= 2 * distance {
            duration = min(max(2 * distance / speed, PagingTuning.minSettleDuration), 2.5 * distance / speed)
        } else {
            duration = PagingTuning.maxSettleDuration
        }
        return quintic(from: from, to: to, velocity: speed * direction, duration: duration, at: time)
    }

    /// The quintic from `from` at `velocity` (no acceleration) to `to` at rest (no deceleration) over `duration`.
    ///
    /// The Hermite basis for `(x0, v0·T, a0 = 0; x1, v1 = 0, a1 = 0)`: start slope `m = v0·T` and distance `d`
    /// give `m·(s − 6s³ + 8s⁴ − 3s⁵) + d·(10s³ − 15s⁴ + 6s⁵)`. It never passes `to` while `m ≤ 2.5d`.
    static func quintic(from: Double, to: Double, velocity: Double, duration: Double, at time: Double) -> SettleCurve {
        let d = to - from, m = velocity * duration
        return SettleCurve(startTime: time, duration: duration, from: from, to: to,
                           coefficients: [m, 0, 10 * d - 6 * m, 8 * m - 15 * d, 6 * d - 3 * m])
    }

    /// A programmatic move over `programmaticDuration`: a cubic ease-out from rest, or a smooth retarget.
    ///
    /// Pass `velocity: nil` when the card is at rest: the curve is the standard cubic ease-out.
    /// When retargeting a moving card, its velocity is kept if it points at the new target (the duration
    /// shortens if needed so the curve stays monotonic, keeping the speed exact); a velocity pointing away
    /// (the user reversed direction) is replaced by the standard ease-out. Returns nil for no distance.
    static func programmatic(from: Double, to: Double, velocity: Double?, at time: Double,
                             duration full: Double = PagingTuning.programmaticDuration) -> SettleCurve? {
        let distance = abs(to - from)
        guard distance > PagingTuning.positionEpsilon else { return nil }
        let direction: Double = to > from ? 1 : -1
        var duration = full
        var speed = 3 * distance / duration
        if let velocity, velocity.isFinite, velocity * direction > 0 {
            speed = velocity * direction
            duration = min(duration, 3 * distance / speed)
        }
        return cubic(from: from, to: to, velocity: speed * direction, duration: duration, at: time)
    }

    /// The cubic Hermite from `from` at `velocity` to `to` at rest over `duration`.
    ///
    /// Start slope `m = v0·T` and distance `d` give `m·(s³ − 2s² + s) + d·(3s² − 2s³)`: monotonic while
    /// `0 ≤ m ≤ 3d`, and exactly the ease-out `1 − (1 − s)³` when `m = 3d`.
    static func cubic(from: Double, to: Double, velocity: Double, duration: Double, at time: Double) -> SettleCurve {
        let d = to - from, m = velocity * duration
        return SettleCurve(startTime: time, duration: duration, from: from, to: to,
                           coefficients: [m, 3 * d - 2 * m, m - 2 * d])
    }
}
