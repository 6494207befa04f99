import Testing
@testable import VitrineCore

/// Attract mode's clock on a manual clock: every call names the time.
@Suite struct AutoplayTests {
    /// Every 8 s, resume after 30 s idle, never home.
    let config = AutoplayConfig(interval: 8, resumeAfterIdle: 30)

    /// `due` on a five-card wrapping deck, pager idle, unless told otherwise.
    func due(_ a: inout Autoplay, _ t: Double, page: Int = 2, count: Int = 5, wraps: Bool = true, idle: Bool = true) -> KioskInput? {
        a.due(at: t, currentPage: page, pageCount: count, wraps: wraps, pagerIdle: idle)
    }

    @Test func defaults() {
        let c = AutoplayConfig()
        #expect(c.interval == 8)
        #expect(c.resumeAfterIdle == 30)
        #expect(c.homeAfterIdle == nil)
        #expect(c.home == 0)
        #expect(!c.progressBar)
    }

    @Test func advancesEveryIntervalAndNotBefore() {
        var a = Autoplay(config: config, start: 100)
        #expect(!a.isPaused(at: 100))
        #expect(due(&a, 100) == nil)
        #expect(due(&a, 107.999) == nil)
        #expect(due(&a, 108) == .advance)
        #expect(due(&a, 108) == nil, "one advance per interval")
        #expect(due(&a, 115.999) == nil)
        #expect(due(&a, 116) == .advance)
        #expect(due(&a, 123.9) == nil)
        #expect(due(&a, 124) == .advance)
    }

    @Test func nextDeadlineSaysExactlyWhen() {
        var a = Autoplay(config: config, start: 100)
        #expect(a.nextDeadline(after: 100) == 108)
        #expect(a.nextDeadline(after: 105) == 108)
        #expect(due(&a, a.nextDeadline(after: 100)!) == .advance)
        #expect(a.nextDeadline(after: 108) == 116)
    }

    @Test func aLateWakeAdvancesOnceAndCountsTheNextIntervalFromThen() {
        var a = Autoplay(config: config, start: 0)
        #expect(due(&a, 20) == .advance)
        #expect(due(&a, 20) == nil)
        #expect(a.nextDeadline(after: 20) == 28)
        #expect(due(&a, 27.9) == nil)
        #expect(due(&a, 28) == .advance)
    }

    @Test func inputPausesAdvancing() {
        var a = Autoplay(config: config, start: 100)
        a.noteInput(at: 104)
        #expect(a.isPaused(at: 104))
        #expect(a.isPaused(at: 133.999))
        #expect(a.progress(at: 104) == nil)
        #expect(a.progress(at: 120) == nil)
        for t in stride(from: 104.0, to: 134, by: 0.5) {
            #expect(due(&a, t) == nil, "advanced at \(t) while paused")
        }
        #expect(a.nextDeadline(after: 104) == 134, "the moment advancing resumes")
    }

    @Test func resumesAfterIdleAndAdvancesOneIntervalLater() {
        var a = Autoplay(config: config, start: 100)
        a.noteInput(at: 104)
        #expect(!a.isPaused(at: 134))
        #expect(a.progress(at: 134) == 0)
        #expect(due(&a, 134) == nil)
        #expect(a.nextDeadline(after: 134) == 142)
        #expect(due(&a, 141.999) == nil)
        #expect(due(&a, 142) == .advance)
        #expect(due(&a, 149.999) == nil)
        #expect(due(&a, 150) == .advance)
    }

    @Test func furtherInputExtendsThePause() {
        var a = Autoplay(config: config, start: 0)
        a.noteInput(at: 5)
        a.noteInput(at: 30)
        #expect(a.isPaused(at: 50))
        #expect(due(&a, 59.9) == nil)
        #expect(!a.isPaused(at: 60))
        #expect(due(&a, 67.9) == nil)
        #expect(due(&a, 68) == .advance)
    }

    @Test func inputReportedOutOfOrderDoesNotShortenThePause() {
        var a = Autoplay(config: config, start: 0)
        a.noteInput(at: 30)
        a.noteInput(at: 10)
        #expect(a.isPaused(at: 59))
        #expect(a.nextDeadline(after: 31) == 60)
    }

    @Test func inputMidIntervalThrowsAwayTheRunningInterval() {
        var a = Autoplay(config: config, start: 0)
        #expect(a.progress(at: 6) == 0.75)
        a.noteInput(at: 6)
        #expect(due(&a, 8) == nil)
        #expect(due(&a, 36) == nil, "resumes at 36; the next advance is a whole interval later")
        #expect(due(&a, 44) == .advance)
    }

    @Test func goesHomeOnceAfterHomeAfterIdle() {
        var a = Autoplay(config: AutoplayConfig(interval: 100, resumeAfterIdle: 30, homeAfterIdle: 60, home: 0), start: 0)
        a.noteInput(at: 10)
        #expect(a.nextDeadline(after: 10) == 40)
        #expect(a.nextDeadline(after: 40) == 70, "going home is due before the next advance at 140")
        #expect(due(&a, 69.99, page: 3) == nil)
        #expect(due(&a, 70, page: 3) == .setPage(0))
        #expect(due(&a, 70.5, page: 3) == nil, "once")
        #expect(due(&a, 100, page: 3) == nil)
        #expect(a.nextDeadline(after: 70) == 170, "the next advance counts from going home")
        #expect(due(&a, 169.9, page: 3) == nil)
        #expect(due(&a, 170, page: 3) == .advance)
        #expect(due(&a, 500, page: 3) == .advance, "still not home again without new input")
    }

    @Test func newInputArmsGoingHomeAgain() {
        var a = Autoplay(config: AutoplayConfig(interval: 100, resumeAfterIdle: 30, homeAfterIdle: 60, home: 1), start: 0)
        a.noteInput(at: 10)
        #expect(due(&a, 70, page: 3) == .setPage(1))
        a.noteInput(at: 200)
        #expect(due(&a, 259, page: 4) == nil)
        #expect(due(&a, 260, page: 4) == .setPage(1))
        #expect(due(&a, 261, page: 4) == nil)
    }

    @Test func alreadyHomeAsksForNothing() {
        var a = Autoplay(config: AutoplayConfig(interval: 100, resumeAfterIdle: 30, homeAfterIdle: 60, home: 2), start: 0)
        a.noteInput(at: 10)
        #expect(due(&a, 70, page: 2) == nil)
        #expect(due(&a, 71, page: 3) == nil, "the idle period's going home is used up")
    }

    @Test func homeBeyondTheDeckIsClampedToTheLastCard() {
        var a = Autoplay(config: AutoplayConfig(interval: 100, resumeAfterIdle: 30, homeAfterIdle: 60, home: 9), start: 0)
        a.noteInput(at: 0)
        #expect(due(&a, 60, page: 0, count: 5) == .setPage(4))
    }

    @Test func noHomeWithoutInput() {
        // Going home is measured from the last input; a kiosk nobody touched keeps advancing.
        var a = Autoplay(config: AutoplayConfig(interval: 8, resumeAfterIdle: 30, homeAfterIdle: 10, home: 0), start: 0)
        #expect(due(&a, 8, page: 3) == .advance)
        #expect(due(&a, 16, page: 4) == .advance)
    }

    @Test func waitsWhileThePagerIsNotIdle() {
        var a = Autoplay(config: config, start: 0)
        #expect(due(&a, 8, idle: false) == nil)
        #expect(due(&a, 9, idle: false) == nil)
        #expect(due(&a, 9.5) == .advance)
        #expect(a.nextDeadline(after: 9.5) == 17.5)
    }

    @Test func goingHomeWaitsWhileThePagerIsNotIdle() {
        var a = Autoplay(config: AutoplayConfig(interval: 100, resumeAfterIdle: 30, homeAfterIdle: 60), start: 0)
        a.noteInput(at: 0)
        #expect(due(&a, 60, page: 3, idle: false) == nil)
        #expect(due(&a, 61, page: 3) == .setPage(0))
    }

    @Test func singleCardDeckNeverAdvances() {
        var a = Autoplay(config: AutoplayConfig(interval: 8, resumeAfterIdle: 30, homeAfterIdle: 60, home: 0), start: 0)
        for t in stride(from: 0.0, through: 1000, by: 0.5) {
            #expect(due(&a, t, page: 0, count: 1) == nil)
            #expect(due(&a, t, page: 0, count: 1, wraps: false) == nil)
        }
        var empty = Autoplay(config: config, start: 0)
        #expect(due(&empty, 100, page: 0, count: 0) == nil)
    }

    @Test func wrapOffAtTheLastCardGoesBackToTheFirst() {
        var a = Autoplay(config: config, start: 0)
        #expect(due(&a, 8, page: 4, count: 5, wraps: false) == .setPage(0))
        #expect(due(&a, 16, page: 0, count: 5, wraps: false) == .advance)
        #expect(due(&a, 24, page: 3, count: 5, wraps: false) == .advance)
        var w = Autoplay(config: config, start: 0)
        #expect(due(&w, 8, page: 4, count: 5, wraps: true) == .advance, "a wrapping deck moves on to the first card")
    }

    @Test func progressRunsFromZeroToOneOverTheInterval() {
        var a = Autoplay(config: config, start: 10)
        #expect(a.progress(at: 10) == 0)
        #expect(a.progress(at: 12) == 0.25)
        #expect(a.progress(at: 14) == 0.5)
        #expect(a.progress(at: 16) == 0.75)
        #expect(a.progress(at: 18) == 1)
        #expect(a.progress(at: 25) == 1, "clamped when the advance is late")
        var previous = -1.0
        for t in stride(from: 10.0, through: 18, by: 0.125) {
            let p = a.progress(at: t)!
            #expect(p >= previous)
            previous = p
        }
        #expect(due(&a, 18) == .advance)
        #expect(a.progress(at: 18) == 0, "restarts with the next interval")
        #expect(a.progress(at: 22) == 0.5)
    }

    @Test func progressWhilePausedIsNilAndRestartsAtZero() {
        var a = Autoplay(config: config, start: 0)
        a.noteInput(at: 4)
        #expect(a.progress(at: 4) == nil)
        #expect(a.progress(at: 33.9) == nil)
        #expect(a.progress(at: 34) == 0)
        #expect(a.progress(at: 38) == 0.5)
    }
}
