/// One card landed on screen, as the fleet's `plays` topic carries it (proof of play):
/// `{"seq":7,"time":"2026-12-01T10:00:00.000Z","page":3,"id":"lobby","reason":"autoplay"}`.
public struct PlayRecord: Sendable, Equatable {
    /// The play's number: one more than the last, across restarts, so a gap shows a play lost.
    public var seq: Int
    /// When the card landed, in milliseconds since 1970-01-01T00:00Z.
    public var milliseconds: Int64
    /// The card, an index into the config's cards.
    public var page: Int
    /// The card's id, if it has one.
    public var id: String?
    /// What brought it (see ``PlayTracker``): `start`, `autoplay`, `swipe`, `tap`, `key`, `wheel`, `command`,
    /// `schedule`.
    public var reason: String

    /// A play of every field.
    public init(seq: Int, milliseconds: Int64, page: Int, id: String?, reason: String) {
        self.seq = seq; self.milliseconds = milliseconds; self.page = page; self.id = id; self.reason = reason
    }

    /// The message, one JSON object.
    public var json: String {
        "{\"seq\":\(seq),\"time\":\"\(PlayRecord.utcText(milliseconds: milliseconds))\",\"page\":\(page),"
            + "\"id\":\(id.map(JSONText.quoted) ?? "null"),\"reason\":\(JSONText.quoted(reason))}"
    }

    /// A play read back from ``json``; nil when `line` is not one.
    public static func parse(_ line: [UInt8]) -> PlayRecord? {
        guard let value = try? JSONValue.parse(line),
              case .number(let seq)? = value["seq"], seq >= 1, seq == seq.rounded(), seq < 9e15,
              case .string(let time)? = value["time"], let milliseconds = parseUTC(time),
              case .number(let page)? = value["page"], page >= 0, page == page.rounded(), page < 1e9,
              case .string(let reason)? = value["reason"] else { return nil }
        var id: String? = nil
        if case .string(let text)? = value["id"] { id = text }
        return PlayRecord(seq: Int(seq), milliseconds: milliseconds, page: Int(page), id: id, reason: reason)
    }

    /// `2026-12-01T10:00:00.000Z` for `milliseconds` since 1970-01-01T00:00Z.
    public static func utcText(milliseconds: Int64) -> String {
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let millis = Int(milliseconds - seconds * 1000)
        let time = LocalTime(seconds: Double(seconds))
        let c = time.components
        func pad(_ n: Int, _ width: Int) -> String {
            let text = String(n)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))T\(pad(c.hour, 2)):\(pad(c.minute, 2)):\(pad(c.second, 2)).\(pad(millis, 3))Z"
    }

    /// Milliseconds since 1970-01-01T00:00Z for ``utcText(milliseconds:)``'s form; nil for anything else.
    static func parseUTC(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 24, bytes[19] == UInt8(ascii: "."), bytes[23] == UInt8(ascii: "Z"),
              let whole = LocalTime.parse(String(decoding: bytes[0..<19], as: UTF8.self)),
              let millis = Int(String(decoding: bytes[20..<23], as: UTF8.self)) else { return nil }
        return Int64(whole.seconds) * 1000 + Int64(millis)
    }
}
