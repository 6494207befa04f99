import Testing
@testable import VitrineCore

@Suite struct StatisticsTests {
    @Test func percentilesInterpolateBetweenRanks() {
        let stats = Statistics((1...10).map(Double.init).shuffled())
        #expect(stats.count == 10)
        #expect(stats.median == 5.5)
        #expect(abs(stats.p90! - 9.1) < 1e-12)
        #expect(stats.percentile(0) == 1)
        #expect(stats.percentile(1) == 10)
        #expect(stats.minimum == 1 && stats.maximum == 10)
    }

    @Test func medianOfAnOddCountIsTheMiddleSample() {
        #expect(Statistics([7, 1, 3]).median == 3)
        #expect(Statistics([1, 2, 3, 4]).median == 2.5)
    }

    @Test func emptyInputHasNoPercentiles() {
        let stats = Statistics([])
        #expect(stats.count == 0)
        #expect(stats.median == nil && stats.p90 == nil && stats.minimum == nil && stats.maximum == nil)
    }

    @Test func oneSampleIsEveryPercentile() {
        let stats = Statistics([4.25])
        #expect(stats.median == 4.25 && stats.p90 == 4.25 && stats.percentile(0) == 4.25)
    }

    @Test func fractionsOutsideZeroToOneAreClamped() {
        let stats = Statistics([1, 2, 3])
        #expect(stats.percentile(-1) == 1)
        #expect(stats.percentile(2) == 3)
    }

    @Test func samplesThatAreNotFiniteAreLeftOut() {
        let stats = Statistics([.nan, 2, .infinity, 4, -.infinity])
        #expect(stats.sorted == [2, 4])
        #expect(stats.median == 3)
    }
}

@Suite struct FrameStatisticsTests {
    /// Whether `value` is within the histogram's stated error of `exact`.
    private func near(_ value: Double?, _ exact: Double) -> Bool {
        guard let value else { return false }
        return abs(value - exact) <= exact * FrameStatistics.relativeError + 1e-15
    }

    @Test func emptyStatisticsHaveNoPercentiles() {
        let stats = FrameStatistics(budget: 1.0 / 60)
        #expect(stats.count == 0 && stats.overBudget == 0)
        #expect(stats.percentile(0.5) == nil && stats.mean == nil && stats.maximum == nil)
        #expect(stats.summary == "0 frames drawn, 0 over the 16.7 ms budget")
    }

    @Test func percentilesOfKnownDataAreWithinHalfABucket() {
        var stats = FrameStatistics(budget: 1)
        for ms in (1...100).shuffled() { stats.record(Double(ms) / 1000) }
        #expect(stats.count == 100)
        #expect(near(stats.percentile(0.5), 0.050))   // Nearest rank: the 50th of 100.
        #expect(near(stats.percentile(0.99), 0.099))
        #expect(near(stats.percentile(0.9), 0.090))
        #expect(stats.percentile(0) == 0.001)         // Clamped to the smallest duration seen.
        #expect(stats.percentile(1) == 0.100)         // Clamped to the largest.
        #expect(abs(stats.mean! - 0.0505) < 1e-12)
    }

    @Test func theHistogramsErrorIsAboutHalfAPercent() {
        #expect(FrameStatistics.relativeError > 0.005 && FrameStatistics.relativeError < 0.006)
    }

    @Test func identicalFramesReportTheirExactDuration() {
        var stats = FrameStatistics(budget: 1.0 / 60)
        for _ in 0..<1000 { stats.record(0.004321) }
        #expect(stats.percentile(0.5) == 0.004321)
        #expect(stats.percentile(0.99) == 0.004321)
    }

    @Test func framesLongerThanTheBudgetAreCounted() {
        var stats = FrameStatistics(budget: 1.0 / 60)
        for seconds in [0.001, 0.010, 1.0 / 60, 0.017, 0.020, 0.5, 0.016] { stats.record(seconds) }
        #expect(stats.count == 7)
        #expect(stats.overBudget == 3, "exactly the budget is not over it")
    }

    @Test func extremeDurationsLandInTheEndBuckets() {
        var stats = FrameStatistics(budget: 1.0 / 60)
        stats.record(0)
        stats.record(-1)
        stats.record(1e-9)
        stats.record(1e6)
        stats.record(1e6)
        stats.record(.nan)
        stats.record(.infinity)
        #expect(stats.count == 5, "NaN and infinity are ignored")
        #expect(stats.minimum == 0 && stats.maximum == 1e6)
        #expect(stats.percentile(0.5)! < FrameStatistics.smallestDuration * 1.02, "under a microsecond: the first bucket")
        #expect(stats.percentile(0.7) == 1e6, "too long for the histogram: the last bucket reports the maximum")
        #expect(stats.percentile(1) == 1e6)
        #expect(stats.overBudget == 2)
    }

    @Test func summaryNamesCountPercentilesAndBudget() {
        var stats = FrameStatistics(budget: 1.0 / 60)
        for _ in 0..<9 { stats.record(0.0021) }  // Its bucket's middle is 0.2 % above: 2.10 ms still.
        stats.record(0.0305)                      // The 99th percentile of 10 frames is the 10th: the maximum.
        #expect(stats.summary == "10 frames drawn, frame time p50 2.10 ms p99 30.5 ms, 1 over the 16.7 ms budget")
    }
}

@Suite struct ProcessStatTests {
    @Test func readsTheStartTimeField() {
        let line = "26077 (cat) R 26033 26033 21079 0 -1 4194304 100 0 0 0 0 0 0 0 20 0 1 0 446044 3133440 384 18446744073709551615 0\n"
        #expect(ProcessStat.startTicks(statLine: line) == 446044)
    }

    @Test func aCommandNameWithSpacesAndParenthesesIsSkipped() {
        let line = "7 (a) b (c)) S 1 7 7 0 -1 4194304 100 0 0 0 0 0 0 0 20 0 1 0 99 3133440 384\n"
        #expect(ProcessStat.startTicks(statLine: line) == 99)
    }

    @Test func somethingElseGivesNil() {
        #expect(ProcessStat.startTicks(statLine: "") == nil)
        #expect(ProcessStat.startTicks(statLine: "1 (x) R 2 3") == nil)
        #expect(ProcessStat.startTicks(statLine: "no parenthesis at all") == nil)
    }
}
