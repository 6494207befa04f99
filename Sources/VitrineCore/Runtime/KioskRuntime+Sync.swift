/// A synchronized group's timing (`sync`): input goes to the group as a command stamped with the wall-clock
/// moment its transition starts, every member starts it then, and attract mode is a function of the wall clock
/// (``GroupTimeline``).
///
/// Times: a command's start is local wall time (``GroupCommand/start``); the runtime turns it into its own time
/// through ``GroupState/wallOffset``, kept to the millisecond from the wall clock the driver reads at every wake,
/// keeps it pending, and wakes for it. A command past its moment on arrival starts at once, advanced by the
/// lateness. While the broker is down (``GroupInput/linked(_:)``) input applies at once, on this screen alone.
struct GroupState: Sendable {
    /// A command waiting for its moment: when (runtime time) and what.
    struct Pending: Sendable {
        var at: Double
        var command: GroupCommand
    }

    /// Whether the broker connection is up.
    var linked = false
    /// Local wall time minus runtime time, to a millisecond (the schedule's offset keeps a second's slack).
    var wallOffset: Double?
    /// The latest sequence number seen from each sender.
    var seen: [String: Int64] = [:]
    /// Commands waiting for their moment, in time order.
    var pending: [Pending] = []
    /// The group's latest anchor, and this screen's own while the broker was down (it wins until the link is back).
    var groupAnchor: GroupTimeline.Anchor?
    var localAnchor: GroupTimeline.Anchor?
    /// Where the timeline stood when it last moved the card: it moves it again only when that changes (a card
    /// boundary, a new anchor), so a move made here while the broker is down stays until the next boundary.
    var lastPosition: GroupTimeline.Position?
    /// The card the pager headed for when a finger or a trackpad stream took it, while one drives it: a stream
    /// ends at a step, not an input, so its move goes to the group from the timers.
    var drivenFrom: Int??

    /// How many senders are remembered; past it the table starts again (a sender then repeats nothing harmful:
    /// a command past its moment only moves a screen to where the group already is).
    static let senders = 1024
    /// How many commands may wait; past it the earliest is carried out at once.
    static let pendingLimit = 64
    /// How far the wall clock may wander from the offset before it is taken again: 2 ms.
    static let wallTolerance = 0.002
}

extension KioskRuntime {
    /// Whether input goes to the group: a `sync` key, the broker connected and the wall clock known.
    var groupLinked: Bool { config.sync != nil && group.linked && groupOffset != nil }

    /// Whether attract mode follows the group's timeline: a `sync` key, attract mode and the wall clock known.
    var groupRunsAutoplay: Bool {
        config.sync != nil && autoplay != nil && groupOffset != nil && !sleep.asleep && detail == nil
    }

    /// Local wall time at runtime time `t` (to the millisecond), nil without a wall clock.
    func groupWall(at t: Double) -> Double? { groupOffset.map { t + $0 } }

    /// Local wall time minus runtime time for the group: the millisecond reading, or the schedule's until one came.
    var groupOffset: Double? { group.wallOffset ?? localOffset }

    /// Takes the wall clock's reading `local` at runtime time `t` for the group's timing.
    mutating func noteGroupWallClock(_ local: LocalTime, at t: Double) {
        guard config.sync != nil, local.seconds.isFinite, t.isFinite else { return }
        let offset = local.seconds - t
        if let known = group.wallOffset, abs(known - offset) < GroupState.wallTolerance { return }
        group.wallOffset = offset
    }

    /// The attract interval of card `card`: its `duration`, or the config's.
    func groupInterval(ofCard card: Int) -> Double {
        let own = config.cards.indices.contains(card) ? config.cards[card].schedule.duration : nil
        return own ?? autoplay?.config.interval ?? 1
    }

    /// What the timeline shows at wall time `wall`, in pages of the pager.
    func groupPosition(at wall: Double) -> GroupTimeline.Position? {
        let anchor = group.localAnchor ?? group.groupAnchor
        let order = schedule.order
        let timeline = GroupTimeline(anchor: anchor)
        return timeline.position(at: wall, intervals: order.map(groupInterval(ofCard:)),
                                 pageOfAnchor: anchor.flatMap { page(ofCard: $0.card) })
    }

    // MARK: Inputs

    /// Takes what the driver says about the group.
    mutating func groupInput(_ input: GroupInput) -> [KioskEffect] {
        switch input {
        case .linked(let up):
            group.linked = up
            guard up, group.localAnchor != nil else { return [] }
            group.localAnchor = nil  // Back with the group: its timeline again, at once.
            return runGroupTimers()
        case .command(let command):
            guard config.sync != nil else { return [] }
            if let sender = command.sender, let seq = command.seq {
                if let last = group.seen[sender], seq <= last { return [] }
                if group.seen.count >= GroupState.senders { group.seen = [:] }
                group.seen[sender] = seq
            }
            keepPending(command)
            return runGroupPending()
        }
    }

    /// Keeps `command` pending until its moment: its stamp, or `sync.lead` from now for a bare one (and for a stamp
    /// over an hour ahead: a clock that far off is a fault). Without a wall clock it starts at once.
    mutating func keepPending(_ command: GroupCommand) {
        let lead = config.sync?.lead ?? SyncConfig.defaultLead
        var at = now + lead
        if let offset = groupOffset {
            if let start = command.start, start - (now + offset) < GroupCommand.farthestStamp { at = start - offset }
        } else {
            at = now
        }
        var command = command
        if command.start == nil { command.start = groupWall(at: at) }
        group.pending.append(GroupState.Pending(at: at, command: command))
        group.pending.sort { $0.at < $1.at }
        if group.pending.count > GroupState.pendingLimit { group.pending[0].at = now }
    }

    /// Carries out the pending commands whose moment has come, in time order.
    mutating func runGroupPending() -> [KioskEffect] {
        var effects: [KioskEffect] = []
        while let first = group.pending.first, first.at <= now + 1e-9 {
            group.pending.removeFirst()
            effects += applyGroup(first.command, at: first.at)
        }
        return effects
    }

    /// The earliest moment the group needs the runtime awake for: a pending command, the timeline's next card.
    var groupDeadline: Double? {
        var deadlines: [Double] = []
        if let first = group.pending.first { deadlines.append(first.at) }
        if groupRunsAutoplay, autoplay?.isHeld == false, let wall = groupWall(at: now), let offset = groupOffset,
           let position = groupPosition(at: wall) {
            deadlines.append(position.ends - offset)
        }
        return deadlines.min()
    }

    /// The group's timers: pending commands, then the timeline's card.
    mutating func runGroupTimers() -> [KioskEffect] {
        guard config.sync != nil else { return [] }
        var effects = runGroupPending()
        if let from = group.drivenFrom, !session.pager.isDriven {
            group.drivenFrom = nil  // A trackpad stream ended in the steps just run.
            effects += groupCommit(from: from, before: nil, effects: [])
        }
        guard groupRunsAutoplay, autoplay?.isHeld == false, session.isIdle, let wall = groupWall(at: now),
              let position = groupPosition(at: wall), let offset = groupOffset else { return effects }
        guard position != group.lastPosition else { return effects }
        group.lastPosition = position
        let page = session.pager.currentPage
        guard page != position.page, schedule.order.indices.contains(position.page) else { return effects }
        effects += startGroupMove(toPage: position.page, at: position.began - offset, source: nil)
        return effects
    }

    /// Carries out `command` at runtime time `start` (at most now).
    mutating func applyGroup(_ command: GroupCommand, at start: Double) -> [KioskEffect] {
        var card: Int?
        var hold = command.hold
        switch command.action {
        case .next, .previous:
            card = session.pager.page(movedBy: command.action == .next ? 1 : -1).map { schedule.order[$0] }
        case .goto(let index):
            card = index
        case .gotoID(let id):
            card = config.cards.firstIndex { $0.id == id }
        case .pause(let index):
            setHold(true)  // Without attract mode, the card's motion (KioskRuntime+CardClock.swift).
            card = index ?? headingCard
            hold = .infinity
        case .resume(let index):
            setHold(false)
            card = index ?? headingCard
        }
        guard let card, let page = page(ofCard: card) else { return [] }
        let wall = command.start ?? groupWall(at: start) ?? 0
        let anchor = GroupTimeline.Anchor(start: wall, card: card, hold: hold ?? groupInterval(ofCard: card))
        if let known = group.groupAnchor, known.start > wall { return [] }  // A newer command already placed the group.
        group.groupAnchor = anchor
        var target = page, begins = start
        if groupRunsAutoplay, let offset = groupOffset, let wallNow = groupWall(at: now), let position = groupPosition(at: wallNow) {
            target = position.page  // A command long past: where the group's timeline is now.
            begins = position.began - offset
            group.lastPosition = position
        }
        return startGroupMove(toPage: target, at: begins, source: command)
    }

    /// Starts the transition to `page` as begun at runtime time `start` (advanced by the lateness), and logs it.
    mutating func startGroupMove(toPage page: Int, at start: Double, source: GroupCommand?) -> [KioskEffect] {
        let lateness = max(0, now - start)
        let events = session.handle(.setPage(page), at: clock.simulatedTime(at: now))
        if events.contains(where: { if case .transitionStarted = $0 { true } else { false } }) {
            session.pager.startEarlier(by: lateness)
        }
        guard !events.isEmpty else { return [] }
        let card = schedule.order.indices.contains(page) ? schedule.order[page] : page
        let line = TimedKioskEvent(t: now, .groupMove(card: card, late: lateness, wall: groupWall(at: now) ?? 0,
                                                      cause: source == nil ? "autoplay" : "command"))
        return [.log([line])] + log(events, t: now)
    }

    // MARK: This screen's input

    /// Before a person's paging input on a group member: the session as it stood, when the input is to go to the
    /// group (nil when it applies here alone).
    func groupBeforePaging(_ input: KioskInput) -> (session: KioskSession, card: Int?, atRest: Bool)? {
        guard config.sync != nil, KioskSession.isUserInput(input) else { return nil }
        return (session, headingCard, session.isIdle)
    }

    /// After a person's paging input on a group member (`before` from ``groupBeforePaging(_:)``): a move it
    /// committed goes to the group, stamped `sync.lead` from now.
    ///
    /// A key, a wheel click or any input that moved a card at rest is undone here and starts with the others at
    /// the stamp. A swipe's release (or an input that retargets a moving card) keeps the card moving from where the
    /// finger left it, slowed to land when the others land (the stamp plus `style.transition`): a card frozen
    /// under a lifted finger would look broken, and the landing is the moment everyone sees together. While the
    /// broker is down the move stays here, and this screen's timeline starts from it.
    mutating func groupAfterPaging(_ before: (session: KioskSession, card: Int?, atRest: Bool), effects: [KioskEffect]) -> [KioskEffect] {
        if session.pager.isDriven {
            if group.drivenFrom == nil { group.drivenFrom = .some(before.card) }
            return effects
        }
        let from = group.drivenFrom ?? before.card
        group.drivenFrom = nil
        return groupCommit(from: from, before: before, effects: effects)
    }

    /// A move away from `from` that this screen's input committed: to the group (see ``groupAfterPaging(_:effects:)``).
    mutating func groupCommit(from: Int?, before: (session: KioskSession, card: Int?, atRest: Bool)?, effects: [KioskEffect]) -> [KioskEffect] {
        guard let card = headingCard, card != from else { return effects }
        let resume = autoplay?.config.resumeAfterIdle ?? 0
        let hold = resume + groupInterval(ofCard: card)
        guard groupLinked, let sync = config.sync, let offset = groupOffset else {
            if let wall = groupWall(at: now) { group.localAnchor = GroupTimeline.Anchor(start: wall, card: card, hold: hold) }
            return effects
        }
        let start = now + sync.lead
        let command = GroupCommand(.goto(card: card), start: start + offset, hold: hold)
        if let before, before.atRest {
            session = before.session
            keepPending(command)
            return [.groupSend(command)]
        }
        group.groupAnchor = GroupTimeline.Anchor(start: start + offset, card: card, hold: hold)
        session.pager.retimeSettle(endingAt: clock.simulatedTime(at: now) + sync.lead + session.pager.transitionDuration)
        return effects + [.groupSend(command)]
    }

    /// A control command on a group member: paging and attract-mode commands go to the group (nil: not one of
    /// them, or the broker is down, so the command is carried out here).
    mutating func groupControl(_ command: ControlCommand, client: Int) -> [KioskEffect]? {
        guard groupLinked, let sync = config.sync, let offset = groupOffset else { return nil }
        let action: GroupCommand.Action
        var hold: Double? = nil
        switch command {
        case .next, .previous:
            guard let page = session.pager.page(movedBy: command == .next ? 1 : -1) else { return nil }
            action = .goto(card: schedule.order[page])
        case .gotoIndex(let index):
            guard page(ofCard: index) != nil else { return nil }  // The refusal is the control command's.
            action = .goto(card: index)
        case .gotoID(let id):
            guard let index = config.cards.firstIndex(where: { $0.id == id }), page(ofCard: index) != nil else { return nil }
            action = .goto(card: index)
        case .pause:
            guard autoplay != nil else { return nil }
            action = .pause(card: headingCard)
            hold = .infinity
        case .resume:
            guard autoplay != nil else { return nil }
            action = .resume(card: headingCard)
        default:
            return nil
        }
        let sent = GroupCommand(action, start: now + sync.lead + offset, hold: hold)
        keepPending(sent)
        var fields: [(String, String)] = [("group", JSONText.quoted(sync.group))]
        if command == .pause || command == .resume { fields.append(("paused", "\(command == .pause)")) }
        return [.log([TimedKioskEvent(t: now, .command(command))]), .groupSend(sent), .reply(client: client, ControlReply(ok: true, fields: fields))]
    }
}
