/// What a fleet member publishes after each turn of its loop: the rule of "when".
///
/// The driver calls ``note(_:effects:state:cards:)`` after every call into the runtime, with the input it gave
/// (nil when it only moved time) and the effects that came back. The reporter finds the cards that landed
/// (``PlayTracker``), publishes `state` when it differs from the last one published, and the Home Assistant
/// discovery documents at the first turn after a connection and after every reload of the deck (the select lists
/// the cards).
public struct FleetReporter: Sendable {
    /// The most cards the Home Assistant select lists (a folder of 10,000 pictures would make a document of
    /// hundreds of kilobytes); the card shown and `goto` still reach every card.
    public static let selectOptions = 200

    /// The topics.
    public let topics: FleetTopics
    private var tracker = PlayTracker()
    private var statePublished: FleetState?
    private var stateKey: KioskRuntime.FleetStateKey?
    private var discoveryDue = true

    /// A reporter for `topics` that has published nothing yet.
    public init(topics: FleetTopics) { self.topics = topics }

    /// What to do after one turn: the cards that landed (their plays to record, with the card's id) and the
    /// messages to publish now.
    public mutating func note(_ input: RuntimeInput?, effects: [KioskEffect],
                              runtime: KioskRuntime) -> (landings: [(page: Int, id: String?, reason: String)], messages: [FleetMessage]) {
        let cards = runtime.config.cards
        let landings = tracker.note(input, effects: effects).map { landing in
            (page: landing.page, id: cards.indices.contains(landing.page) ? cards[landing.page].id : nil, reason: landing.reason)
        }
        var messages: [FleetMessage] = []
        if effects.contains(where: FleetReporter.reloadsDeck) { discoveryDue = true }
        if discoveryDue {
            discoveryDue = false
            messages += HomeAssistantDiscovery.messages(topics, titles: cards.prefix(FleetReporter.selectOptions).map(\.title))
        }
        let key = runtime.fleetStateKey
        if key != stateKey {
            stateKey = key
            let state = runtime.fleetState
            if state != statePublished {
                statePublished = state
                messages.append(FleetMessage(topic: topics.state, payload: state.json, qos: 1, retain: true))
            }
        }
        return (landings, messages)
    }

    /// Whether `effect` says the deck was reloaded.
    private static func reloadsDeck(_ effect: KioskEffect) -> Bool {
        guard case .log(let lines) = effect else { return false }
        return lines.contains { if case .deckReloaded = $0.event { true } else { false } }
    }
}
