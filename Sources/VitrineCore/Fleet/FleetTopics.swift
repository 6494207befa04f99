/// The topics of one fleet member, all under `<prefix>/<id>/`, and the limits of what it takes from them.
public struct FleetTopics: Sendable, Equatable {
    /// The kiosk's name in topics.
    public let id: String
    /// The first level of every topic.
    public let prefix: String

    /// The topics of kiosk `id` under `prefix`.
    public init(prefix: String, id: String) { self.prefix = prefix; self.id = id }

    /// `<prefix>/<id>/` followed by `leaf`.
    private func topic(_ leaf: String) -> String { "\(prefix)/\(id)/\(leaf)" }

    /// Commands in, as the control socket's JSON.
    public var cmd: String { topic("cmd") }
    /// Answers and refusals out.
    public var reply: String { topic("reply") }
    /// The retained ``FleetState``.
    public var state: String { topic("state") }
    /// Retained `online` or `offline` (the last will).
    public var availability: String { topic("availability") }
    /// One QoS 1 message per landed card (``PlayRecord``).
    public var plays: String { topic("plays") }

    /// What `availability` says while the kiosk is connected.
    public static let online = "online"
    /// What `availability` says once it is not (the last will, and a clean stop).
    public static let offline = "offline"

    /// The largest command message taken, in bytes: the control socket's longest line.
    public static let commandBytes = 8 * 1024
    /// Commands from MQTT carried out but not yet answered at once; more are refused "busy" (each awaits its own
    /// answer in the loop's inbox, which must stay small).
    public static let commandsInFlight = 64
    /// The longest `"reply"` id echoed back, in bytes.
    public static let replyIDBytes = 256
}

/// A message to publish.
public struct FleetMessage: Sendable, Equatable {
    /// Where.
    public var topic: String
    /// What, as text (every payload Vitrine sends is JSON or a word).
    public var payload: String
    /// 0 (at most once) or 1 (at least once).
    public var qos: Int
    /// Whether the broker keeps it for newcomers.
    public var retain: Bool

    /// A message of every field.
    public init(topic: String, payload: String, qos: Int = 0, retain: Bool = false) {
        self.topic = topic; self.payload = payload; self.qos = qos; self.retain = retain
    }
}
