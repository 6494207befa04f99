import Testing
import VitrineCore

/// When an idle kiosk gives memory back, on manual time.
@Suite struct IdleChoresTests {
    @Test func theFirstChoresComeAsSoonAsTheStartIsOverThenAfterQuiet() {
        var chores = IdleChores(startedAt: 0)
        #expect(chores.work(at: 0.1, nothingDueFor: .infinity) == nil, "the start is not over")
        chores.startIsOver(at: 0.3)
        #expect(chores.work(at: 0.3, nothingDueFor: .infinity) == .init(lettingGoPages: true))
        chores.ran(at: 0.3, heapGaveBack: false)
        #expect(chores.due == nil, "nothing more to give: no chores until something happens")
        // The start is over once: later, only 2 s of quiet bring the chores.
        chores.activity(at: 10)
        chores.startIsOver(at: 10.5)
        #expect(chores.work(at: 11.9, nothingDueFor: .infinity) == nil)
        #expect(chores.work(at: 12, nothingDueFor: .infinity) == .init(lettingGoPages: true))
    }

    @Test func somethingDueSoonPutsThemOff() {
        let chores = IdleChores(startedAt: 0)
        #expect(chores.work(at: 2, nothingDueFor: 1.5) == nil, "a step of a progress bar or an advance is near")
        #expect(chores.work(at: 2, nothingDueFor: 2) == .init(lettingGoPages: true))
    }

    @Test func whileTheHeapGivesBackTheyComeBackTwiceAsLateAndLetPagesGoTwice() {
        var chores = IdleChores(startedAt: 0)
        var runs: [(at: Double, pages: Bool)] = []
        var now = 0.0
        while let due = chores.due, runs.count < 20 {
            now = due
            guard let work = chores.work(at: now, nothingDueFor: .infinity) else { Issue.record("due but no work at \(now)"); break }
            runs.append((now, work.lettingGoPages))
            chores.ran(at: now, heapGaveBack: true)
        }
        #expect(runs.map(\.at) == [2, 6, 14, 30, 62, 126])
        #expect(runs.map(\.pages) == [true, true, false, false, false, false])
        #expect(chores.due == nil, "a minute apart at most, then they stop")
        // Any activity starts it over.
        chores.activity(at: 200)
        #expect(chores.due == 202)
        #expect(chores.work(at: 202, nothingDueFor: .infinity) == .init(lettingGoPages: true))
    }
}
