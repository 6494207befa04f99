import Testing
@testable import VitrineCore

/// Every name and value a message quotes goes through one shortener (``Limits/shortened(_:quoting:)``), so no
/// warning or error line is over 1,000 characters, or holds a raw control character, whatever the input holds.
@Suite struct MessageBoundsTests {
    /// The longest line any message may be.
    static let longestLine = 1_000

    static let longKey = String(repeating: "k", count: 10_000)
    static let longDigits = String(repeating: "1", count: 100_000)
    static let longWord = String(repeating: "x", count: 10_000)

    /// Every line `text` gives as a config: its errors and its warnings.
    func configLines(_ text: String, file: String = "/kiosk/config.json") -> [String] {
        do {
            let (_, warnings) = try KioskConfig.decode(Array(text.utf8), file: file)
            return warnings.map(\.description)
        } catch {
            return (error.diagnostics + error.warnings).map(\.description)
        }
    }

    /// Whether every line is short and has no control character.
    func bounded(_ lines: [String]) -> Bool {
        !lines.isEmpty && lines.allSatisfy { line in
            line.count <= Self.longestLine && !line.unicodeScalars.contains(where: Limits.isControl)
        }
    }

    /// Configs whose problems quote something huge, each as it comes: a number, keys, values, rules.
    static let hostileConfigs: [(String, String)] = [
        ("a number of 100,000 digits", #"{"cards": [], "wrap": \#(longDigits)}"#),
        ("a fraction of 100,000 digits", #"{"cards": [], "wrap": 0.5e\#(longDigits)}"#),
        ("an unknown plain key at the root", #"{"cards": [], "\#(longKey)": 1}"#),
        ("an unknown plain key in display", #"{"cards": [], "display": {"\#(longKey)": 1}}"#),
        ("an unknown plain key in a card", #"{"cards": [{"title": "t", "image": "i.png", "\#(longKey)": 1}]}"#),
        ("an unknown key of accents", #"{"cards": [], "\#(String(repeating: "é", count: 10_000))": 1}"#),
        ("a long key with no value", #"{"\#(longKey)": }"#),
        ("a long key with no colon", #"{"\#(longKey)" 1}"#),
        ("a long non-ASCII key with no colon", #"{"\#(String(repeating: "\u{85}", count: 5_000))" 1}"#),
        ("a C1 control character where a value goes", "{\"cards\": \u{85}}"),
        ("long awake days", #"{"cards": [], "display": {"awake": "\#(longWord) 09:00-10:00"}}"#),
        ("a long awake time range", #"{"cards": [], "display": {"awake": "mon \#(longWord)"}}"#),
        ("long awake rules in an array", #"{"cards": [], "display": {"awake": ["\#(longWord)", "mon \#(longWord)"]}}"#),
        ("an awake rule with no time", #"{"cards": [], "display": {"awake": "mon;\#(longWord)"}}"#),
        ("a long fit", #"{"cards": [], "display": {"fit": "\#(longWord)"}}"#),
        ("a long from", #"{"cards": [{"title": "t", "image": "i.png", "from": "\#(longWord)"}]}"#),
        ("a long color", #"{"cards": [], "display": {"background": "\#(longWord)"}}"#),
        ("a long duplicate", #"{"cards": [], "display": {"fit": "cover", "fit": "\#(longWord)"}}"#),
    ]

    @Test(arguments: hostileConfigs.map(\.0))
    func everyConfigProblemIsOneShortLine(_ name: String) throws {
        let text = try #require(Self.hostileConfigs.first { $0.0 == name }?.1)
        let lines = configLines(text)
        #expect(bounded(lines), "\(name): \(lines.map { String($0.prefix(300)) + " (\($0.count) characters)" })")
    }

    @Test func aHugeNumberIsQuotedShortened() {
        let line = configLines(#"{"cards": [], "wrap": \#(Self.longDigits)}"#).first ?? ""
        #expect(line.contains("the number 1111") && line.contains("…") && line.contains("is too large"), "\(line.prefix(300))")
    }

    @Test func anUnknownKeysPathIsShortenedLikeItsValue() {
        let line = configLines(#"{"cards": [], "display": {"\#(Self.longKey)": 1}}"#).first ?? ""
        let short = Limits.shortened(Self.longKey)
        #expect(line.hasPrefix("/kiosk/config.json: display.\(short): unknown key \"\(short)\" (ignored)"), "\(line.prefix(400))")
    }

    @Test func aLongFileNameIsShortenedToo() {
        let file = "/" + String(repeating: "d/", count: 20_000) + "kiosk.json"
        #expect(bounded(configLines(#"{"cards": [], "\#(Self.longKey)": 1}"#, file: file)))
        #expect(bounded(configLines(#"{"cards": [], "wrap": \#(Self.longDigits)}"#, file: file)))
    }

    @Test func aSidecarsProblemsAreShortLines() {
        for text in [#"{"\#(Self.longKey)": 1}"#, #"{"title": \#(Self.longDigits)}"#, #"{"hours": "\#(Self.longWord)"}"#,
                     #"{"\#(Self.longKey)" 1}"#] {
            let (_, problems) = FolderDeck.parseSidecar(.success(Array(text.utf8)), file: "/deck/beach.json")
            #expect(bounded(problems.map(\.description)), "\(problems.map { String($0.description.prefix(200)) })")
        }
    }

    @Test func aControlRequestsErrorIsOneShortLine() {
        let requests = [
            #"{"cmd": "\#(Self.longWord)"}"#, #"{"cmd": "goto", "index": \#(Self.longDigits)}"#,
            #"{"\#(Self.longKey)": 1}"#, #"{"\#(Self.longKey)" 1}"#, #"{"cmd": "goto", "id": "x", "\#(Self.longKey)" "#,
        ]
        for request in requests {
            do throws(ControlError) {
                _ = try ControlCommand.parse(Array(request.utf8))
                Issue.record("\(request.prefix(100)) was accepted")
            } catch {
                let reply = ControlReply.failure(error.message).jsonLine
                #expect(reply.count <= Self.longestLine, "\(reply.prefix(300)) (\(reply.count) characters)")
            }
        }
    }

    @Test func theControlProtocolShortensWithTheSameFunction() {
        for text in ["short", Self.longWord, "a\nb", String(repeating: "é", count: 300)] {
            #expect(JSONText.shortened(text) == Limits.shortened(text))
        }
    }

    @Test func aRulesProblemQuotesItsTextShortenedAndEscaped() {
        guard case .failure(let problem) = WeeklyHours.parse("mon " + Self.longWord) else {
            Issue.record("accepted")
            return
        }
        #expect(problem.description.count <= Self.longestLine)
        #expect(problem.description == "\(Limits.shortened(Self.longWord, quoting: true)) is not a time range such as 09:00-18:00")
        guard case .failure(let escaped) = WeeklyHours.parse("mon\u{1B}[2J 09:00-10:00") else {
            Issue.record("accepted")
            return
        }
        #expect(escaped.description.hasPrefix(#"unknown days "mon\u001B[2J""#), "\(escaped)")
    }
}
