/// A message taken from a fleet member's `cmd` topic: a control command with an optional `"reply"` id, or why it
/// is refused. The rule of what `cmd` takes.
///
/// `{"cmd":"next","reply":"r1"}` is the command `next`, whose answer goes to the `reply` topic with
/// `"reply":"r1"` in it. A message over ``FleetTopics/commandBytes``, one that is not UTF-8 text, or not a JSON
/// object naming a known command is refused: the refusal goes to `reply`, with the id when one could be read.
public enum FleetRequest: Sendable, Equatable {
    /// Carry out `command`; answer with `reply` (JSON text of the id) added, if there is one.
    case command(ControlCommand, reply: String?)
    /// Refuse: `reason`, one line; `reply` as for a command.
    case refused(String, reply: String?)

    /// The request the bytes at `payload` stand for; an oversized message is refused before anything is copied.
    public static func parse(_ payload: UnsafeRawBufferPointer) -> FleetRequest {
        payload.count > FleetTopics.commandBytes ? oversized(payload.count) : parse(Array(payload))
    }

    /// The refusal of a message of `bytes` bytes, over ``FleetTopics/commandBytes``.
    static func oversized(_ bytes: Int) -> FleetRequest {
        .refused("the message is \(bytes) bytes, over the limit of \(FleetTopics.commandBytes)", reply: nil)
    }

    /// The request `payload` stands for.
    public static func parse(_ payload: [UInt8]) -> FleetRequest {
        guard payload.count <= FleetTopics.commandBytes else { return oversized(payload.count) }
        guard !payload.isEmpty else { return .refused("the message is empty: a command is a JSON object such as {\"cmd\":\"next\"}", reply: nil) }
        guard String(validating: payload, as: UTF8.self) != nil else {
            return .refused("the message is not UTF-8 text: a command is a JSON object such as {\"cmd\":\"next\"}", reply: nil)
        }
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONValue.parse(payload)
        } catch {
            return .refused("malformed JSON at column \(error.column): \(error.message)", reply: nil)
        }
        var reply: String? = nil
        if case .object = value, let id = value["reply"] {
            switch id {
            case .string(let text) where text.utf8.count <= FleetTopics.replyIDBytes: reply = JSONText.quoted(text)
            case .number(let n) where n == n.rounded() && abs(n) < 9e15: reply = String(Int64(n))
            default:
                return .refused("\"reply\" must be a string of at most \(FleetTopics.replyIDBytes) bytes or a whole number", reply: nil)
            }
        }
        do throws(ControlError) {
            return .command(try ControlCommand.decode(value), reply: reply)
        } catch {
            return .refused(error.message, reply: reply)
        }
    }

    /// The reply message for `answer` to a request with `reply` id: the control socket's reply with
    /// `"reply":ID` added when there is one.
    public static func replyText(_ answer: ControlReply, reply: String?) -> String {
        var answer = answer
        if let reply { answer.fields.append(("reply", reply)) }
        return answer.jsonLine
    }
}

/// A warning said at most once per ``interval``, with how many like it were held back: a flood of bad messages
/// is a few log lines, not one per message.
public struct WarningLimiter: Sendable, Equatable {
    /// Seconds between two warnings.
    public let interval: Double
    /// When the last warning was said, if ever.
    private var lastSaid: Double?
    /// Warnings held back since the last one said.
    private var held = 0

    /// A limiter saying at most one warning each `interval` seconds.
    public init(interval: Double = 10) { self.interval = interval }

    /// The line to log for `warning` at time `now`, or nil when it is held back. A line after some were held back
    /// says how many.
    public mutating func line(_ warning: String, at now: Double) -> String? {
        if let lastSaid, now - lastSaid < interval {
            held += 1
            return nil
        }
        lastSaid = now
        defer { held = 0 }
        return held == 0 ? warning : "\(warning) (and \(held) more like it in the last \(Int(interval.rounded())) s)"
    }
}
