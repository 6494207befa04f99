import Testing
@testable import VitrineCore

/// The watchdog rule on its own: feed every period, hold back while a frame stays owed for longer than one.
@Suite struct WatchdogStateTests {
    @Test func withoutAPeriodThereIsNoHeartbeat() {
        var watchdog = WatchdogState(period: nil, start: 0)
        #expect(watchdog.nextBeat == nil)
        let beat = watchdog.beat(at: 1_000, frameOwedSince: nil)
        #expect(beat == nil)
    }

    @Test func feedsEveryPeriodFromTheLastBeat() {
        var watchdog = WatchdogState(period: 5, start: 10)
        #expect(watchdog.nextBeat == 15)
        let early = watchdog.beat(at: 14.9, frameOwedSince: nil)
        #expect(early == nil)
        let due = watchdog.beat(at: 15.5, frameOwedSince: nil)
        #expect(due == .feed)
        #expect(watchdog.nextBeat == 20.5, "a late beat sets the next one a period after it")
    }

    @Test func aFrameOwedForUpToAPeriodStillFeeds() {
        var watchdog = WatchdogState(period: 5, start: 0)
        let beat = watchdog.beat(at: 5, frameOwedSince: 0)
        #expect(beat == .feed, "owed for exactly one period is not yet stuck")
    }

    @Test func aStuckScreenStarvesItAndIsReportedOnce() {
        var watchdog = WatchdogState(period: 5, start: 0)
        let first = watchdog.beat(at: 5, frameOwedSince: -1)
        #expect(first == .starve(seconds: 6, firstTime: true))
        #expect(watchdog.starved)
        let second = watchdog.beat(at: 10, frameOwedSince: -1)
        #expect(second == .starve(seconds: 11, firstTime: false))
        let recovered = watchdog.beat(at: 15, frameOwedSince: nil)
        #expect(recovered == .feed)
        #expect(!watchdog.starved)
        let again = watchdog.beat(at: 20, frameOwedSince: 12)
        #expect(again == .starve(seconds: 8, firstTime: true), "stuck again after a recovery is reported again")
    }
}
