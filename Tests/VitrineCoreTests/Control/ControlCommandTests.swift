import Testing
@testable import VitrineCore

/// The control protocol's requests: JSON lines and `vitrine ctl` words.
@Suite struct ControlCommandTests {
    func parse(_ line: String) -> Result<ControlCommand, ControlError> {
        Result { () throws(ControlError) in try ControlCommand.parse(Array(line.utf8)) }
    }

    @Test(arguments: [
        (#"{"cmd":"next"}"#, ControlCommand.next), (#"{"cmd":"previous"}"#, .previous),
        (#"{"cmd":"goto","index":3}"#, .gotoIndex(3)), (#"{"cmd":"goto","id":"lobby"}"#, .gotoID("lobby")),
        (#"{"cmd":"pause"}"#, .pause), (#"{"cmd":"resume"}"#, .resume), (#"{"cmd":"reload"}"#, .reload),
        (#"{"cmd":"status"}"#, .status), (#"{"cmd":"screenshot","path":"/tmp/a.png"}"#, .screenshot(path: "/tmp/a.png")),
    ])
    func requestsParseAndRoundTrip(line: String, command: ControlCommand) throws {
        #expect(try parse(line).get() == command)
        #expect(command.jsonLine == line)
    }

    @Test func gotoTakesPageAsTheSameNumberAsIndex() throws {
        #expect(try parse(#"{"cmd":"goto","page":3}"#).get() == .gotoIndex(3))
        #expect(try parse(#"{"cmd":"goto","index":1,"page":3}"#).get() == .gotoIndex(1))
        guard case .failure(let error) = parse(#"{"cmd":"goto","page":-2}"#) else { Issue.record("page -2 accepted"); return }
        #expect(error.message.contains(#""page" must be a card number"#), "\(error.message)")
    }

    @Test(arguments: [
        ("{", "malformed JSON at column"), ("[1]", "a request is a JSON object, found an array"),
        (#"{"command":"next"}"#, #"a request needs "cmd""#), (#"{"cmd":"explode"}"#, #"unknown command "explode""#),
        (#"{"cmd":"goto"}"#, #""goto" needs "index""#), (#"{"cmd":"goto","index":-1}"#, #""index" must be a card number"#),
        (#"{"cmd":"goto","index":1.5}"#, #""index" must be a card number"#), (#"{"cmd":"screenshot"}"#, #""screenshot" needs "path""#),
    ])
    func badRequestsSayWhatIsWrong(line: String, message: String) {
        guard case .failure(let error) = parse(line) else { Issue.record("\(line) parsed"); return }
        #expect(error.message.contains(message), "\(error.message)")
    }

    /// The config refuses a repeated key, so readers that take the first and the last cannot disagree; a request
    /// does too, where the last "cmd" used to win (`status` then `next` ran `next`).
    @Test(arguments: [
        (#"{"cmd":"status","cmd":"next"}"#, #"duplicate key "cmd""#),
        (#"{"cmd":"goto","index":1,"index":2}"#, #"duplicate key "index""#),
        (#"{"cmd":"goto","id":"a","path":"b","id":"c"}"#, #"duplicate key "id""#),
        (#"{"cmd":"next","x":1,"x":1}"#, #"duplicate key "x""#),
        (#"{"cmd":"next","caf\u00e9":1,"cafe\u0301":1}"#, #"duplicate key "café""#),
    ])
    func aRepeatedKeyIsRefused(line: String, message: String) {
        guard case .failure(let error) = parse(line) else { Issue.record("\(line) parsed"); return }
        #expect(error.message == "\(message): each key may appear once", "\(error.message)")
    }

    @Test func keysRepeatedInsideAValueAreNotTheRequestsOwn() throws {
        #expect(try parse(#"{"cmd":"goto","id":"a","extra":{"k":1,"k":2}}"#).get() == .gotoID("a"))
    }

    @Test func anUnknownCommandNameIsShortenedInTheReply() {
        let name = String(repeating: "x", count: 10_000)
        guard case .failure(let error) = parse(#"{"cmd":"\#(name)"}"#) else { Issue.record("parsed"); return }
        #expect(error.message.count < 300)
    }

    @Test func ctlWordsBecomeCommands() throws {
        #expect(try ControlCommand(words: ["goto", "3"]) == .gotoIndex(3))
        #expect(try ControlCommand(words: ["goto", "lobby-3"]) == .gotoID("lobby-3"))
        #expect(try ControlCommand(words: ["screenshot", "a.png"]) == .screenshot(path: "a.png"))
        #expect(try ControlCommand(words: ["status"]) == .status)
        #expect(throws: ControlError.self) { try ControlCommand(words: ["next", "now"]) }
        #expect(throws: ControlError.self) { try ControlCommand(words: ["goto"]) }
        #expect(throws: ControlError.self) { try ControlCommand(words: []) }
    }

    @Test func repliesAreOneLineOfJSON() throws {
        let reply = ControlReply.failure("a \"quoted\"\nline\u{0}")
        #expect(reply.jsonLine == #"{"ok":false,"error":"a \"quoted\"\nline\u0000"}"#)
        #expect(!reply.jsonLine.contains("\n"))
        #expect(try JSONValue.parse(reply.jsonLine)["ok"] == .bool(false))
    }
}
