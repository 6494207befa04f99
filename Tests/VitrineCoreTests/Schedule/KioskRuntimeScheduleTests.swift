import Testing
@testable import VitrineCore

/// Schedules through the runtime on a manual clock, as `vitrine replay --start` plays them.
@Suite struct KioskRuntimeScheduleTests {
    typealias F = ScheduleFixture

    /// Whether the `showing` lines are exactly `expected` (times to the millisecond the log writes).
    func expectShowing(_ kiosk: EmbeddedKiosk, _ expected: [(Double, [Int])], sourceLocation: SourceLocation = #_sourceLocation) {
        let got = F.showing(kiosk.events).map { (PagerEvent.formatSeconds($0.t), $0.cards) }
        let want = expected.map { (PagerEvent.formatSeconds($0.0), $0.1) }
        #expect(got.map(\.0) == want.map(\.0), sourceLocation: sourceLocation)
        #expect(got.map(\.1) == want.map(\.1), sourceLocation: sourceLocation)
    }

    @Test func aRangePastMidnightOpensOnFridayNightAndClosesOnSaturdayMorning() {
        let start = "2026-12-04T21:59"  // A Friday.
        var kiosk = F.kiosk([F.card(0), F.card(1, hours: ["fri 22:00-02:00"])], start: start)
        kiosk.advance(to: F.seconds(from: start, to: "2026-12-06T03:00"))  // Past Saturday night: nothing then.
        expectShowing(kiosk, [
            (0, [0]),
            (F.seconds(from: start, to: "2026-12-04T22:00"), [0, 1]),
            (F.seconds(from: start, to: "2026-12-05T02:00"), [0]),
        ])
        #expect(kiosk.runtime.pageOrder == [0])
    }

    @Test func weekdayHoursCloseOverTheWeekendWhenTheStandbyScreenShows() {
        let start = "2026-12-04T17:59"  // Friday, a minute before closing.
        var kiosk = F.kiosk([F.card(0, hours: ["mon-fri 09:00-18:00"]), F.card(1, hours: ["sat,sun 10:00-14:00"])], start: start)
        #expect(kiosk.runtime.settledFrame.pager.pageCount == 1)
        kiosk.advance(to: F.seconds(from: start, to: "2026-12-05T12:00"))
        #expect(kiosk.runtime.currentCard == 1)
        kiosk.advance(to: F.seconds(from: start, to: "2026-12-05T20:00"))
        let standby = kiosk.runtime.settledFrame
        #expect(standby.pager.pageCount == 0 && standby.shownCards == [], "the standby screen")
        kiosk.advance(to: F.seconds(from: start, to: "2026-12-07T09:30"))
        expectShowing(kiosk, [
            (0, [0]),
            (F.seconds(from: start, to: "2026-12-04T18:00"), []),
            (F.seconds(from: start, to: "2026-12-05T10:00"), [1]),
            (F.seconds(from: start, to: "2026-12-05T14:00"), []),
            (F.seconds(from: start, to: "2026-12-06T10:00"), [1]),
            (F.seconds(from: start, to: "2026-12-06T14:00"), []),
            (F.seconds(from: start, to: "2026-12-07T09:00"), [0]),
        ])
        #expect(kiosk.runtime.currentCard == 0)
        // Back from standby, the card is bound without a transition, and the log says so.
        let lines = kiosk.events.compactMap(\.jsonLine).filter { $0.contains("pageChanged") }
        #expect(lines.last == #"{"t":\#(PagerEvent.formatSeconds(F.seconds(from: start, to: "2026-12-07T09:00"))),"event":"pageChanged","page":0,"reason":"schedule"}"#)
    }

    @Test func theRuntimeAsksToBeWokenAtTheNextBoundaryOrWithinAMinute() {
        let start = "2026-12-04T21:59:30"
        var kiosk = F.kiosk([F.card(0), F.card(1, hours: ["fri 22:00-02:00"])], start: start)
        kiosk.advance(to: 1)
        #expect(kiosk.runtime.timerDeadline == 30)
        kiosk.advance(to: 31)
        #expect(kiosk.runtime.timerDeadline == 30 + KioskRuntime.wallClockRecheck, "a minute after the last look")
        let plain = F.kiosk([F.card(0), F.card(1)], start: start)
        #expect(plain.runtime.timerDeadline == nil, "no schedule: nothing to wake for")
    }

    @Test func swipesAndKeysSkipHiddenCards() {
        var kiosk = F.kiosk([F.card(0), F.card(1, hours: ["sat 10:00-11:00"]), F.card(2)], start: "2026-11-30T12:00")
        kiosk.send(.paging(.key(.next)), at: 1)
        kiosk.advance(to: 2)
        #expect(kiosk.runtime.currentCard == 2)
        let w = Double(RuntimeFixture.pixels.width)
        kiosk.send(.paging(.pointerDown(id: 0, at: Point(x: w * 0.8, y: 300))), at: 3)
        kiosk.send(.paging(.pointerMove(id: 0, to: Point(x: w * 0.5, y: 300))), at: 3.05)
        kiosk.send(.paging(.pointerMove(id: 0, to: Point(x: w * 0.2, y: 300))), at: 3.1)
        kiosk.send(.paging(.pointerUp(id: 0, at: Point(x: w * 0.2, y: 300))), at: 3.15)
        kiosk.advance(to: 4)
        #expect(RuntimeFixture.pageChanges(kiosk.events).map(\.page) == [2, 0], "card 1 is never shown")
        #expect(kiosk.runtime.session.pager.pageCount == 2)
    }

    @Test func aCardWhoseWindowClosesOnScreenMovesOnWithTheNormalTransition() {
        var kiosk = F.kiosk([F.card(0), F.card(1, until: "2026-12-24T10:01"), F.card(2)], start: "2026-12-24T10:00")
        kiosk.send(.paging(.key(.next)), at: 1)
        kiosk.advance(to: 70)
        let lines = kiosk.events.compactMap(\.jsonLine).filter { !$0.contains("\"t\":1.") && !$0.contains("\"t\":0.") }
        #expect(lines == [
            #"{"t":60.000,"event":"showing","cards":[0,2]}"#,
            #"{"t":60.000,"event":"transitionStarted","from":1,"to":2}"#,
            #"{"t":60.325,"event":"transitionFinished","from":1,"to":2,"completed":true}"#,
            #"{"t":60.325,"event":"pageChanged","page":2}"#,
        ])
        #expect(kiosk.runtime.pageOrder == [0, 2])
        #expect(kiosk.runtime.currentCard == 2)
    }

    @Test func aWindowOpeningDoesNotMoveTheCardOnScreen() {
        var kiosk = F.kiosk([F.card(0), F.card(1, from: "2026-12-24T10:01"), F.card(2)], start: "2026-12-24T10:00")
        kiosk.send(.paging(.key(.last)), at: 1)
        kiosk.advance(to: 2)
        #expect(kiosk.runtime.session.pager.currentPage == 1)
        let before = kiosk.events.count
        kiosk.advance(to: 70)
        #expect(kiosk.events.dropFirst(before).compactMap(\.jsonLine) == [#"{"t":60.000,"event":"showing","cards":[0,1,2]}"#])
        #expect(kiosk.runtime.currentCard == 2)
        #expect(kiosk.runtime.session.pager.currentPage == 2, "the same card, now on page 2")
        #expect(kiosk.runtime.settledFrame.shownCards == nil, "the whole deck again")
    }

    @Test func anUnsetClockShowsTheUnscheduledCardsOrEveryCard() {
        let booted = "1970-01-01T00:01"  // A Raspberry Pi without a real-time clock.
        var kiosk = F.kiosk([F.card(0, hours: ["mon 09:00-10:00"]), F.card(1)], start: booted)
        #expect(kiosk.runtime.pageOrder == [1])
        kiosk.send(.wallClock(F.at("2026-11-30T09:30")), at: 5)  // NTP sets the clock: Monday, inside the hours.
        #expect(kiosk.runtime.pageOrder == [0, 1])
        #expect(kiosk.runtime.currentCard == 1)

        let allScheduled = F.kiosk([F.card(0, hours: ["mon 09:00-10:00"]), F.card(1, from: "2027-01-01")], start: booted)
        #expect(allScheduled.runtime.pageOrder == [0, 1], "every card has a window: all show until the clock is set")
        let noClock = F.kiosk([F.card(0, hours: ["mon 09:00-10:00"]), F.card(1, from: "2027-01-01")], start: nil)
        #expect(noClock.runtime.pageOrder == [0, 1])
        #expect(DeckSchedule.showing([F.card(0, hours: ["mon 09:00-10:00"]), F.card(1)], at: nil) == [1])
    }

    @Test func theEventLogAndStatusNameCardsOfTheWholeDeck() {
        var kiosk = F.kiosk([F.card(0), F.card(1, hours: ["sat 10:00-11:00"]), F.card(2)], start: "2026-11-30T12:00")
        kiosk.send(.control(.gotoIndex(1), client: 1), at: 1)
        kiosk.send(.control(.gotoID("a2"), client: 2), at: 2)
        kiosk.advance(to: 3)
        #expect(kiosk.replies.map(\.reply.ok) == [false, true])
        #expect(kiosk.replies.first?.reply.jsonLine.contains("card 1 is not showing now") == true)
        #expect(RuntimeFixture.pageChanges(kiosk.events).map(\.page) == [2])
        #expect(kiosk.runtime.status.fields.first { $0.0 == "page" }?.1 == "2")
    }

    @Test func aReloadKeepsTheCardOnScreenAndItsSchedule() {
        let hidden = F.card(1, hours: ["sat 10:00-11:00"])
        var added = F.card(9)
        added.id = "new"
        let reloaded = RuntimeFixture.config([added, F.card(0), hidden, F.card(2)])
        var kiosk = F.kiosk([F.card(0), hidden, F.card(2)], start: "2026-11-30T12:00", files: ["/deck/kiosk.json": reloaded])
        kiosk.send(.paging(.key(.next)), at: 1)
        kiosk.send(.reloadRequested, at: 2)
        kiosk.advance(to: 3)
        #expect(kiosk.events.compactMap(\.jsonLine).suffix(3) == [
            #"{"t":2.000,"event":"pageChanged","page":3,"from":2,"reason":"reload"}"#,
            #"{"t":2.000,"event":"deckReloaded","cards":4}"#,
            #"{"t":2.000,"event":"showing","cards":[0,1,3]}"#,
        ])
        #expect(kiosk.runtime.currentCard == 3)
        #expect(kiosk.runtime.pageOrder == [0, 1, 3], "card 2 of the new deck is still out of its hours")
    }

    @Test func whileTheScreenSleepsALeavingCardIsReplacedWithoutATransition() {
        var config = RuntimeFixture.config([F.card(0, until: "2026-12-24T10:01"), F.card(1), F.card(2)])
        config.display.awake = try! WeeklyHours.parse("mon 08:00-09:00").get()  // Asleep on a Thursday morning.
        var kiosk = EmbeddedKiosk(config: config, pixels: RuntimeFixture.pixels, localStart: F.at("2026-12-24T10:00"),
                                  loadConfig: RuntimeFixture.loader([:]))
        kiosk.advance(to: 70)
        #expect(kiosk.runtime.isAsleep)
        let lines = kiosk.events.compactMap(\.jsonLine).filter { $0.contains("showing") || $0.contains("pageChanged") || $0.contains("transition") }
        #expect(lines == [
            #"{"t":0.000,"event":"pageChanged","page":0,"from":null,"reason":"start"}"#,
            #"{"t":0.000,"event":"showing","cards":[0,1,2]}"#,
            #"{"t":60.000,"event":"showing","cards":[1,2]}"#,
            #"{"t":60.000,"event":"pageChanged","page":1,"reason":"schedule"}"#,
        ])
        #expect(kiosk.runtime.currentCard == 1)
    }

    @Test func aJumpOfTheWallClockIsFollowedAtOnce() {
        var kiosk = F.kiosk([F.card(0), F.card(1, hours: ["mon-fri 09:00-18:00"])], start: "2026-11-30T08:00")
        kiosk.advance(to: 10)
        #expect(kiosk.runtime.pageOrder == [0])
        kiosk.send(.wallClock(F.at("2026-11-30T12:00")), at: 20)  // NTP corrects the clock by four hours.
        #expect(kiosk.runtime.pageOrder == [0, 1])
        kiosk.send(.wallClock(F.at("2026-11-29T12:00")), at: 30)  // And back a day, to a Sunday.
        #expect(kiosk.runtime.pageOrder == [0])
        #expect(F.showing(kiosk.events).map(\.t) == [0, 20, 30])
        #expect(kiosk.runtime.timerDeadline == 90, "then a minute later, as usual")
    }
}
