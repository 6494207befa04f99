import Testing
@testable import VitrineCore

/// The motion after a release, sampled at the fixed step, and the criteria for a committing fling.
struct ReleaseMotion {
    /// The finger's speed at release, toward the target, in points per second.
    var releaseSpeed: Double
    /// How far the card was from its target at release, in points.
    var distance: Double
    /// How far the card has travelled toward the target after each fixed step since the release, in points.
    var travel: [Double]

    /// The card's speed over each step, in points per second (the first from the release point).
    var speeds: [Double] {
        zip(travel, [0] + travel).map { ($0 - $1) / PagingTuning.fixedStep }
    }

    /// Every way the motion misses the criteria, in words; empty when it meets them all.
    ///
    /// - in the first 1/60 s (two steps) the speed stays within 10 % of the release speed;
    /// - the speed has one peak: once it falls it never rises again;
    /// - the peak is at most the larger of 1.5 × the release speed and 2 × distance ÷ 0.6 s;
    /// - when the distance is at most 0.3 s × the release speed, the speed never rises at all;
    /// - the card arrives within 0.6 s and never passes the target (nor moves back).
    func failures() -> [String] {
        let v = releaseSpeed, speeds = speeds, tolerance = 1e-6 * v
        let name = "release \(v) pt/s, \(distance) pt to go"
        var failures: [String] = []
        let stepsIn60th = Int((1.0 / 60 / PagingTuning.fixedStep).rounded())
        for speed in speeds.prefix(stepsIn60th) where abs(speed - v) > 0.1 * v {
            failures.append("\(name): speed \(speed) in the first 1/60 s")
        }
        var fell = false
        for (previous, speed) in zip([v] + speeds, speeds) {
            if speed < previous - tolerance { fell = true }
            if fell, speed > previous + tolerance { failures.append("\(name): speed rises again to \(speed)"); break }
        }
        let peak = speeds.max() ?? 0
        let bound = max(1.5 * v, 2 * distance / PagingTuning.maxSettleDuration)
        if peak > bound * (1 + 1e-9) { failures.append("\(name): peak \(peak) over \(bound)") }
        if distance <= 0.3 * v, peak > v + tolerance { failures.append("\(name): speeds up to \(peak) though close") }
        let capSteps = Int((PagingTuning.maxSettleDuration / PagingTuning.fixedStep).rounded())
        if travel.count < capSteps || abs(travel[capSteps - 1] - distance) > 1e-6 {
            failures.append("\(name): not home after 0.6 s")
        }
        if travel.contains(where: { $0 > distance + 1e-6 }) { failures.append("\(name): overshoots") }
        if speeds.contains(where: { $0 < -tolerance }) { failures.append("\(name): moves back") }
        return failures
    }

    /// The committing flings to check: release speeds 300–2400 pt/s, from close to the target to far from it.
    ///
    /// Distances are 0.05, 0.125 and 0.3 s of the release speed (0.125 s is the "near" case: 150 pt at
    /// 1200 pt/s, 38 pt at 300 pt/s), half a page and most of a page, on 1200-point pages. Below 400 pt/s only a
    /// drag past half way commits, so those keep to half a page or less.
    static let cases: [(speed: Double, distance: Double)] = {
        var cases: [(speed: Double, distance: Double)] = []
        for speed in [300.0, 400, 600, 900, 1200, 1800, 2400] {
            for distance in [0.05 * speed, 0.125 * speed, 0.3 * speed, 600, 1050, 1170] {
                let commits = speed >= PagingTuning.flingVelocity ? distance <= 1180 : distance <= 600
                if commits { cases.append((speed, distance)) }
            }
        }
        return cases
    }()

    /// The page width the cases are laid out for, in points.
    static let pageWidth = 1200.0

    /// The pointer's x at each fixed step for a drag toward the next page that leaves the card `distance` short
    /// of it, moving at `speed` all along (so the velocity tracker reads exactly `speed`), from a press at step 0.
    static func pointerPath(speed: Double, distance: Double) -> [Double] {
        let pointerTravel = PagingTuning.slop + (pageWidth - distance)
        let steps = max(Int((pointerTravel / (speed * PagingTuning.fixedStep)).rounded()), 1)
        let start = 1150.0
        return (0...steps).map { start - speed * PagingTuning.fixedStep * Double($0) }
    }
}
