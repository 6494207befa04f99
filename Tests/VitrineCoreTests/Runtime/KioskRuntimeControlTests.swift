import Testing
@testable import VitrineCore

/// Remote-control commands through the runtime on a manual clock: what they do, what they answer, what is logged.
@Suite struct KioskRuntimeControlTests {
    static let autoplay = AutoplayConfig(interval: 8, resumeAfterIdle: 30)

    func kiosk(autoplay: AutoplayConfig? = nil, files: [String: KioskConfig] = [:]) -> EmbeddedKiosk {
        RuntimeFixture.kiosk(RuntimeFixture.config(RuntimeFixture.cards(5), autoplay: autoplay), files: files)
    }

    @Test func gotoByIdPagesThereAndIsLogged() {
        var kiosk = kiosk()
        kiosk.send(.control(.gotoID("a3"), client: 7), at: 1)
        kiosk.advance(to: 2)
        #expect(kiosk.runtime.session.pager.currentPage == 3)
        #expect(kiosk.replies.map(\.client) == [7])
        #expect(kiosk.replies.first?.reply == ControlReply(ok: true))
        let lines = kiosk.events.compactMap(\.jsonLine)
        #expect(lines.dropFirst().first == #"{"t":1.000,"event":"command","source":"control","cmd":"goto","id":"a3"}"#)
        #expect(lines.last?.contains(#""pageChanged","page":3"#) == true)
    }

    @Test func unknownCardsAreRefused() {
        var kiosk = kiosk()
        kiosk.send(.control(.gotoID("zz"), client: 1), at: 1)
        kiosk.send(.control(.gotoIndex(5), client: 1), at: 1)
        #expect(kiosk.replies.map(\.reply.ok) == [false, false])
        #expect(kiosk.replies.last?.reply.jsonLine.contains("no card 5: the deck has 5 cards") == true)
        #expect(kiosk.runtime.session.pager.currentPage == 0)
    }

    @Test func nextAndPreviousAddUpLikeKeys() {
        var kiosk = kiosk()
        kiosk.send(.control(.next, client: 1), at: 1)
        kiosk.send(.control(.next, client: 1), at: 1.05)
        kiosk.send(.control(.previous, client: 1), at: 1.1)
        kiosk.advance(to: 3)
        #expect(kiosk.runtime.session.pager.currentPage == 1)
    }

    @Test func pauseHoldsAttractModeUntilResume() {
        var kiosk = kiosk(autoplay: Self.autoplay)
        kiosk.send(.control(.pause, client: 1), at: 1)
        kiosk.advance(to: 100)
        #expect(RuntimeFixture.pageChanges(kiosk.events).isEmpty, "paused: no advance in 100 s")
        #expect(kiosk.replies.last?.reply.jsonLine == #"{"ok":true,"paused":true}"#)
        kiosk.send(.control(.resume, client: 1), at: 100)
        kiosk.advance(to: 109)
        #expect(RuntimeFixture.pageChanges(kiosk.events).map(\.page) == [1])
        #expect(kiosk.replies.last?.reply.jsonLine == #"{"ok":true,"paused":false}"#)
    }

    @Test func commandsDoNotPauseAttractModeAsAPersonWould() {
        var kiosk = kiosk(autoplay: Self.autoplay)
        kiosk.send(.control(.next, client: 1), at: 4)
        kiosk.advance(to: 21)
        // The command at 4 (page 1), then attract mode a whole interval later (12, 20), with no pause for input.
        #expect(RuntimeFixture.pageChanges(kiosk.events).map(\.page) == [1, 2, 3])
    }

    @Test func pauseWithoutAttractModeIsRefused() {
        var kiosk = kiosk()
        kiosk.send(.control(.pause, client: 1), at: 1)
        #expect(kiosk.replies.first?.reply.ok == false)
    }

    @Test func reloadAnswersWithTheOutcome() {
        var good = kiosk(files: ["/deck/kiosk.json": RuntimeFixture.config(RuntimeFixture.cards(3))])
        good.send(.control(.reload, client: 2), at: 1)
        #expect(good.replies.map(\.reply.jsonLine) == [#"{"ok":true,"cards":3}"#])
        var bad = kiosk()
        bad.send(.control(.reload, client: 2), at: 1)
        #expect(bad.replies.first?.reply.ok == false)
        #expect(bad.replies.first?.reply.jsonLine.contains("keeping the last good deck") == true)
    }

    @Test func statusTellsWhereTheKioskStands() throws {
        var kiosk = kiosk(autoplay: Self.autoplay)
        kiosk.send(.control(.gotoIndex(2), client: 1), at: 1)
        kiosk.advance(to: 2)
        kiosk.send(.control(.status, client: 1), at: 3)
        let status = try JSONValue.parse(try #require(kiosk.replies.last).reply.jsonLine)
        #expect(status["ok"] == .bool(true))
        #expect(status["page"] == .number(2))
        #expect(status["id"] == .string("a2"))
        #expect(status["cards"] == .number(5))
        #expect(status["paused"] == .bool(false))
        #expect(status["uptime"] == .number(3))
        guard case .number(let age)? = status["lastFrameAge"] else { Issue.record("no lastFrameAge"); return }
        #expect(age >= 0 && age < 2)
    }

    @Test func aReplayControlLineIsTheSameCommand() throws {
        var kiosk = kiosk()
        try kiosk.play(ReplayScript.parse(#"{"at":1,"control":{"cmd":"goto","id":"a4"}}"#, file: "s"), windowPoints: RuntimeFixture.pixels,
                       load: RuntimeFixture.loader([:])) { (_: KioskFrame, _: KioskConfig, _: String, _: ReplayStep) in }
        #expect(kiosk.runtime.session.pager.currentPage == 4)
        #expect(kiosk.events.dropFirst().first?.jsonLine == #"{"t":1.000,"event":"command","source":"control","cmd":"goto","id":"a4"}"#)
    }
}
