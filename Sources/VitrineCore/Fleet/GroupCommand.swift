/// A command to a synchronized group (`<prefix>/group/<group>/cmd`): what to do, the card to go to, and the
/// wall-clock moment every member starts the transition. The rule of what the group topic takes.
///
/// A member sends `{"cmd":"goto","page":3,"at":1764583200250,"hold":15,"from":"lobby-1","seq":1764583200000}`:
/// the absolute target card (`page`, an index into the config's cards, so a member that missed a command
/// converges), the start in milliseconds since 1970 UTC (`at`), how long the target holds before the group's
/// autoplay goes on (`hold`, seconds; absent: the card's own interval), and the sender's id and sequence number,
/// by which a repeated or older command is ignored. An operator may publish a bare control command
/// (`{"cmd":"next"}`, `{"cmd":"goto","page":2}`, `pause`, `resume`): every member starts it `sync.lead` after it
/// arrives, relative commands from the card each shows.
public struct GroupCommand: Sendable, Equatable {
    /// What the group does.
    public enum Action: Sendable, Equatable {
        /// One card on, from the card each member heads for (a bare operator's command).
        case next
        /// One card back, as ``next``.
        case previous
        /// To card `card` (an index into the config's cards).
        case goto(card: Int)
        /// To the card with this id.
        case gotoID(String)
        /// Hold the group's autoplay on `card` (the card the sender showed), until `resume`.
        case pause(card: Int?)
        /// Let the group's autoplay go on from `card`, a whole interval from the start.
        case resume(card: Int?)
    }

    /// What to do.
    public var action: Action
    /// When the transition starts, as local wall time (seconds since 1970-01-01T00:00 local time); nil: `sync.lead`
    /// after it arrives.
    public var start: Double?
    /// How long the target card holds, in seconds, before the group's autoplay goes on; nil: its own interval.
    public var hold: Double?
    /// The member that sent it, and its sequence number (rising, across restarts too); nil for an operator's.
    public var sender: String?
    public var seq: Int64?

    /// A command of every field.
    public init(_ action: Action, start: Double? = nil, hold: Double? = nil, sender: String? = nil, seq: Int64? = nil) {
        self.action = action; self.start = start; self.hold = hold; self.sender = sender; self.seq = seq
    }

    /// The largest group message taken, in bytes (as `cmd`'s).
    public static let messageBytes = FleetTopics.commandBytes
    /// The longest `hold` taken: a day (a pause is a hold of infinity, sent as `"hold":null`).
    public static let longestHold = 86_400.0
    /// How far from the receiver's wall clock a stamp may be, in seconds: an hour (a clock that far off is a fault,
    /// not a network delay; the command then starts on arrival).
    public static let farthestStamp = 3_600.0

    /// The message on the group topic, with the start in milliseconds UTC: `localOffset` is local wall time minus
    /// UTC, in seconds.
    public func json(localOffset: Double) -> String {
        var fields: [String] = []
        switch action {
        case .next: fields.append("\"cmd\":\"next\"")
        case .previous: fields.append("\"cmd\":\"previous\"")
        case .goto(let card): fields.append("\"cmd\":\"goto\",\"page\":\(card)")
        case .gotoID(let id): fields.append("\"cmd\":\"goto\",\"id\":\(JSONText.quoted(id))")
        case .pause(let card): fields.append("\"cmd\":\"pause\"" + (card.map { ",\"page\":\($0)" } ?? ""))
        case .resume(let card): fields.append("\"cmd\":\"resume\"" + (card.map { ",\"page\":\($0)" } ?? ""))
        }
        if let start { fields.append("\"at\":\(Int64(((start - localOffset) * 1000).rounded()))") }
        if let hold { fields.append("\"hold\":" + (hold.isFinite ? PagerEvent.formatSeconds(hold) : "null")) }
        if let sender { fields.append("\"from\":\(JSONText.quoted(sender))") }
        if let seq { fields.append("\"seq\":\(seq)") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// The command `payload` stands for, or why it is refused (one line); `localOffset` as in ``json(localOffset:)``.
    public static func parse(_ payload: [UInt8], localOffset: Double) -> Result<GroupCommand, GroupRefusal> {
        guard payload.count <= messageBytes else { return .failure(GroupRefusal("the message is \(payload.count) bytes, over the limit of \(messageBytes)")) }
        let value: JSONValue
        switch FleetRequest.parse(payload) {
        case .refused(let reason, _): return .failure(GroupRefusal(reason))
        case .command:
            // FleetRequest took it as a control command: the bytes are a JSON object; read it again for the rest.
            do throws(JSONSyntaxError) { value = try JSONValue.parse(payload) } catch { return .failure(GroupRefusal(error.message)) }
        }
        return decode(value, localOffset: localOffset)
    }

    /// The command the JSON object `value` stands for, or why it is refused; `localOffset` as in
    /// ``json(localOffset:)``.
    public static func decode(_ value: JSONValue, localOffset: Double) -> Result<GroupCommand, GroupRefusal> {
        let command: ControlCommand
        do throws(ControlError) { command = try ControlCommand.decode(value) } catch { return .failure(GroupRefusal(error.message)) }
        var card: Int? = nil
        if case .number(let n)? = value["page"] {
            guard n >= 0, n == n.rounded(), n < 1e9 else { return .failure(GroupRefusal("\"page\" must be a card number, 0 or more")) }
            card = Int(n)
        }
        let action: Action
        switch command {
        case .next: action = .next
        case .previous: action = .previous
        case .gotoIndex(let index): action = .goto(card: index)
        case .gotoID(let id): action = .gotoID(id)
        case .pause: action = .pause(card: card)
        case .resume: action = .resume(card: card)
        default:
            return .failure(GroupRefusal("\"\(command.name)\" is not a group command; a group takes next, previous, goto, pause and resume"))
        }
        var result = GroupCommand(action)
        switch value["at"] {
        case nil: break
        case .number(let ms)? where ms.isFinite && abs(ms) < 1e15: result.start = ms / 1000 + localOffset
        default: return .failure(GroupRefusal("\"at\" must be milliseconds since 1970 UTC"))
        }
        switch value["hold"] {
        case nil: break
        case .null?: result.hold = .infinity
        case .number(let s)? where s >= 0 && s <= longestHold: result.hold = s
        default: return .failure(GroupRefusal("\"hold\" must be seconds from 0 to \(Int(longestHold)), or null"))
        }
        switch (value["from"], value["seq"]) {
        case (nil, nil): break
        case (.string(let from)?, .number(let seq)?) where !from.isEmpty && from.utf8.count <= 256 && seq == seq.rounded() && abs(seq) < 9e15:
            result.sender = from
            result.seq = Int64(seq)
        default: return .failure(GroupRefusal("\"from\" (a member's id) and \"seq\" (a whole number) come together"))
        }
        return .success(result)
    }
}

/// Why a group message is refused: one line.
public struct GroupRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reason.
    public var message: String
    /// A refusal for `message`.
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// What the driver tells a group member's runtime.
public enum GroupInput: Sendable, Equatable {
    /// A command arrived on the group topic.
    case command(GroupCommand)
    /// The broker connection came up (true) or went down (false): while down, input applies at once, locally.
    case linked(Bool)
}

extension SyncConfig {
    /// The group's topic: `<prefix>/group/<group>/cmd`.
    public func topic(prefix: String) -> String { "\(prefix)/group/\(group)/cmd" }
}
