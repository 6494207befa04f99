import Testing
@testable import VitrineCore

/// The reload rules on their own: one read out at a time, the wait for a new deck's pictures, what is reported again.
@Suite struct ReloadStateTests {
    let a = PathKey("/deck/a.png")
    let b = PathKey("/deck/b.png")
    let configFile = PathKey("/deck/vitrine.json")

    @Test func requestsWhileAReadIsOutFollowItMerged() {
        var state = ReloadState()
        let r1 = state.request(.files([a]))
        #expect(r1 == .files([a]))
        let r2 = state.request(.files([b]))
        #expect(r2 == nil, "a read is out: the next one waits")
        let r3 = state.request(.files([a]))
        #expect(r3 == nil)
        state.readReturned()
        let r4 = state.sendQueued()
        #expect(r4 == .files([a, b]))
        #expect(state.inFlight)
        state.readReturned()
        let r5 = state.sendQueued()
        #expect(r5 == nil)
        #expect(!state.inFlight)
    }

    @Test func everythingWinsOverFilesInTheQueue() {
        var state = ReloadState()
        _ = state.request(.files([a]))
        _ = state.request(.files([b]))
        _ = state.request(.everything)
        _ = state.request(.files([a]))
        state.readReturned()
        let r6 = state.sendQueued()
        #expect(r6 == .everything)
    }

    @Test func onlyAChangedConfigWaitsForItsPictures() {
        var state = ReloadState()
        let imageOnly = state.holds(missingImages: 1, configChanged: false, changed: [a], at: 0)
        #expect(!imageOnly.held, "an image deleted under an unchanged config shows the placeholder at once")
        let nothingMissing = state.holds(missingImages: 0, configChanged: true, changed: [configFile], at: 0)
        #expect(!nothingMissing.held)
        #expect(state.waitDeadline == nil)
    }

    @Test func aWaitHoldsChangesUntilItsDeadline() {
        var state = ReloadState()
        let first = state.holds(missingImages: 2, configChanged: true, changed: [configFile], at: 5)
        #expect(first.held && first.firstHold)
        #expect(state.waitDeadline == 5 + RuntimeTuning.completionWait)
        // A picture arriving reloads; the config is unchanged this time, but the wait goes on.
        let again = state.holds(missingImages: 1, configChanged: false, changed: [a], at: 8)
        #expect(again.held && !again.firstHold)
        #expect(state.heldChanges == [configFile, a])
        #expect(state.waitDeadline == 5 + RuntimeTuning.completionWait, "the wait counts from its first hold")
        let late = state.holds(missingImages: 1, configChanged: false, changed: [b], at: 5 + RuntimeTuning.completionWait)
        #expect(!late.held, "past the wait the new deck shows with placeholders")
        #expect(state.waitDeadline == nil)
        let r7 = state.take(changed: [b])
        #expect(r7 == [configFile, a, b])
        #expect(state.heldChanges.isEmpty)
    }

    @Test func noDeadlineWhileAReadIsOut() {
        var state = ReloadState()
        _ = state.holds(missingImages: 1, configChanged: true, changed: [configFile], at: 0)
        _ = state.request(.files([a]))
        #expect(state.waitDeadline == nil)
        state.readReturned()
        #expect(state.waitDeadline == RuntimeTuning.completionWait)
    }

    @Test func aFailureIsReportedOnceUntilItChanges() {
        var state = ReloadState()
        let one = ConfigError(kind: .invalid, diagnostics: [ConfigDiagnostic(file: "f", path: "cards", message: "missing")])
        let two = ConfigError(kind: .invalid, diagnostics: [ConfigDiagnostic(file: "f", path: "wrap", message: "not a bool")])
        let r8 = state.failed(one)
        #expect(r8)
        let r9 = state.failed(one)
        #expect(!r9)
        let r10 = state.failed(two)
        #expect(r10)
        _ = state.succeeded(warnings: [])
        let r11 = state.failed(two)
        #expect(r11, "after a good config the same failure is news again")
    }

    @Test func onlyNewWarningsAreReported() {
        var state = ReloadState()
        let old = ConfigDiagnostic(file: "f", path: "x", message: "unknown key")
        let new = ConfigDiagnostic(file: "f", path: "y", message: "unknown key")
        let r12 = state.succeeded(warnings: [old])
        #expect(r12 == [old])
        let r13 = state.succeeded(warnings: [old, new])
        #expect(r13 == [new])
        let r14 = state.succeeded(warnings: [])
        #expect(r14 == [])
        let r15 = state.succeeded(warnings: [old])
        #expect(r15 == [old], "a warning that went away and came back is news")
    }

    @Test func repliesAreAnsweredOnce() {
        var state = ReloadState()
        state.awaitReply(client: 3)
        state.awaitReply(client: 7)
        let r16 = state.takeReplies()
        #expect(r16 == [3, 7])
        let r17 = state.takeReplies()
        #expect(r17 == [])
    }
}
