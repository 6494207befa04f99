import Testing
@testable import VitrineCore

/// One trackpad gesture, one page: wheel deltas with no quiet gap of `wheelStreamGap` between them are one
/// gesture, whose page is decided once, whether its deltas are whole notches, fractions, or both.
@Suite struct PagerTrackpadGestureTests {
    /// The issue's swipe: fifteen deltas of 2 notches, then a tail decaying by 10 % a report, every 1/120 s.
    private func wholeThenDecayingDeltas() -> [Double] {
        var deltas = Array(repeating: 2.0, count: 15)
        var tail = 1.8
        while tail >= PagingTuning.wheelDeltaThreshold {
            deltas.append(tail)
            tail *= 0.9
        }
        return deltas
    }

    @Test func wholeDeltasThenADecayingTailTurnOnePage() {
        var h = PagerHarness(pageCount: 5)
        for delta in wholeThenDecayingDeltas() {
            h.send(.wheel(dx: delta, dy: 0))
            h.run(for: PagingTuning.fixedStep)
        }
        h.settle()
        #expect(h.pager.currentPage == 1)
        #expect(count(h.events, \.isPageChanged) == 1)
        for case .dragBegan(let page) in h.events { #expect(page == 0) }
    }

    @Test func theIssuesSwipeTurnsOnePageThroughAReplayScript() throws {
        var replay = GestureReplay()
        for (index, delta) in wholeThenDecayingDeltas().enumerated() { replay.wheel(dx: delta, at: 0.5 + Double(index) / 120) }
        let outcome = try replay.play()
        #expect(outcome.page == 1)
        #expect(outcome.count(\.isPageChanged) == 1)
        #expect(!outcome.events.contains { $0.event == .dragBegan(page: 1) })
    }

    @Test func aFractionalDeltaAfterTheGapStartsANewGesture() {
        var h = PagerHarness(pageCount: 5)
        h.send(.wheel(dx: 1, dy: 0))  // a notch: page 1
        h.run(for: PagingTuning.wheelStreamGap + PagingTuning.fixedStep)
        for _ in 0..<60 {
            h.send(.wheel(dx: 0.5, dy: 0))  // a new stream, on from where the card is heading
            h.run(for: PagingTuning.fixedStep)
        }
        h.settle()
        #expect(h.pager.currentPage == 2)
    }

    /// Random wheel streams: deltas whole or fractional, from a tenth of a notch to three, never `wheelStreamGap`
    /// apart, on decks that wrap and that do not.
    @Test(arguments: 0..<8)
    func anyStreamWithNoQuietGapTurnsAtMostOnePage(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) + 100)
        for trial in 0..<200 {
            let wraps = seed % 2 == 0
            var h = PagerHarness(pageCount: 6, wraps: wraps, currentPage: 2)
            let oneWay = trial % 4 != 0
            let sign: Double = Bool.random(using: &rng) ? 1 : -1
            var deltas: [Double] = []
            for _ in 0..<Int.random(in: 1...120, using: &rng) {
                let whole = Double.random(in: 0..<1, using: &rng) < 0.4
                var delta = whole ? Double(Int.random(in: 1...3, using: &rng)) : .random(in: 0.1...3, using: &rng)
                if oneWay ? sign < 0 : Bool.random(using: &rng) { delta = -delta }
                deltas.append(delta)
                h.send(Bool.random(using: &rng) ? .wheel(dx: delta, dy: 0) : .wheel(dx: 0, dy: -delta))
                let gap = Double.random(in: 0..<(PagingTuning.wheelStreamGap - 1e-3), using: &rng)
                h.time += gap
                let stepped = h.pager.step(to: h.time)
                h.log += stepped.map { (h.time, $0) }
            }
            h.settle()
            let moved = h.pager.shortestDelta(from: 2, to: h.pager.currentPage)
            #expect(abs(moved) <= 1, "seed \(seed) trial \(trial): \(deltas) moved \(moved) pages")
            if oneWay { #expect(count(h.events, \.isPageChanged) <= 1, "seed \(seed) trial \(trial): \(deltas)") }
        }
    }
}
