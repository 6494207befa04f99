/// A remote-control command, as `vitrine ctl` and the control socket carry it: one JSON object per line.
///
/// `{"cmd":"next"}`, `{"cmd":"previous"}`, `{"cmd":"goto","index":3}`, `{"cmd":"goto","id":"lobby"}`,
/// `{"cmd":"pause"}`, `{"cmd":"resume"}`, `{"cmd":"reload"}`, `{"cmd":"status"}`,
/// `{"cmd":"screenshot","path":"/tmp/shot.png"}`, `{"cmd":"wake"}`, `{"cmd":"detail","action":"open"}` and
/// `{"cmd":"speak","action":"on"}`.
public enum ControlCommand: Sendable, Equatable {
    /// Page forward, as → does.
    case next
    /// Page back, as ← does.
    case previous
    /// Go to the card at this index, counted from 0.
    case gotoIndex(Int)
    /// Go to the card with this `id`.
    case gotoID(String)
    /// Pause attract mode until ``resume``.
    case pause
    /// Resume attract mode.
    case resume
    /// Read the config and every image again.
    case reload
    /// Say where the kiosk stands.
    case status
    /// Write the frame on screen to a PNG at this path.
    case screenshot(path: String)
    /// Wake a sleeping screen for `display.wakeFor` seconds (see `KioskRuntime+Sleep.swift`).
    case wake
    /// Open (true) or close (false) the detail panel of the card on screen (see `KioskRuntime+Detail.swift`).
    case detail(open: Bool)
    /// Turn the kiosk's speech on or off, or say the card on screen again (see `KioskRuntime+Speech.swift`).
    case speak(SpeechAction)

    /// The command's name, as the protocol spells it.
    public var name: String {
        switch self {
        case .next: "next"
        case .previous: "previous"
        case .gotoIndex, .gotoID: "goto"
        case .pause: "pause"
        case .resume: "resume"
        case .reload: "reload"
        case .status: "status"
        case .screenshot: "screenshot"
        case .wake: "wake"
        case .detail: "detail"
        case .speak: "speak"
        }
    }

    /// Every command name, for messages.
    public static let names = ["next", "previous", "goto", "pause", "resume", "reload", "status", "screenshot", "wake", "detail", "speak"]

    /// The command as one request line (without the newline).
    public var jsonLine: String {
        switch self {
        case .gotoIndex(let index): #"{"cmd":"goto","index":\#(index)}"#
        case .gotoID(let id): #"{"cmd":"goto","id":\#(JSONText.quoted(id))}"#
        case .screenshot(let path): #"{"cmd":"screenshot","path":\#(JSONText.quoted(path))}"#
        case .detail(let open): #"{"cmd":"detail","action":"\#(open ? "open" : "close")"}"#
        case .speak(let action): #"{"cmd":"speak","action":"\#(action.rawValue)"}"#
        default: #"{"cmd":"\#(name)"}"#
        }
    }

    /// Parses one request line; the error says what is wrong in one line.
    public static func parse(_ line: [UInt8]) throws(ControlError) -> ControlCommand {
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONValue.parse(line)
        } catch {
            throw ControlError("malformed JSON at column \(error.column): \(error.message)")
        }
        return try decode(value)
    }

    /// The command a parsed request object stands for.
    ///
    /// A key the request repeats is refused, as in the config: readers that take the first and readers that take
    /// the last would disagree on what was asked.
    public static func decode(_ value: JSONValue) throws(ControlError) -> ControlCommand {
        guard case .object(let members) = value else { throw ControlError("a request is a JSON object, found \(value.kindDescription)") }
        var keys = Set<String>()
        for member in members where !keys.insert(member.key).inserted {
            throw ControlError("duplicate key \(Limits.shortened(member.key, quoting: true)): each key may appear once")
        }
        guard case .string(let name)? = value["cmd"] else {
            throw ControlError(#"a request needs "cmd", one of \#(names.joined(separator: ", "))"#)
        }
        switch name {
        case "next": return .next
        case "previous": return .previous
        case "pause": return .pause
        case "resume": return .resume
        case "reload": return .reload
        case "status": return .status
        case "wake": return .wake
        case "goto":
            // "page" is the same number as "index" (pages count from 0, as `pageChanged` does): the fleet's
            // commands are written with it. "index" wins when both are given.
            for key in ["index", "page"] {
                if case .number(let n)? = value[key] {
                    guard n >= 0, n == n.rounded(), n < 1e9 else { throw ControlError(#""\#(key)" must be a card number, 0 or more"#) }
                    return .gotoIndex(Int(n))
                }
            }
            if case .string(let id)? = value["id"], !id.isEmpty { return .gotoID(id) }
            throw ControlError(#""goto" needs "index" or "page" (a number from 0) or "id" (a card's id)"#)
        case "screenshot":
            guard case .string(let path)? = value["path"], !path.isEmpty else {
                throw ControlError(#""screenshot" needs "path", the PNG file to write"#)
            }
            return .screenshot(path: path)
        case "detail":
            guard case .string(let action)? = value["action"], action == "open" || action == "close" else {
                throw ControlError(#""detail" needs "action", "open" or "close""#)
            }
            return .detail(open: action == "open")
        case "speak":
            guard case .string(let word)? = value["action"], let action = SpeechAction(rawValue: word) else {
                throw ControlError(#""speak" needs "action", "on", "off" or "again""#)
            }
            return .speak(action)
        default:
            throw ControlError("unknown command \(Limits.shortened(name, quoting: true)); the commands are \(names.joined(separator: ", "))")
        }
    }
}

/// Why a control request failed: one line for the reply.
public struct ControlError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// A reply to a control request: `{"ok":true,…}` with the command's fields, or `{"ok":false,"error":"…"}`.
public struct ControlReply: Sendable, Equatable {
    /// Whether the command was carried out.
    public var ok: Bool
    /// The reply's other members, already JSON-encoded, in order.
    public var fields: [(String, String)]

    /// A reply of `ok` with `fields` (values as JSON text).
    public init(ok: Bool, fields: [(String, String)] = []) {
        self.ok = ok
        self.fields = fields
    }

    /// A failure saying `message`.
    public static func failure(_ message: String) -> ControlReply {
        ControlReply(ok: false, fields: [("error", JSONText.quoted(message))])
    }

    /// The reply as one line (without the newline).
    public var jsonLine: String {
        "{\"ok\":\(ok)" + fields.map { ",\(JSONText.quoted($0.0)):\($0.1)" }.joined() + "}"
    }

    public static func == (a: ControlReply, b: ControlReply) -> Bool {
        a.ok == b.ok && a.fields.map(\.0) == b.fields.map(\.0) && a.fields.map(\.1) == b.fields.map(\.1)
    }
}

/// Small JSON text helpers for lines the program writes.
public enum JSONText {
    /// `text` as a JSON string literal, with quotes, backslashes and control characters escaped.
    public static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `text` as a message quotes it: the one shortener, ``Limits/shortened(_:quoting:)``.
    public static func shortened(_ text: String) -> String { Limits.shortened(text) }
}

extension ControlCommand {
    /// The command `vitrine ctl` words stand for: `next`, `previous`, `goto 3` (a number is an index from 0,
    /// anything else a card id), `pause`, `resume`, `reload`, `status`, `screenshot FILE.png`, `wake`,
    /// `detail open`, `detail close`, `speak on|off|again`.
    public init(words: [String]) throws(ControlError) {
        guard let name = words.first else { throw ControlError("no command: one of \(ControlCommand.names.joined(separator: ", "))") }
        let arguments = Array(words.dropFirst())
        func noArguments(_ command: ControlCommand) throws(ControlError) -> ControlCommand {
            guard arguments.isEmpty else { throw ControlError("'\(name)' takes no argument") }
            return command
        }
        switch name {
        case "next": self = try noArguments(.next)
        case "previous", "prev": self = try noArguments(.previous)
        case "pause": self = try noArguments(.pause)
        case "resume": self = try noArguments(.resume)
        case "reload": self = try noArguments(.reload)
        case "status": self = try noArguments(.status)
        case "wake": self = try noArguments(.wake)
        case "goto":
            guard arguments.count == 1, let target = arguments.first, !target.isEmpty else {
                throw ControlError("'goto' takes one card: an index from 0, or a card id")
            }
            if let index = Int(target), index >= 0 { self = .gotoIndex(index) } else { self = .gotoID(target) }
        case "screenshot":
            guard arguments.count == 1, let path = arguments.first, !path.isEmpty else {
                throw ControlError("'screenshot' takes one file: the PNG to write")
            }
            self = .screenshot(path: path)
        case "detail":
            guard arguments.count == 1, let action = arguments.first, action == "open" || action == "close" else {
                throw ControlError("'detail' takes one word: open or close")
            }
            self = .detail(open: action == "open")
        case "speak":
            guard arguments.count == 1, let action = arguments.first.flatMap(SpeechAction.init(rawValue:)) else {
                throw ControlError("'speak' takes one word: on, off or again")
            }
            self = .speak(action)
        default:
            throw ControlError("unknown command '\(Limits.shortened(name))'; the commands are \(ControlCommand.names.joined(separator: ", "))")
        }
    }
}
