import Testing
@testable import VitrineCore

/// Per-card durations and the shuffled order through the runtime on a manual clock.
@Suite struct KioskRuntimeTimingTests {
    typealias F = ScheduleFixture

    @Test func eachCardShowsExactlyForItsDuration() {
        let cards = [F.card(0, duration: 2), F.card(1, duration: 5), F.card(2)]  // Card 2 takes the interval, 3 s.
        var kiosk = F.kiosk(cards, start: nil, autoplay: AutoplayConfig(interval: 3, progressBar: true))
        kiosk.advance(to: 1)
        #expect(kiosk.runtime.settledFrame.progress == 0.5, "the bar runs over card 0's 2 s")
        kiosk.advance(to: 21)
        let changes = RuntimeFixture.pageChanges(kiosk.events)
        #expect(changes.map(\.page) == [1, 2, 0, 1, 2, 0])
        let d = PagingTuning.programmaticDuration
        let starts = [2.0, 7, 10, 12, 17, 20]  // 2, then +5 (card 1), +3 (card 2), +2 (card 0), +5 (card 1), +3.
        for (change, start) in zip(changes, starts) {
            #expect(change.t >= start + d - 1e-9 && change.t <= start + d + PagingTuning.fixedStep + 1e-9, "\(change)")
        }
        // On screen from one pageChanged to the next: exactly the card's duration.
        let shown = zip(changes, changes.dropFirst()).map { (PagerEvent.formatSeconds($1.t - $0.t), $0.page) }
        #expect(shown.map(\.0) == ["5.000", "3.000", "2.000", "5.000", "3.000"])
    }

    /// The cards autoplay shows, in order, starting with the first card on screen.
    func shuffledRun(seed: UInt64, cards: Int = 5, seconds: Double = 30) -> [Int] {
        var autoplay = AutoplayConfig(interval: 1)
        autoplay.shuffle = seed
        var kiosk = F.kiosk(RuntimeFixture.cards(cards), start: nil, autoplay: autoplay)
        let first = kiosk.runtime.currentCard!
        kiosk.advance(to: seconds)
        return [first] + RuntimeFixture.pageChanges(kiosk.events).map(\.page)
    }

    @Test func aShuffleShowsEveryCardOncePerPassAndTheSameSeedTheSameOrder() {
        let run = shuffledRun(seed: 7)
        #expect(run.count >= 25)
        for pass in stride(from: 0, to: 25, by: 5) {
            #expect(Set(run[pass..<pass + 5]) == Set(0..<5), "pass \(pass / 5): \(run)")
        }
        for (a, b) in zip(run, run.dropFirst()) { #expect(a != b, "no card twice in a row: \(run)") }
        #expect(shuffledRun(seed: 7) == run, "the same seed, the same order")
        #expect(shuffledRun(seed: 8) != run)
        #expect(run.prefix(10) != [0, 1, 2, 3, 4, 0, 1, 2, 3, 4])
        #expect(Array(run[0..<5]) != Array(run[5..<10]), "each pass is drawn anew")
    }

    @Test func shufflePassesNeverBeginWithThePreviousLastCard() {
        var order = ShuffleOrder(seed: 3)
        var last: Int?
        for _ in 0..<200 {
            let pass = order.nextPass(count: 3, previousLast: last)
            #expect(pass.sorted() == [0, 1, 2])
            #expect(pass.first != last)
            last = pass.last
        }
    }

    @Test func withOneCardOrNoneShowingAttractModeWaitsAWholeIntervalAtATime() {
        // Before, the interval ran out and was never restarted: the deadline stayed in the past and the loop woke
        // again at once, without end (a replay of a one-card deck with autoplay never finished).
        var kiosk = F.kiosk([F.card(0)], start: nil, autoplay: AutoplayConfig(interval: 5))
        kiosk.advance(to: 12)
        #expect(kiosk.runtime.nextDeadline == 15)
        var standby = F.kiosk([F.card(0, hours: ["sat 10:00-11:00"])], start: "2026-11-30T12:00", autoplay: AutoplayConfig(interval: 5))
        standby.advance(to: 12)
        #expect(standby.runtime.settledFrame.pager.pageCount == 0)
        #expect(standby.runtime.nextDeadline == 15)
    }

    @Test func aReloadedShuffledDeckOfAnotherSizeShufflesAllOfIt() {
        var autoplay = AutoplayConfig(interval: 1)
        autoplay.shuffle = 5
        let bigger = RuntimeFixture.config(RuntimeFixture.cards(7), autoplay: autoplay)
        var kiosk = EmbeddedKiosk(config: RuntimeFixture.config(RuntimeFixture.cards(4), autoplay: autoplay), pixels: RuntimeFixture.pixels,
                                  loadConfig: RuntimeFixture.loader(["/deck/kiosk.json": bigger]))
        kiosk.send(.reloadRequested, at: 2.5)
        let from = kiosk.events.count
        kiosk.advance(to: 40)
        let shown = RuntimeFixture.pageChanges(Array(kiosk.events[from...])).map(\.page)
        #expect(Set(shown) == Set(0..<7), "every card of the new deck comes: \(shown)")
        #expect(kiosk.runtime.pageOrder.sorted() == Array(0..<7))
    }

    @Test func aShuffledDeckThatDoesNotWrapStillShufflesEachPassAndGoesHome() {
        for seed: UInt64 in 0..<24 {  // Among them seeds whose first pass begins with the home card.
            var autoplay = AutoplayConfig(interval: 1)
            autoplay.shuffle = seed
            var config = RuntimeFixture.config(RuntimeFixture.cards(4), autoplay: autoplay)
            config.wrap = false
            var kiosk = EmbeddedKiosk(config: config, pixels: RuntimeFixture.pixels, loadConfig: RuntimeFixture.loader([:]))
            let first = kiosk.runtime.currentCard!
            kiosk.advance(to: 16.5)
            let run = [first] + RuntimeFixture.pageChanges(kiosk.events).map(\.page)
            for pass in stride(from: 0, to: 16, by: 4) { #expect(Set(run[pass..<pass + 4]) == Set(0..<4), "seed \(seed): \(run)") }

            var home = AutoplayConfig(interval: 1, resumeAfterIdle: 100, homeAfterIdle: 5, home: 2)
            home.shuffle = seed
            config.autoplay = home
            var homing = EmbeddedKiosk(config: config, pixels: RuntimeFixture.pixels, loadConfig: RuntimeFixture.loader([:]))
            homing.send(.paging(.key(.last)), at: 0.5)
            homing.advance(to: 7)
            #expect(homing.runtime.currentCard == 2, "seed \(seed): home is card 2")
        }
    }
}
