import Testing
@testable import VitrineCore

/// The release speed follows the finger at lift: a finger that speeds up hands the card its speed at lift, not
/// its average over the last 100 ms, so the card does not slow down as the finger leaves it.
@Suite struct PagerVelocityFitTests {
    /// A press at x = 1100 that accelerates linearly from rest to `speed` (toward the next page) over 0.15 s,
    /// sampled `rate` times a second, then lifts; with screenshots every fixed step for a second after the lift.
    private func acceleratingFlick(speed: Double, rate: Double) throws -> GestureReplay.Outcome {
        var replay = GestureReplay()
        let duration = 0.15, start = 0.5
        let samples = Int((duration * rate).rounded())
        for k in 0...samples {
            let t = Double(k) / rate
            replay.mouse(k == 0 ? "down" : "move", x: 1100 - speed * t * t / (2 * duration), at: start + t)
        }
        replay.mouse("up", x: 1100 - speed * duration / 2, at: start + duration)
        replay.screenshots(from: start + duration)
        return try replay.play()
    }

    @Test(arguments: [600.0, 900, 1200, 1800, 2400, 3200, 4000], [120.0, 60])
    func anAcceleratingFingerHandsTheCardItsSpeedAtLift(speed: Double, rate: Double) throws {
        let outcome = try acceleratingFlick(speed: speed, rate: rate)
        try #require(outcome.shots.count == 121)
        let first = outcome.speed()
        #expect(abs(first - speed) <= 0.1 * speed,
                "\(speed) pt/s at \(rate) Hz: \(first) pt/s over the first 1/60 s (\(Int(100 * (first / speed - 1)))%)")
        #expect(outcome.page == 1)
        #expect(outcome.count(\.isPageChanged) == 1)
        // And the rest of the settle keeps last round's criteria: one peak under the bound, home within 0.6 s,
        // no overshoot.
        let width = GestureReplay.width, shots = outcome.shots
        let motion = ReleaseMotion(releaseSpeed: speed, distance: (1 - shots[0]) * width,
                                   travel: shots.dropFirst().map { ($0 - shots[0]) * width })
        #expect(motion.failures().isEmpty, "\(motion.failures())")
    }

    @Test func theTrackerReadsAQuadraticPathsSpeedAtItsNewestSample() {
        var tracker = VelocityTracker()
        // x = 3t² from t = 0 to 0.2 s in 8 ms samples: the speed at the newest sample is 6t.
        var t = 0.0
        while t <= 0.2 + 1e-9 {
            tracker.add(time: t, x: 3 * t * t * 1000)
            t += 0.008
        }
        let newest = t - 0.008
        #expect(abs(tracker.velocity - 6000 * newest) < 1e-6 * 6000)
    }

    @Test func theTrackerNeverReadsAFingerAsMovingBackwardsThatOnlyWentForward() {
        // Fast, then a sudden near-stop: a curve fitted through it bends back, but the finger never reversed.
        var tracker = VelocityTracker()
        var x = 0.0
        for k in 0...12 {
            x += k < 9 ? 20 : 0.5
            tracker.add(time: Double(k) / 120, x: x)
        }
        #expect(tracker.velocity >= 0)
    }

    @Test func samplesAtTheSameInstantCountOnceAndNothingIsNonFinite() {
        var tracker = VelocityTracker()
        for k in 0..<5 {
            tracker.add(time: 0.01 * Double(k), x: 10 * Double(k))
            tracker.add(time: 0.01 * Double(k), x: 10 * Double(k))
        }
        #expect(abs(tracker.velocity - 1000) < 1e-6)
        var single = VelocityTracker()
        single.add(time: 1, x: 5)
        #expect(single.velocity == 0)
        #expect(VelocityTracker().velocity == 0)
    }
}
