extension KioskRuntime {
    /// Carries out a remote-control command and answers it (`reload` and `screenshot` answer once done).
    ///
    /// Commands page like the program does, not like a person: they do not pause attract mode. Each is logged.
    mutating func control(_ command: ControlCommand, client: Int) -> [KioskEffect] {
        if let grouped = groupControl(command, client: client) { return grouped }  // KioskRuntime+Sync.swift.
        var effects: [KioskEffect] = [.log([TimedKioskEvent(t: now, .command(command))])]
        let time = clock.simulatedTime(at: now)
        func paged(_ input: KioskInput) {
            effects += log(session.handle(input, at: time), t: now)
            effects.append(.reply(client: client, ControlReply(ok: true)))
        }
        let count = config.cards.count
        switch command {
        case .next:
            // The session's key inputs, not the runtime's: only a person's input pauses attract mode.
            paged(.key(.next))
        case .previous:
            paged(.key(.previous))
        case .gotoIndex(let index):
            guard index < count else {
                effects.append(.reply(client: client, .failure("no card \(index): the deck has \(count) cards, numbered from 0")))
                break
            }
            guard let page = page(ofCard: index) else {
                effects.append(.reply(client: client, .failure("card \(index) is not showing now (outside its from, until or hours)")))
                break
            }
            paged(.setPage(page))
        case .gotoID(let id):
            guard let index = config.cards.firstIndex(where: { $0.id == id }) else {
                effects.append(.reply(client: client, .failure("no card has the id \(JSONText.quoted(JSONText.shortened(id)))")))
                break
            }
            guard let page = page(ofCard: index) else {
                effects.append(.reply(client: client, .failure("card \(JSONText.quoted(JSONText.shortened(id))) is not showing now (outside its from, until or hours)")))
                break
            }
            paged(.setPage(page))
        case .pause, .resume:
            // Without attract mode the hold holds the card's motion (KioskRuntime+CardClock.swift).
            guard autoplay != nil || config.hasCardsThatMove else {
                effects.append(.reply(client: client, .failure("nothing to pause: the config has no \"autoplay\" and no card moves by itself")))
                break
            }
            setHold(command == .pause)
            effects.append(.reply(client: client, ControlReply(ok: true, fields: [("paused", "\(isAutoplayPaused)")])))
        case .reload:
            reload.awaitReply(client: client)
            effects += requestReload(.everything)
        case .status:
            effects.append(.reply(client: client, status))
        case .screenshot(let path):
            effects.append(.screenshot(path: path, client: client))
        case .wake:
            // Woken already, before the command got here (KioskRuntime+Sleep.swift).
            effects.append(.reply(client: client, ControlReply(ok: true, fields: [("asleep", "\(isAsleep)")])))
        case .detail(true):
            guard let card = currentCard else {
                effects.append(.reply(client: client, .failure("no card is showing")))
                break
            }
            guard config.cards[card].detail != nil else {
                effects.append(.reply(client: client, .failure("card \(card) has no \"detail\" to open")))
                break
            }
            if detail?.card != card { effects += openDetail(card: card, reason: .control) }
            effects.append(.reply(client: client, ControlReply(ok: true, fields: [("page", "\(card)"), ("open", "true")])))
        case .detail(false):
            effects += closeDetail(.control)
            effects.append(.reply(client: client, ControlReply(ok: true, fields: [("open", "false")])))
        case .speak(let action):
            effects += controlSpeech(action, client: client)
        }
        return effects
    }

    /// Where the kiosk stands, for `status`.
    var status: ControlReply {
        let page = currentCard ?? 0
        let cards = config.cards
        let id = cards.indices.contains(page) && currentCard != nil ? cards[page].id.map(JSONText.quoted) ?? "null" : "null"
        let age = pacing.lastPresented.map { PagerEvent.formatSeconds(now - $0) } ?? "null"
        return ControlReply(ok: true, fields: [
            ("page", "\(page)"), ("id", id), ("cards", "\(cards.count)"),
            ("paused", "\(isAutoplayPaused)"), ("autoplay", "\(autoplay != nil)"),
            ("uptime", PagerEvent.formatSeconds(now - startTime)), ("lastFrameAge", age),
            ("framesOverBudget", "\(framesOverBudget)"), ("asleep", "\(isAsleep)"), ("speaking", "\(isSpeaking)"),
        ] + (config.sync.map { [("group", JSONText.quoted($0.group))] } ?? []))
    }
}
