/// The `state` document a fleet member keeps retained on `<prefix>/<id>/state`: where the kiosk stands.
///
/// The fields are `vitrine ctl status`'s that describe the kiosk rather than measure it (`page`, `id`, `cards`,
/// `paused`, `autoplay`, `asleep`), plus the card's `title` and the program's `version`. `uptime`,
/// `lastFrameAge` and `framesOverBudget` are left out: they change with every second or frame, and a retained
/// document published "on every change" would then be published all the time; the `status` command has them.
public struct FleetState: Sendable, Equatable {
    /// The card on screen, an index into the config's cards (0 while no card shows).
    public var page: Int
    /// The card's id, if it has one.
    public var id: String?
    /// The card's title; nil on the standby screen (no card shows).
    public var title: String?
    /// How many cards the config has.
    public var cards: Int
    /// Whether attract mode is paused.
    public var paused: Bool
    /// Whether attract mode is on.
    public var autoplay: Bool
    /// Whether the screen sleeps.
    public var asleep: Bool
    /// The program's version.
    public var version: String
    /// The synchronized group the kiosk moves with (`sync`), if any.
    public var group: String? = nil

    /// A state of every field.
    public init(page: Int, id: String?, title: String?, cards: Int, paused: Bool, autoplay: Bool, asleep: Bool, version: String) {
        self.page = page; self.id = id; self.title = title; self.cards = cards
        self.paused = paused; self.autoplay = autoplay; self.asleep = asleep; self.version = version
    }

    /// The document, one JSON object:
    /// `{"page":3,"id":"lobby","title":"Lobby","cards":6,"paused":false,"autoplay":true,"asleep":false,"version":"0.1"}`.
    public var json: String {
        "{\"page\":\(page),\"id\":\(id.map(JSONText.quoted) ?? "null"),\"title\":\(title.map(JSONText.quoted) ?? "null"),"
            + "\"cards\":\(cards),\"paused\":\(paused),\"autoplay\":\(autoplay),\"asleep\":\(asleep),\"version\":\(JSONText.quoted(version))"
            + (group.map { ",\"group\":\(JSONText.quoted($0))" } ?? "") + "}"
    }
}

/// The program's version, as `vitrine --version` and the fleet's `state` say it.
public enum VitrineVersion {
    /// `0.1`.
    public static let string = "0.1"
}

extension KioskRuntime {
    /// What ``fleetState`` is made of, without its texts: cheap to compare at every turn of the loop.
    struct FleetStateKey: Sendable, Equatable {
        var card: Int?
        var cards: Int
        var deckGeneration: Int
        var paused: Bool
        var autoplay: Bool
        var asleep: Bool
    }

    /// The key of ``fleetState``: when it is unchanged, so is the state.
    var fleetStateKey: FleetStateKey {
        FleetStateKey(card: currentCard, cards: config.cards.count, deckGeneration: deckGeneration, paused: isAutoplayPaused,
                      autoplay: autoplay != nil, asleep: isAsleep)
    }

    /// Where the kiosk stands, as the fleet's `state` topic says it (see ``FleetState``).
    public var fleetState: FleetState {
        let cards = config.cards
        let page = currentCard ?? 0
        let card = currentCard.flatMap { cards.indices.contains($0) ? cards[$0] : nil }
        var state = FleetState(page: page, id: card?.id, title: card?.title, cards: cards.count, paused: isAutoplayPaused,
                               autoplay: autoplay != nil, asleep: isAsleep, version: VitrineVersion.string)
        state.group = config.sync?.group
        return state
    }
}
