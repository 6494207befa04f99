import Testing
@testable import VitrineCore

/// A synchronized group's timing: commands start at their wall-clock moment on every member, late ones advanced by
/// the lateness, repeats ignored; attract mode is a function of the wall clock.
@Suite struct GroupSyncTests {
    /// 2026-12-01T10:00:00 local: the members' wall clock at their time 0 (plus what each adds).
    static let wall = LocalTime(year: 2026, month: 12, day: 1, hour: 10)!.seconds

    /// A member of group "lobby" with `count` cards; attract mode every `interval` seconds when given.
    static func member(cards count: Int = 4, interval: Double? = nil, startedLater late: Double = 0) -> EmbeddedKiosk {
        var config = RuntimeFixture.config(RuntimeFixture.cards(count), autoplay: interval.map { AutoplayConfig(interval: $0, resumeAfterIdle: 5) })
        config.mqtt = MQTTConfig(broker: MQTTConfig.Broker(host: "h", port: 1883, tls: false))
        config.sync = SyncConfig(group: "lobby")
        // A member started `late` seconds after the first: at its time t the wall clock shows wall + late + t.
        var kiosk = EmbeddedKiosk(config: config, pixels: RuntimeFixture.pixels, localStart: LocalTime(seconds: wall + late),
                                  loadConfig: RuntimeFixture.loader([:]))
        kiosk.send(.group(.linked(true)), at: 0)
        return kiosk
    }

    static func groupMoves(_ kiosk: EmbeddedKiosk) -> [(t: Double, card: Int, late: Double)] {
        kiosk.events.compactMap { if case .groupMove(let card, let late, _, _) = $0.event { ($0.t, card, late) } else { nil } }
    }

    static func starts(_ kiosk: EmbeddedKiosk) -> [Double] {
        kiosk.events.compactMap { if case .pager(.transitionStarted) = $0.event { $0.t } else { nil } }
    }

    static func sent(_ kiosk: EmbeddedKiosk) -> [GroupCommand] {
        kiosk.otherEffects.compactMap { if case .groupSend(let command) = $0 { command } else { nil } }
    }

    // MARK: The timeline

    @Test func theTimelineCyclesFromTheEpoch() throws {
        let timeline = GroupTimeline()
        let at = try #require(timeline.position(at: 4.5, intervals: [2, 2, 2], pageOfAnchor: nil))
        #expect(at == GroupTimeline.Position(page: 2, began: 4, ends: 6))
        #expect(timeline.position(at: 6.1, intervals: [2, 2, 2], pageOfAnchor: nil)?.page == 0)
        // Uneven intervals: 1 + 3 + 2 = 6 s a cycle; 6000.5 s is 0.5 s into the first.
        #expect(timeline.position(at: 6000.5, intervals: [1, 3, 2], pageOfAnchor: nil) == GroupTimeline.Position(page: 0, began: 6000, ends: 6001))
        #expect(timeline.position(at: 6003.9, intervals: [1, 3, 2], pageOfAnchor: nil)?.page == 1)
        #expect(timeline.position(at: 1, intervals: [], pageOfAnchor: nil) == nil)
    }

    @Test func anAnchorHoldsItsCardThenTheCycleGoesOnFromTheNext() throws {
        let timeline = GroupTimeline(anchor: .init(start: 100, card: 7, hold: 5))
        #expect(timeline.position(at: 103, intervals: [2, 2, 2], pageOfAnchor: 1) == GroupTimeline.Position(page: 1, began: 100, ends: 105))
        #expect(timeline.position(at: 105.5, intervals: [2, 2, 2], pageOfAnchor: 1) == GroupTimeline.Position(page: 2, began: 105, ends: 107))
        #expect(timeline.position(at: 107.5, intervals: [2, 2, 2], pageOfAnchor: 1)?.page == 0)
        // Paused: held for ever. Before the anchor, or with its card not showing, the epoch's cycle.
        #expect(GroupTimeline(anchor: .init(start: 100, card: 7, hold: .infinity)).position(at: 1e6, intervals: [2, 2], pageOfAnchor: 1)?.page == 1)
        #expect(timeline.position(at: 99, intervals: [2, 2, 2], pageOfAnchor: 1)?.page == 1)  // 99 mod 6 = 3: page 1.
        #expect(timeline.position(at: 103, intervals: [2, 2, 2], pageOfAnchor: nil)?.page == 0)
    }

    // MARK: The wire

    @Test func aCommandGoesOverTheWireAndBack() throws {
        let command = GroupCommand(.goto(card: 3), start: 1_000_000.25, hold: 15, sender: "lobby-1", seq: 42)
        let text = command.json(localOffset: 3600)
        #expect(text == #"{"cmd":"goto","page":3,"at":996400250,"hold":15.000,"from":"lobby-1","seq":42}"#)
        #expect(try GroupCommand.parse(Array(text.utf8), localOffset: 3600).get() == command)
        #expect(try GroupCommand.parse(Array(#"{"cmd":"next"}"#.utf8), localOffset: 0).get() == GroupCommand(.next))
        let pause = GroupCommand(.pause(card: 1), start: 10, hold: .infinity, sender: "a", seq: 1)
        #expect(try GroupCommand.parse(Array(pause.json(localOffset: 0).utf8), localOffset: 0).get() == pause)
    }

    @Test func badGroupMessagesAreRefusedInOneLine() {
        func refusal(_ text: String) -> String? {
            if case .failure(let refusal) = GroupCommand.parse(Array(text.utf8), localOffset: 0) { return refusal.message }
            return nil
        }
        #expect(refusal(#"{"cmd":"reload"}"#) == #""reload" is not a group command; a group takes next, previous, goto, pause and resume"#)
        #expect(refusal(#"{"cmd":"next","at":"soon"}"#) == #""at" must be milliseconds since 1970 UTC"#)
        #expect(refusal(#"{"cmd":"next","from":"a"}"#) == #""from" (a member's id) and "seq" (a whole number) come together"#)
        #expect(refusal(#"{"cmd":"next","hold":-1}"#) == #""hold" must be seconds from 0 to 86400, or null"#)
        #expect(refusal("{") != nil)
        #expect(refusal(String(repeating: " ", count: 9000)) == "the message is 9000 bytes, over the limit of 8192")
        if case .failure = GroupCommand.parse([0xFF, 0xFE], localOffset: 0) {} else { Issue.record("binary taken") }
    }

    // MARK: Scheduling

    @Test func aCommandStartsAtItsMomentNotBefore() {
        var kiosk = Self.member()
        kiosk.send(.group(.command(GroupCommand(.goto(card: 2), start: Self.wall + 1.25, sender: "b", seq: 1))), at: 1)
        #expect(Self.starts(kiosk).isEmpty)
        kiosk.advance(to: 2)
        #expect(Self.starts(kiosk) == [1.25])
        #expect(Self.groupMoves(kiosk).map(\.card) == [2])
        kiosk.settle(within: 2)
        #expect(kiosk.runtime.currentCard == 2)
    }

    @Test func aLateCommandStartsAdvancedByItsLateness() {
        var onTime = Self.member(), late = Self.member()
        let command = GroupCommand(.goto(card: 1), start: Self.wall + 1.9, sender: "b", seq: 1)
        onTime.send(.group(.command(command)), at: 1.5)
        late.send(.group(.command(command)), at: 2.0)
        onTime.advance(to: 2.05)
        late.advance(to: 2.05)
        let a = onTime.runtime.session.pager.visualPosition, b = late.runtime.session.pager.visualPosition
        #expect(a > 0.2 && a < 1)
        #expect(abs(a - b) < 0.01)
        #expect(Self.groupMoves(late).first.map { abs($0.late - 0.1) < 0.001 } == true)
    }

    @Test func repeatedAndOlderCommandsAreIgnored() {
        var kiosk = Self.member()
        kiosk.send(.group(.command(GroupCommand(.goto(card: 1), start: Self.wall + 1, sender: "b", seq: 5))), at: 0.5)
        kiosk.send(.group(.command(GroupCommand(.goto(card: 1), start: Self.wall + 1, sender: "b", seq: 5))), at: 0.6)
        kiosk.send(.group(.command(GroupCommand(.goto(card: 3), start: Self.wall + 1.5, sender: "b", seq: 4))), at: 0.7)
        kiosk.advance(to: 3)
        #expect(Self.groupMoves(kiosk).map(\.card) == [1])
        #expect(kiosk.runtime.currentCard == 1)
    }

    @Test func aKeyGoesToTheGroupStampedLeadAhead() throws {
        var kiosk = Self.member()
        kiosk.send(.keyPress(name: "Right", modifiers: []), at: 1)
        let sent = try #require(Self.sent(kiosk).first)
        #expect(sent.action == .goto(card: 1))
        #expect(abs((sent.start ?? 0) - (Self.wall + 1 + SyncConfig.defaultLead)) < 1e-6)
        kiosk.advance(to: 1.2)
        #expect(Self.starts(kiosk).isEmpty)  // Not before the stamp, here either.
        kiosk.advance(to: 2)
        #expect(Self.starts(kiosk) == [1 + SyncConfig.defaultLead])
    }

    @Test func withTheBrokerDownInputAppliesAtOnceHereAlone() {
        var kiosk = Self.member()
        kiosk.send(.group(.linked(false)), at: 0.5)
        kiosk.send(.keyPress(name: "Right", modifiers: []), at: 1)
        #expect(Self.sent(kiosk).isEmpty)
        #expect(Self.starts(kiosk) == [1])
        kiosk.send(.control(.next, client: 3), at: 2)
        #expect(Self.sent(kiosk).isEmpty)
        #expect(Self.starts(kiosk).count == 2)
    }

    @Test func aMemberAloneFollowsItsOwnSwipeThenRejoinsTheGroup() {
        var kiosk = Self.member(interval: 2)
        kiosk.advance(to: 3)
        #expect(kiosk.runtime.headingCard == 1)  // 10:00:03 is 3 s into the 8 s cycle: card 1.
        kiosk.send(.group(.linked(false)), at: 3.05)
        kiosk.send(.keyPress(name: "Right", modifiers: []), at: 3.1)
        #expect(kiosk.runtime.headingCard == 2)
        kiosk.advance(to: 6.5)
        #expect(kiosk.runtime.headingCard == 2, "held for resumeAfterIdle and its interval, as a screen alone")
        kiosk.send(.group(.linked(true)), at: 6.6)
        #expect(kiosk.runtime.headingCard == 3, "back on the group's timeline at once (6.6 s: card 3)")
    }

    @Test func aControlCommandGoesToTheGroupAndSaysSo() throws {
        var kiosk = Self.member()
        kiosk.send(.control(.next, client: 3), at: 1)
        #expect(Self.sent(kiosk).first?.action == .goto(card: 1))
        #expect(kiosk.replies.last?.reply == ControlReply(ok: true, fields: [("group", "\"lobby\"")]))
        kiosk.send(.control(.status, client: 3), at: 1.1)
        #expect(kiosk.replies.last?.reply.jsonLine.contains(#""group":"lobby""#) == true)
        kiosk.advance(to: 2)
        #expect(Self.starts(kiosk) == [1 + SyncConfig.defaultLead])
    }

    @Test func aGroupsMovesArePlaysOfReasonGroupOrAutoplay() {
        var kiosk = Self.member(interval: 2)
        kiosk.advance(to: 2.5)
        kiosk.send(.group(.command(GroupCommand(.goto(card: 0), start: Self.wall + 3, sender: "b", seq: 1))), at: 2.9)
        kiosk.advance(to: 3.5)
        var tracker = PlayTracker()
        let reasons = tracker.note(nil, effects: [.log(kiosk.events)]).map(\.reason)  // As the loop hands them: a batch.
        #expect(reasons == ["start", "autoplay", "group"])
    }

    @Test func theStateSaysTheGroup() {
        let kiosk = Self.member()
        #expect(kiosk.runtime.fleetState.json.hasSuffix(#","version":"0.1","group":"lobby"}"#))
    }

    @Test func aSwipeReleaseLandsWhenTheOthersLand() throws {
        var kiosk = Self.member()
        kiosk.send(.paging(.pointerDown(id: 0, at: Point(x: 800, y: 300))), at: 1)
        for step in 1...12 { kiosk.send(.paging(.pointerMove(id: 0, to: Point(x: 800 - Double(step) * 50, y: 300))), at: 1 + Double(step) * 0.015) }
        kiosk.send(.paging(.pointerUp(id: 0, at: Point(x: 200, y: 300))), at: 1.18)
        let sent = try #require(Self.sent(kiosk).first)
        #expect(sent.action == .goto(card: 1))
        let others = 1.18 + SyncConfig.defaultLead + kiosk.runtime.config.style.transition
        kiosk.advance(to: others - 0.03)
        #expect(kiosk.runtime.currentCard == 0)  // Still moving: not landed before the others.
        kiosk.advance(to: others + 0.03)
        #expect(kiosk.runtime.currentCard == 1)
    }

    @Test func aTrackpadStreamsMoveGoesToTheGroupWhenItEnds() throws {
        var kiosk = Self.member()
        for i in 0..<60 { kiosk.send(.paging(.wheel(dx: 0.8, dy: 0)), at: 0.5 + Double(i) / 120) }
        #expect(Self.sent(kiosk).isEmpty)  // Still streaming.
        kiosk.settle(within: 2)
        let sent = try #require(Self.sent(kiosk).first)
        #expect(sent.action == .goto(card: 1))
        #expect(kiosk.runtime.currentCard == 1)
    }

    // MARK: Attract mode from the wall clock

    @Test func membersStartedApartShowTheSameCardAtTheSameMoment() {
        // Four members started 0.7 s apart; each one's time 0 is its own start.
        var members = (0..<4).map { Self.member(interval: 2, startedLater: Double($0) * 0.7) }
        for wallSecond in stride(from: 3.0, through: 12, by: 0.25) {
            let cards = members.indices.map { index -> Int? in
                members[index].advance(to: wallSecond - Double(index) * 0.7)
                return members[index].runtime.headingCard
            }
            #expect(Set(cards).count == 1, "at wall +\(wallSecond) s the members head for \(cards)")
        }
        // And they move at the same wall moments: the epoch's even seconds.
        let walls = members.indices.map { index in Self.groupMoves(members[index]).map { $0.t + Double(index) * 0.7 }.filter { $0 > 3 } }
        #expect(walls[0].count == 5)
        #expect(walls.allSatisfy { $0.count == walls[0].count && zip($0, walls[0]).allSatisfy { abs($0 - $1) < 1e-6 } }, "\(walls)")
        #expect(walls[0].allSatisfy { ($0 + Self.wall).truncatingRemainder(dividingBy: 2) < 1e-6 })
    }

    @Test func aCommandMovesTheGroupsTimelineForEveryone() {
        var a = Self.member(interval: 2), b = Self.member(interval: 2, startedLater: 0.7)
        let command = GroupCommand(.goto(card: 3), start: Self.wall + 5.5, hold: 3, sender: "c", seq: 1)
        a.send(.group(.command(command)), at: 5.2)
        b.send(.group(.command(command)), at: 5.3 - 0.7)
        var shown: [Double: Int?] = [:]
        for wallSecond in stride(from: 5.6, through: 14, by: 0.5) {
            a.advance(to: wallSecond)
            b.advance(to: wallSecond - 0.7)
            #expect(a.runtime.headingCard == b.runtime.headingCard)
            shown[wallSecond] = a.runtime.headingCard
        }
        // Card 3 held 3 s from 5.5, then every 2 s from card 0: at 8.1 s still 3, at 9.1 s card 0, at 11.1 s card 1.
        #expect(shown[8.1] == 3 && shown[9.1] == 0 && shown[11.1] == 1, "\(shown.sorted { $0.key < $1.key })")
    }
}
