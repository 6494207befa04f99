/// What a pointer did in a replay line.
public enum ReplayPhase: String, Sendable, Equatable {
    case down, move, up
}

/// One thing a replay script does at its time.
public enum ReplayAction: Sendable, Equatable {
    /// A finger, at coordinates normalized to the window (0...1), as SDL reports fingers.
    case touch(ReplayPhase, x: Double, y: Double)
    /// The primary mouse button, at window points.
    case mouse(ReplayPhase, x: Double, y: Double)
    /// A navigation key.
    case key(KioskKey)
    /// The Escape key (`"key":"escape"`): it closes a detail panel, or quits as in a window.
    case escape
    /// A key the runtime reads by name rather than as paging: `"key":"space"` (pause attract mode) and `"key":"s"`
    /// (turn speech on or off).
    case press(String)
    /// A wheel or trackpad scroll, in notches: whole ones are clicks, fractional ones a trackpad's precise deltas.
    case wheel(dx: Double, dy: Double)
    /// A programmatic page request (counted from 0).
    case page(Int)
    /// Write the frame rendered at this time to a PNG at this path.
    case screenshot(String)
    /// Reload the deck from the config file at this path (relative to the working folder), as a hot reload would.
    case reload(String)
    /// Nothing but time passing up to this line's time: timers (attract mode) run on the way.
    case wait
    /// A remote-control command, as the control socket would deliver it.
    case control(ControlCommand)
    /// A message on the synchronized group's topic (`sync`): the command, and the script time its transition
    /// starts at (`"start"`; nil: `sync.lead` after the line), in place of the wire's milliseconds UTC.
    case group(GroupCommand, start: Double?)
}

/// One line of a replay script: an action at a simulated time.
public struct ReplayStep: Sendable, Equatable {
    /// The simulated time in seconds since the start.
    public var at: Double
    /// The 1-based line the step came from, for messages.
    public var line: Int
    /// What happens.
    public var action: ReplayAction
    /// For a screenshot, the card the pager rests on since it landed: a video card there shows the frame of that
    /// moment, as in a window. Nil in a script, and while a transition runs.
    public var landed: LandedClock? = nil

    /// A step.
    public init(at: Double, line: Int, action: ReplayAction) {
        self.at = at; self.line = line; self.action = action
    }
}

/// The page the pager rests on and how long ago its card landed, in seconds on the runtime's clock.
public struct LandedClock: Sendable, Equatable {
    /// The page, an index into the frame's cards.
    public var page: Int
    /// Seconds since the card landed.
    public var since: Double

    /// Page `page`, landed `since` seconds ago.
    public init(page: Int, since: Double) { self.page = page; self.since = since }
}

/// A bad replay script line: the file, the line and what is wrong.
public struct ReplayScriptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The script's path.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// What is wrong.
    public var message: String

    public var description: String { "\(file): line \(line): \(message)" }
}

/// Scripted input at simulated time, one JSON object per line, for `vitrine replay`.
///
/// Lines look like `{"at":0.10,"touch":"down","x":0.8,"y":0.5}`, `{"at":0.1,"mouse":"move","x":960,"y":400}`,
/// `{"at":1,"key":"right"}`, `{"at":1,"wheel":{"dx":-1,"dy":0}}`, `{"at":1,"page":3}` and
/// `{"at":1.2,"screenshot":"frame.png"}`, `{"at":3,"reload":"other.json"}`, `{"at":60,"wait":true}`, `{"at":2,"control":{"cmd":"next"}}` and `{"at":2,"group":{"cmd":"goto","page":1,"start":2.25}}`. Blank lines and lines starting with `#` or `//` are skipped.
public struct ReplayScript: Sendable, Equatable {
    /// The steps, in time order (lines with equal times keep their order).
    public var steps: [ReplayStep]

    /// The key names a script may use and what they mean.
    public static let keys: [String: KioskKey] = {
        var keys: [String: KioskKey] = ["right": .right, "left": .left, "pagedown": .next, "pageup": .previous,
                                        "home": .first, "end": .last]
        for n in 1...9 { keys[String(n)] = .number(n) }
        return keys
    }()

    /// Parses script `text`; `file` names it in messages. Every line must parse; times must not go backwards.
    public static func parse(_ text: String, file: String) throws(ReplayScriptError) -> ReplayScript {
        var steps: [ReplayStep] = []
        // Split on any line break, CRLF included ("\r\n" is a single Character, so splitting on "\n" misses it).
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let indent = raw.prefix(while: \.isWhitespace).unicodeScalars.count
            let line = String(String(raw.dropFirst(raw.prefix(while: \.isWhitespace).count).reversed()).drop(while: \.isWhitespace).reversed())
            guard !line.isEmpty, !line.hasPrefix("#"), !line.hasPrefix("//") else { continue }
            func fail(_ message: String) -> ReplayScriptError { ReplayScriptError(file: file, line: index + 1, message: message) }
            let value: JSONValue
            do throws(JSONSyntaxError) {
                value = try JSONValue.parse(String(line))
            } catch {
                throw fail("malformed JSON at column \(error.column + indent): \(error.message)")
            }
            let step: ReplayStep
            do throws(ReplayLineProblem) {
                step = try parseLine(value, line: index + 1)
            } catch {
                throw fail(error.message)
            }
            if let previous = steps.last, step.at < previous.at {
                throw fail("\"at\" \(step.at) is earlier than the line before (\(previous.at)); lines must be in time order")
            }
            steps.append(step)
        }
        return ReplayScript(steps: steps)
    }

    /// The time of the last step, or 0 for an empty script.
    public var duration: Double { steps.last?.at ?? 0 }
}

/// What is wrong with one line, before the file and line number are added.
struct ReplayLineProblem: Error {
    var message: String
}

extension ReplayScript {
    static let actionKeys = ["touch", "mouse", "key", "wheel", "page", "screenshot", "reload", "wait", "control", "group"]

    static func parseLine(_ value: JSONValue, line: Int) throws(ReplayLineProblem) -> ReplayStep {
        guard case .object(let members) = value else {
            throw ReplayLineProblem(message: "expected a JSON object, found \(value.kindDescription)")
        }
        let known = Set(actionKeys + ["at", "x", "y"])
        if let unknown = members.first(where: { !known.contains($0.key) }) {
            throw ReplayLineProblem(message: "unknown key \"\(unknown.key)\"; a line has \"at\" and one of \(actionKeys.joined(separator: ", "))")
        }
        guard case .number(let at)? = value["at"], at.isFinite, at >= 0 else {
            throw ReplayLineProblem(message: "\"at\" must be a time in seconds, 0 or more")
        }
        let actions = members.map(\.key).filter { actionKeys.contains($0) }
        guard actions.count == 1, let name = actions.first, let payload = value[name] else {
            throw ReplayLineProblem(message: "a line needs exactly one of \(actionKeys.joined(separator: ", ")); found \(actions.isEmpty ? "none" : actions.joined(separator: ", "))")
        }
        return ReplayStep(at: at, line: line, action: try action(name, payload, in: value))
    }

    private static func action(_ name: String, _ payload: JSONValue, in object: JSONValue) throws(ReplayLineProblem) -> ReplayAction {
        switch name {
        case "touch", "mouse":
            guard case .string(let phaseName) = payload, let phase = ReplayPhase(rawValue: phaseName) else {
                throw ReplayLineProblem(message: "\"\(name)\" must be \"down\", \"move\" or \"up\"")
            }
            guard case .number(let x)? = object["x"], case .number(let y)? = object["y"], x.isFinite, y.isFinite else {
                throw ReplayLineProblem(message: "\"\(name)\" needs numbers \"x\" and \"y\"")
            }
            if name == "touch", !(0...1).contains(x) || !(0...1).contains(y) {
                throw ReplayLineProblem(message: "touch coordinates are normalized: \"x\" and \"y\" must be 0 to 1")
            }
            return name == "touch" ? .touch(phase, x: x, y: y) : .mouse(phase, x: x, y: y)
        case "key":
            if case .string(let keyName) = payload, keyName.lowercased() == "escape" { return .escape }
            if case .string(let keyName) = payload, ["space", "s"].contains(keyName.lowercased()) { return .press(keyName.lowercased()) }
            guard case .string(let keyName) = payload, let key = keys[keyName.lowercased()] else {
                throw ReplayLineProblem(message: "\"key\" must be one of right, left, pageup, pagedown, home, end, 1 to 9, escape, space, s")
            }
            return .key(key)
        case "wheel":
            guard case .number(let dx)? = payload["dx"], case .number(let dy)? = payload["dy"], dx.isFinite, dy.isFinite else {
                throw ReplayLineProblem(message: "\"wheel\" must be an object with numbers \"dx\" and \"dy\"")
            }
            return .wheel(dx: dx, dy: dy)
        case "page":
            guard case .number(let n) = payload, n >= 0, n == n.rounded(), n < 1e9 else {
                throw ReplayLineProblem(message: "\"page\" must be a card number, 0 or more")
            }
            return .page(Int(n))
        case "reload":
            guard case .string(let path) = payload, !path.isEmpty else {
                throw ReplayLineProblem(message: "\"reload\" must be the path of a config file")
            }
            return .reload(path)
        case "control":
            do throws(ControlError) {
                return .control(try ControlCommand.decode(payload))
            } catch {
                throw ReplayLineProblem(message: "\"control\": \(error.message)")
            }
        case "group":
            var start: Double? = nil
            if let value = payload["start"] {
                guard case .number(let t) = value, t.isFinite, t >= 0 else {
                    throw ReplayLineProblem(message: "\"group\": \"start\" must be a script time in seconds, 0 or more")
                }
                start = t
            }
            switch GroupCommand.decode(payload, localOffset: 0) {
            case .success(var command):
                command.start = nil
                return .group(command, start: start)
            case .failure(let refusal):
                throw ReplayLineProblem(message: "\"group\": \(refusal.message)")
            }
        case "wait":
            guard case .bool(true) = payload else {
                throw ReplayLineProblem(message: "\"wait\" must be true")
            }
            return .wait
        default:
            guard case .string(let path) = payload, !path.isEmpty else {
                throw ReplayLineProblem(message: "\"screenshot\" must be a file path")
            }
            return .screenshot(path)
        }
    }
}
