/// A cubic Hermite ease from one position to another: it starts at a given speed and arrives at rest.
///
/// Positions are in page widths. With `s = (t − start) / duration`, the position is
/// `from + m0·(s³ − 2s² + s) + distance·(3s² − 2s³)` where `m0 = initialVelocity · duration`.
/// The end slope is zero, so the card arrives at rest. When `0 ≤ m0 ≤ 3·distance` the curve is monotonic and
/// never passes `to`; the factory functions only build such curves. With `m0 = 3·distance` it is exactly the
/// standard cubic ease-out `1 − (1 − s)³`.
struct SettleCurve: Sendable, Equatable {
    /// When the curve starts, in seconds.
    let startTime: Double
    /// How long it runs, in seconds (always > 0).
    let duration: Double
    /// The starting position.
    let from: Double
    /// The final position.
    let to: Double
    /// The starting velocity, in page widths per second.
    let initialVelocity: Double

    /// When the curve arrives at `to`.
    var endTime: Double { startTime + duration }

    /// The position at time `t`, clamped to the curve's ends.
    func position(at t: Double) -> Double {
        let s = min(max((t - startTime) / duration, 0), 1)
        if s >= 1 { return to }
        let m0 = initialVelocity * duration
        let s2 = s * s, s3 = s2 * s
        return from + m0 * (s3 - 2 * s2 + s) + (to - from) * (3 * s2 - 2 * s3)
    }

    /// The velocity at time `t`, in page widths per second (zero outside the curve's span).
    func velocity(at t: Double) -> Double {
        let s = (t - startTime) / duration
        guard s >= 0, s < 1 else { return 0 }
        let m0 = initialVelocity * duration
        let slope = m0 * (3 * s * s - 4 * s + 1) + (to - from) * (6 * s - 6 * s * s)
        return slope / duration
    }

    /// The settle after a release: keeps the release velocity when it points at the target.
    ///
    /// The duration is the shorter of `3·distance / speed` (a cubic ease-out that starts exactly at the release
    /// speed) and the at-rest duration `settleFullPageDuration · sqrt(distance)`, clamped to
    /// `minSettleDuration...maxSettleDuration`. A velocity pointing away from the target is dropped (the curve
    /// starts at rest) and a velocity too fast for the shortest duration is capped at `3·distance / duration`,
    /// so the curve never overshoots. Returns nil when there is no distance to cover.
    static func release(from: Double, to: Double, velocity: Double, at time: Double) -> SettleCurve? {
        let distance = abs(to - from)
        guard distance > PagingTuning.positionEpsilon else { return nil }
        let direction: Double = to > from ? 1 : -1
        let speed = velocity.isFinite ? max(0, velocity * direction) : 0
        var duration = PagingTuning.settleFullPageDuration * distance.squareRoot()
        if speed > 0 { duration = min(duration, 3 * distance / speed) }
        duration = min(max(duration, PagingTuning.minSettleDuration), PagingTuning.maxSettleDuration)
        let startSpeed = min(speed, 3 * distance / duration)
        return SettleCurve(startTime: time, duration: duration, from: from, to: to,
                           initialVelocity: startSpeed * direction)
    }

    /// A programmatic move over `programmaticDuration`: a cubic ease-out from rest, or a smooth retarget.
    ///
    /// Pass `velocity: nil` when the card is at rest: the curve is the standard cubic ease-out.
    /// When retargeting a moving card, its velocity is kept if it points at the new target (the duration
    /// shortens if needed so the curve stays monotonic, keeping the speed exact); a velocity pointing away
    /// (the user reversed direction) is replaced by the standard ease-out. Returns nil for no distance.
    static func programmatic(from: Double, to: Double, velocity: Double?, at time: Double) -> SettleCurve? {
        let distance = abs(to - from)
        guard distance > PagingTuning.positionEpsilon else { return nil }
        let direction: Double = to > from ? 1 : -1
        var duration = PagingTuning.programmaticDuration
        var speed = 3 * distance / duration
        if let velocity, velocity.isFinite, velocity * direction > 0 {
            speed = velocity * direction
            duration = min(duration, 3 * distance / speed)
        }
        return SettleCurve(startTime: time, duration: duration, from: from, to: to,
                           initialVelocity: speed * direction)
    }
}
