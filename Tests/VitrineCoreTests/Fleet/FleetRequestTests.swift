import Testing
@testable import VitrineCore

/// What the `cmd` topic takes, and what it refuses.
@Suite struct FleetRequestTests {
    func parse(_ text: String) -> FleetRequest { FleetRequest.parse(Array(text.utf8)) }

    @Test func commandsAreTheControlSocketsWithAReplyID() {
        #expect(parse(#"{"cmd":"next"}"#) == .command(.next, reply: nil))
        #expect(parse(#"{"cmd":"goto","index":3,"reply":"r1"}"#) == .command(.gotoIndex(3), reply: #""r1""#))
        #expect(parse(#"{"reply":42,"cmd":"status"}"#) == .command(.status, reply: "42"))
        #expect(FleetRequest.replyText(ControlReply(ok: true), reply: #""r1""#) == #"{"ok":true,"reply":"r1"}"#)
        #expect(FleetRequest.replyText(.failure("no"), reply: nil) == #"{"ok":false,"error":"no"}"#)
    }

    @Test func badMessagesAreRefusedInOneLine() {
        #expect(parse(#"{"cmd":"explode","reply":"x"}"#) == .refused(#"unknown command "explode"; the commands are next, previous, goto, pause, resume, reload, status, screenshot, wake, detail, speak"#, reply: #""x""#))
        #expect(parse("") == .refused(#"the message is empty: a command is a JSON object such as {"cmd":"next"}"#, reply: nil))
        guard case .refused(let reason, nil) = parse("{{{") else { Issue.record("not refused"); return }
        #expect(reason.hasPrefix("malformed JSON at column 2"))
        #expect(FleetRequest.parse([0xFF, 0xFE, 0x00]) == .refused(#"the message is not UTF-8 text: a command is a JSON object such as {"cmd":"next"}"#, reply: nil))
        #expect(FleetRequest.parse([UInt8](repeating: 0x20, count: 8193)) == .refused("the message is 8193 bytes, over the limit of 8192", reply: nil))
        #expect(parse(#"{"cmd":"next","reply":{}}"#) == .refused(#""reply" must be a string of at most 256 bytes or a whole number"#, reply: nil))
        #expect(parse("[1,2]") == .refused("a request is a JSON object, found an array", reply: nil))
    }

    @Test func warningsAreRateLimitedWithACount() {
        var limiter = WarningLimiter(interval: 10)
        #expect(limiter.line("bad", at: 0) == "bad")
        #expect((1...999).compactMap { limiter.line("bad", at: Double($0) / 1000) }.isEmpty)
        #expect(limiter.line("bad", at: 10.5) == "bad (and 999 more like it in the last 10 s)")
        #expect(limiter.line("bad", at: 30) == "bad")
    }
}

extension FleetRequestTests {
    @Test func anOversizedMessageIsRefusedFromItsSize() {
        let big = [UInt8](repeating: 0xFF, count: 100_000)
        #expect(big.withUnsafeBytes { FleetRequest.parse($0) } == .refused("the message is 100000 bytes, over the limit of 8192", reply: nil))
        #expect(Array(#"{"cmd":"wake"}"#.utf8).withUnsafeBytes { FleetRequest.parse($0) } == .command(.wake, reply: nil))
    }
}
