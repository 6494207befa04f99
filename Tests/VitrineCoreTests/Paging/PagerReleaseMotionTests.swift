import Testing
@testable import VitrineCore

/// The settle after a release carries on at the finger's speed, speeds up only as far as it must, and never
/// overshoots: every committing fling from 300 to 2400 pt/s, near the target and far from it, sampled at the
/// fixed step both on the pager and through a replay script played the way `vitrine replay` plays it.
@Suite struct PagerReleaseMotionTests {
    /// Drags a pager along `ReleaseMotion.pointerPath` at the fixed step, releases, and samples the settle.
    private func motionOnThePager(speed: Double, distance: Double) -> (ReleaseMotion, [PagerEvent]) {
        var pager = Pager(pageCount: 5, currentPage: 1)
        let path = ReleaseMotion.pointerPath(speed: speed, distance: distance)
        let width = ReleaseMotion.pageWidth, y = 300.0
        var events = pager.handle(.pointerDown(id: 1, at: Point(x: path[0], y: y)), at: 0, pageWidth: width)
        var t = 0.0
        for (index, x) in path.enumerated().dropFirst() {
            t = Double(index) * PagingTuning.fixedStep
            events += pager.step(to: t)
            events += pager.handle(.pointerMove(id: 1, to: Point(x: x, y: y)), at: t, pageWidth: width)
        }
        events += pager.handle(.pointerUp(id: 1, at: Point(x: path.last!, y: y)), at: t, pageWidth: width)
        let start = pager.visualPosition
        var travel: [Double] = []
        for index in 1...Int((1.0 / PagingTuning.fixedStep).rounded()) {
            events += pager.step(to: t + Double(index) * PagingTuning.fixedStep)
            travel.append((pager.visualPosition - start) * width)
        }
        return (ReleaseMotion(releaseSpeed: speed, distance: (2 - start) * width, travel: travel), events)
    }

    @Test func everyCommittingFlingMeetsTheMotionCriteriaOnThePager() {
        #expect(ReleaseMotion.cases.count > 30)
        for (speed, distance) in ReleaseMotion.cases {
            let (motion, events) = motionOnThePager(speed: speed, distance: distance)
            #expect(abs(motion.distance - distance) < speed * PagingTuning.fixedStep)
            #expect(events.contains(.transitionStarted(from: 1, to: 2)), "\(speed) pt/s, \(distance) pt")
            #expect(events.last == .pageChanged(page: 2), "\(speed) pt/s, \(distance) pt")
            let failures = motion.failures()
            #expect(failures.isEmpty, "\(failures)")
        }
    }

    @Test func everyCommittingFlingMeetsTheMotionCriteriaThroughAReplayScript() throws {
        // The script drags with mouse lines at the fixed step, releases, then takes a screenshot half way through
        // every step for a second: `vitrine replay`'s screenshots show the simulation at the last step.
        let pixels = PixelSize(width: 1200, height: 800)
        for (speed, distance) in ReleaseMotion.cases {
            let path = ReleaseMotion.pointerPath(speed: speed, distance: distance)
            var lines: [String] = []
            for (index, x) in path.enumerated() {
                lines.append(#"{"at":\#(Double(index) / 120),"mouse":"\#(index == 0 ? "down" : "move")","x":\#(x),"y":300}"#)
            }
            let release = Double(path.count - 1) / 120
            lines.append(#"{"at":\#(release),"mouse":"up","x":\#(path.last!),"y":300}"#)
            for k in 0...120 { lines.append(#"{"at":\#(release + (Double(k) + 0.5) / 120),"screenshot":"\#(k)"}"#) }
            let script = try ReplayScript.parse(lines.joined(separator: "\n"), file: "fling.jsonl")
            var kiosk = EmbeddedKiosk(config: RuntimeFixture.config(RuntimeFixture.cards(5)), pixels: pixels,
                                      loadConfig: RuntimeFixture.loader([:]))
            var shots: [Double] = []
            kiosk.play(script, windowPoints: pixels, load: RuntimeFixture.loader([:])) { frame, _, _, _ in
                shots.append(frame.pager.position)
            }
            try #require(shots.count == 121)
            let width = ReleaseMotion.pageWidth
            #expect(abs((1 - shots[0]) * width - distance) < speed / 120)
            let motion = ReleaseMotion(releaseSpeed: speed, distance: (1 - shots[0]) * width,
                                       travel: shots.dropFirst().map { ($0 - shots[0]) * width })
            #expect(kiosk.events.last?.event == .pager(.pageChanged(page: 1)), "\(speed) pt/s, \(distance) pt")
            let failures = motion.failures()
            #expect(failures.isEmpty, "replay: \(failures)")
        }
    }

    @Test func theCriteriaCatchTheOldSettleRacingAheadOfTheFinger() {
        // The issue's measurement of the old curve: 2400 pt/s with 1050 pt to go, leaving at 2650 and peaking
        // at 4320 pt/s. A motion like that must fail, so the test above is not passing vacuously.
        var travel: [Double] = []
        var position = 0.0
        for i in 0..<72 {
            let speed = i < 36 ? 2650 + Double(i) * 46 : 4320 - Double(i - 36) * 120
            position = min(position + max(speed, 0) * PagingTuning.fixedStep, 1050)
            travel.append(position)
        }
        travel += Array(repeating: 1050, count: 48)
        let failures = ReleaseMotion(releaseSpeed: 2400, distance: 1050, travel: travel).failures()
        #expect(failures.contains { $0.contains("first 1/60 s") })
        #expect(failures.contains { $0.contains("peak") })
    }
}
