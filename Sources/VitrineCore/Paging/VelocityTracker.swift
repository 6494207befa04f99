/// Estimates a pointer's horizontal velocity at its newest sample from its recent path.
///
/// The samples of the last `PagingTuning.velocityWindow` are fitted, by least squares, with a quadratic in time
/// (a straight line when the window holds only two instants), and the estimate is the fit's slope at the newest
/// sample: a finger that speeds up reads at its speed at lift, not at its average over the window, and a steady
/// one reads exactly. Velocity trackers on Android and in Flutter fit the same kind of curve over the same 100 ms.
/// A fitted curve can bend back where the finger only slowed down; a slope pointing against the finger's latest
/// movement reads as 0, and a faster one than `PagingTuning.maxReleaseSpeed` as that speed. Samples at the same
/// instant count once (the newest position). Memory stays bounded: samples older than the window are dropped.
///
/// A finger that stopped has no speed: when it has not moved by more than `PagingTuning.stillJitter` for
/// `PagingTuning.stoppedFingerDelay`, it reads as 0 whatever came before, and when it moves again the fit starts
/// from where it rested.
struct VelocityTracker: Sendable, Equatable {
    private struct Sample: Sendable, Equatable {
        var time: Double
        var x: Double
    }

    private var samples: [Sample] = []
    /// Where and when the pointer last moved: by more than `PagingTuning.stillJitter` from the previous such point.
    private var rest: Sample?
    /// The direction of that latest movement: +1, −1, or 0 before the pointer has moved.
    private var lastDirection = 0.0

    /// Records the pointer at `x` points at `time` seconds (times earlier than the newest count as the newest).
    mutating func add(time: Double, x: Double) {
        guard time.isFinite, x.isFinite else { return }
        let time = max(time, samples.last?.time ?? time)
        if let still = rest, abs(x - still.x) <= PagingTuning.stillJitter {
            // A resting finger's wobble: not a movement.
        } else {
            if let still = rest {
                lastDirection = x > still.x ? 1 : -1
                if time - still.time >= PagingTuning.stoppedFingerDelay, let last = samples.last {
                    // Moving again after a stop: the path before the stop says nothing about this movement.
                    samples = [last]
                }
            }
            rest = Sample(time: time, x: x)
        }
        if let last = samples.last, time <= last.time {
            samples[samples.count - 1].x = x
            return
        }
        samples.append(Sample(time: time, x: x))
        let cutoff = time - PagingTuning.velocityWindow
        if let firstInside = samples.firstIndex(where: { $0.time >= cutoff }), firstInside > 0 {
            samples.removeFirst(firstInside)
        }
    }

    /// The estimated velocity at the newest sample, in points per second; positive means moving right.
    var velocity: Double {
        guard samples.count >= 2, let newest = samples.last, let still = rest else { return 0 }
        if newest.time - still.time >= PagingTuning.stoppedFingerDelay { return 0 }
        let slope = samples.count >= 3 ? quadraticSlope(newest: newest) ?? linearSlope(newest: newest)
                                        : linearSlope(newest: newest)
        guard let slope, slope.isFinite, slope * lastDirection > 0 else { return 0 }
        // To a millionth of a point per second: a steady path then reads its exact speed despite the fit's
        // rounding, so a release at exactly `flingVelocity` is a fling.
        let rounded = (slope * 1e6).rounded() / 1e6
        return min(max(rounded, -PagingTuning.maxReleaseSpeed), PagingTuning.maxReleaseSpeed)
    }

    /// The slope at the newest sample of the least-squares line through the samples.
    private func linearSlope(newest: Sample) -> Double? {
        var s0 = 0.0, s1 = 0.0, s2 = 0.0, sx = 0.0, stx = 0.0
        for sample in samples {
            let t = sample.time - newest.time, x = sample.x - newest.x
            s0 += 1; s1 += t; s2 += t * t; sx += x; stx += t * x
        }
        let determinant = s0 * s2 - s1 * s1
        guard determinant > 0 else { return nil }
        return (s0 * stx - s1 * sx) / determinant
    }

    /// The slope at the newest sample of the least-squares quadratic through the samples, or nil if degenerate.
    ///
    /// With times `t` measured from the newest sample, the fit is `x = a + b·t + c·t²` and the slope there is `b`.
    /// The normal equations are solved by Cramer's rule; times are scaled to the window so they stay well
    /// conditioned.
    private func quadraticSlope(newest: Sample) -> Double? {
        let scale = PagingTuning.velocityWindow
        var m = [Double](repeating: 0, count: 5)  // sums of u⁰ … u⁴, with u = t / scale
        var r = [Double](repeating: 0, count: 3)  // sums of x·u⁰ … x·u²
        for sample in samples {
            let u = (sample.time - newest.time) / scale, x = sample.x - newest.x
            var power = 1.0
            for k in 0..<5 {
                m[k] += power
                if k < 3 { r[k] += x * power }
                power *= u
            }
        }
        func det(_ a: [[Double]]) -> Double {
            a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0])
        }
        let normal = [[m[0], m[1], m[2]], [m[1], m[2], m[3]], [m[2], m[3], m[4]]]
        let d = det(normal)
        guard abs(d) > 1e-12 * max(1, m[0] * m[2] * m[4]) else { return nil }
        var withR = normal
        for row in 0..<3 { withR[row][1] = r[row] }
        return det(withR) / d / scale
    }
}
