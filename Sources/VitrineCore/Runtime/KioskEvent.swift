/// One line of the kiosk's event log: what the pager reported, or what the runtime did to the deck.
public enum KioskEvent: Sendable, Equatable {
    /// A paging milestone (taps are not logged).
    case pager(PagerEvent)
    /// The bound page changed because a reload moved the card on screen to another index: the card stays, its
    /// number changes. Logged as `pageChanged` with `"reason":"reload"` and the page it came from.
    case pageMovedByReload(from: Int, to: Int)
    /// The deck was reloaded from its config and now has `cards` cards.
    case deckReloaded(cards: Int)
    /// A remote-control command arrived (it is input like any other, so the log shows it).
    case command(ControlCommand)
    /// The cards inside their schedule changed: these show now (indices into the config's cards, in deck order;
    /// empty: the standby screen). Logged as `{"t":…,"event":"showing","cards":[0,2,5]}`.
    case showing(cards: [Int])
    /// The bound page changed without a transition because of a schedule: a card came back after the standby
    /// screen, or the card on screen left while the screen was asleep. Logged as `pageChanged` with
    /// `"reason":"schedule"`.
    case pageShownBySchedule(page: Int)
    /// The kiosk started on card `page` (an index into the config's cards; a shuffled deck starts on its pass's
    /// first showing card). Logged as `pageChanged` with `"from":null` and `"reason":"start"`.
    case started(page: Int)
    /// The screen went to sleep outside `display.awake`, until the awake hours begin at `until` (nil: not known).
    case asleep(until: LocalTime?)
    /// The screen woke, for `reason`.
    case awake(reason: WakeReason)
    /// A power hook was started as the screen fell asleep or woke. Logged as
    /// `{"t":…,"event":"hook","hook":"onSleep","command":["cec-ctl","--to","0","--standby"]}`.
    case hook(PowerHookKind, command: [String])
    /// The detail panel of card `page` (an index into the config's cards) opened, for `reason`.
    case detailOpened(page: Int, reason: DetailOpenReason)
    /// The detail panel of card `page` closed, for `reason`.
    case detailClosed(page: Int, reason: DetailCloseReason)
    /// The kiosk asked its voice to say `text` in `lang`, for card `page` (nil: a label of its own, such as the
    /// pause button's). Logged as `{"t":…,"event":"spoken","page":2,"text":"Canyon","lang":"en"}`.
    case spoken(page: Int?, text: String, lang: String)
    /// Speech was turned on or off, by `reason` (`key`, `press`, `control`). Logged as
    /// `{"t":…,"event":"speech","on":true,"reason":"key"}`.
    case speech(on: Bool, reason: String)
    /// A synchronized group's transition to `card` started at local wall time `wall` (seconds since 1970 local
    /// time), `late` seconds after its moment (and advanced by as much), for a group `command` or the group's
    /// `autoplay` (`cause`).
    case groupMove(card: Int, late: Double, wall: Double, cause: String)

    /// The event as one line of the JSON event log, or nil when it is not logged.
    ///
    /// `{"t":3.250,"event":"pageChanged","page":3,"from":0,"reason":"reload"}`,
    /// `{"t":0.000,"event":"pageChanged","page":4,"from":null,"reason":"start"}`,
    /// `{"t":3.250,"event":"deckReloaded","cards":6}`, `{"t":9.000,"event":"asleep","until":"2026-12-01T09:00"}`,
    /// `{"t":12.500,"event":"awake","reason":"input"}`, `{"t":4.100,"event":"detailOpened","page":2,"reason":"tap"}`;
    /// pager events as ``PagerEvent/jsonLine(t:)`` writes them.
    public func jsonLine(t: Double) -> String? {
        let head = "{\"t\":\(PagerEvent.formatSeconds(t)),\"event\":"
        switch self {
        case .pager(let event):
            return event.jsonLine(t: t)
        case .pageMovedByReload(let from, let to):
            return head + "\"pageChanged\",\"page\":\(to),\"from\":\(from),\"reason\":\"reload\"}"
        case .deckReloaded(let cards):
            return head + "\"deckReloaded\",\"cards\":\(cards)}"
        case .command(let command):
            // The request's own members after the source: {"t":…,"event":"command","source":"control","cmd":"next"}.
            return head + "\"command\",\"source\":\"control\"," + command.jsonLine.dropFirst()
        case .showing(let cards):
            return head + "\"showing\",\"cards\":[" + cards.map(String.init).joined(separator: ",") + "]}"
        case .pageShownBySchedule(let page):
            return head + "\"pageChanged\",\"page\":\(page),\"reason\":\"schedule\"}"
        case .started(let page):
            return head + "\"pageChanged\",\"page\":\(page),\"from\":null,\"reason\":\"start\"}"
        case .asleep(let until):
            return head + "\"asleep\",\"until\":" + (until.map { JSONText.quoted($0.description) } ?? "null") + "}"
        case .awake(let reason):
            return head + "\"awake\",\"reason\":\"\(reason.rawValue)\"}"
        case .hook(let kind, let command):
            return head + "\"hook\",\"hook\":\"\(kind.rawValue)\",\"command\":[" + command.map(JSONText.quoted).joined(separator: ",") + "]}"
        case .detailOpened(let page, let reason):
            return head + "\"detailOpened\",\"page\":\(page),\"reason\":\"\(reason.rawValue)\"}"
        case .detailClosed(let page, let reason):
            return head + "\"detailClosed\",\"page\":\(page),\"reason\":\"\(reason.rawValue)\"}"
        case .spoken(let page, let text, let lang):
            return head + "\"spoken\",\"page\":\(page.map(String.init) ?? "null"),\"text\":\(JSONText.quoted(text)),\"lang\":\(JSONText.quoted(lang))}"
        case .speech(let on, let reason):
            return head + "\"speech\",\"on\":\(on),\"reason\":\(JSONText.quoted(reason))}"
        case .groupMove(let card, let late, let wall, let cause):
            return head + "\"groupMove\",\"page\":\(card),\"cause\":\"\(cause)\",\"late\":\(PagerEvent.formatSeconds(late)),"
                + "\"wall\":\(PagerEvent.formatSeconds(wall))}"
        }
    }
}

/// An event with the time it happened, in the runtime's seconds.
public struct TimedKioskEvent: Sendable, Equatable {
    /// When, in seconds since the kiosk started (simulated seconds in a replay).
    public var t: Double
    /// What happened.
    public var event: KioskEvent

    /// An event at `t`.
    public init(t: Double, _ event: KioskEvent) {
        self.t = t
        self.event = event
    }

    /// The log line, or nil when the event is not logged.
    public var jsonLine: String? { event.jsonLine(t: t) }
}
