import Foundation
import Testing
import VitrineTestSupport

/// `vitrine check --at` and `vitrine replay --start` as processes, on a deck with durations and schedules.
@Suite struct ScheduleCommandTests {
    /// The replay's wall-clock start: a Friday, two minutes before the weekday card closes.
    static let start = "2026-12-04T17:58"
    /// Seconds from 1970 of a local time written `YYYY-MM-DDTHH:MM` (as UTC: the core reasons in local time alone).
    static func epoch(_ text: String) -> Double {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        return formatter.date(from: text)!.timeIntervalSince1970
    }

    /// Card 0 always (40 s), 1 on Friday nights (`fri 22:00-02:00`), 2 on weekdays 09:00-18:00 (20 s), 3 from
    /// 01:00 to 01:30 on Saturday; attract mode every 30 s.
    func deck(_ folder: TemporaryFolder) throws -> String {
        let image = Checkout.demoImage("ember-mesa")
        return try folder.write("deck.json", """
            {"autoplay": {"interval": 30}, "cards": [
              {"title": "Always", "image": "\(image)", "duration": 40},
              {"title": "Friday night", "image": "\(image)", "hours": "fri 22:00-02:00"},
              {"title": "Weekdays", "image": "\(image)", "hours": ["mon-fri 09:00-18:00"], "duration": 20},
              {"title": "Promotion", "image": "\(image)", "from": "2026-12-05T01:00", "until": "2026-12-05T01:30"}
            ]}
            """)
    }

    /// The event log of a replay of `deck` from ``start`` until `end` (local time), as lines.
    func replayLines(_ deck: String, until end: String, in folder: TemporaryFolder) throws -> [String] {
        let script = try folder.write("script.jsonl", #"{"at":\#(Self.epoch(end) - Self.epoch(Self.start)),"wait":true}"#)
        let result = try VitrineProcess.run(["replay", "--config", deck, "--script", script, "--size", "300x200",
                                             "--start", Self.start, "--events", "-"], timeout: .seconds(60))
        #expect(result.code == 0, "\(result.err)")
        return result.out.split(separator: "\n").map(String.init)
    }

    /// The event log of a replay of `deck` from ``start`` until `end` (local time), parsed.
    func replay(_ deck: String, until end: String, in folder: TemporaryFolder) throws -> [[String: Any]] {
        try replayLines(deck, until: end, in: folder).map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        }
    }

    /// The cards `check --at` says show at `time`.
    func checkShowing(_ deck: String, at time: String) throws -> [Int] {
        let result = try VitrineProcess.run(["check", "--config", deck, "--at", time], timeout: .seconds(30))
        #expect(result.code == 0, "\(result.out)\(result.err)")
        let lines = result.out.split(separator: "\n").filter { $0.hasPrefix("showing at ") }
        #expect(lines.count == 1, "exactly one line: \(result.out)")
        let list = lines.first.map { String($0.dropFirst("showing at \(time): ".count)) } ?? ""
        return list == "none" ? [] : list.split(separator: ", ").map { Int($0)! }
    }

    @Test func checkAtAgreesWithTheReplayAndEachCardShowsForItsDurationInsideItsWindow() throws {
        try withTemporaryFolder { folder in
            let deck = try deck(folder)
            let events = try replay(deck, until: "2026-12-05T02:10", in: folder)
            let showing = events.filter { $0["event"] as? String == "showing" }
                .map { (t: $0["t"] as! Double, cards: $0["cards"] as! [Int]) }
            func shownAt(_ t: Double) -> [Int] { showing.last { $0.t <= t }?.cards ?? [] }
            // The moments the deck changes, and one between each.
            let moments = ["2026-12-04T17:59", "2026-12-04T18:00", "2026-12-04T21:59", "2026-12-04T22:00", "2026-12-05T00:30",
                           "2026-12-05T01:00", "2026-12-05T01:15", "2026-12-05T01:30", "2026-12-05T02:00", "2026-12-05T02:05"]
            for moment in moments {
                let t = Self.epoch(moment) - Self.epoch(Self.start)
                #expect(try checkShowing(deck, at: moment) == shownAt(t), "at \(moment)")
            }
            #expect(showing.map(\.cards) == [[0, 2], [0], [0, 1], [0, 1, 3], [0, 1], [0]])

            // Only inside its window, and for exactly its duration while the showing cards stay the same.
            let durations = [40.0, 30, 20, 30]
            let changes = events.filter { $0["event"] as? String == "pageChanged" && $0["reason"] == nil }
                .map { (t: $0["t"] as! Double, page: $0["page"] as! Int) }
            #expect(changes.count > 100)
            for change in changes { #expect(shownAt(change.t).contains(change.page), "card \(change.page) at \(change.t)") }
            var timed = 0
            for (a, b) in zip(changes, changes.dropFirst()) where !showing.contains(where: { $0.t > a.t - 1 && $0.t <= b.t }) {
                #expect(abs((b.t - a.t) - durations[a.page]) < 0.0015, "card \(a.page) from \(a.t) to \(b.t)")
                timed += 1
            }
            #expect(timed > 100)
        }
    }

    @Test func theReplayLogsWhatShowsFromItsStart() throws {
        try withTemporaryFolder { folder in
            let deck = try deck(folder)
            let lines = try replayLines(deck, until: "2026-12-04T18:01", in: folder)
            #expect(lines == [
                #"{"t":0.000,"event":"pageChanged","page":0,"from":null,"reason":"start"}"#,
                #"{"t":0.000,"event":"showing","cards":[0,2]}"#,
                #"{"t":40.000,"event":"transitionStarted","from":0,"to":2}"#,
                #"{"t":40.325,"event":"transitionFinished","from":0,"to":2,"completed":true}"#,
                #"{"t":40.325,"event":"pageChanged","page":2}"#,
                #"{"t":60.000,"event":"transitionStarted","from":2,"to":0}"#,
                #"{"t":60.325,"event":"transitionFinished","from":2,"to":0,"completed":true}"#,
                #"{"t":60.325,"event":"pageChanged","page":0}"#,
                #"{"t":100.000,"event":"transitionStarted","from":0,"to":2}"#,
                #"{"t":100.325,"event":"transitionFinished","from":0,"to":2,"completed":true}"#,
                #"{"t":100.325,"event":"pageChanged","page":2}"#,
                // 18:00: card 2 closes while it is on screen, and the kiosk moves on to card 0 at once.
                #"{"t":120.000,"event":"showing","cards":[0]}"#,
                #"{"t":120.000,"event":"transitionStarted","from":2,"to":0}"#,
                #"{"t":120.325,"event":"transitionFinished","from":2,"to":0,"completed":true}"#,
                #"{"t":120.325,"event":"pageChanged","page":0}"#,
            ], "\(lines)")
        }
    }

    @Test func badTimesAreOneLineUsageErrors() throws {
        try withTemporaryFolder { folder in
            let deck = try deck(folder)
            let check = try VitrineProcess.run(["check", "--config", deck, "--at", "2026-12-24T25:00"], timeout: .seconds(30))
            #expect(check.code == 64)
            #expect(check.err.split(separator: "\n").first?.contains("--at takes a local date and time such as 2026-12-24T10:00") == true, "\(check.err)")
            let script = try folder.write("script.jsonl", #"{"at":1,"wait":true}"#)
            let replay = try VitrineProcess.run(["replay", "--config", deck, "--script", script, "--start", "tomorrow"], timeout: .seconds(30))
            #expect(replay.code == 64)
            #expect(replay.err.contains("--start takes a local date and time such as 2026-12-24T10:00 (YYYY-MM-DD, YYYY-MM-DDTHH:MM or YYYY-MM-DDTHH:MM:SS, a real date); got 'tomorrow'"), "\(replay.err)")
        }
    }

    /// The `showing` lines of a replay of a deck of an always card and one for `sun 02:00-03:00`, from `start` for
    /// `hours` hours, with the process's zone `TZ=Europe/Berlin`.
    func berlinShowing(from start: String, hours: Double, in folder: TemporaryFolder) throws -> [String] {
        let image = Checkout.demoImage("ember-mesa")
        let deck = try folder.write("dst.json", """
            {"cards": [{"title": "Always", "image": "\(image)"}, {"title": "Night", "image": "\(image)", "hours": "sun 02:00-03:00"}]}
            """)
        let script = try folder.write("dst.jsonl", #"{"at":\#(hours * 3_600),"wait":true}"#)
        var environment = VitrineProcess.noDisplay
        environment["TZ"] = "Europe/Berlin"
        let result = try VitrineProcess.run(["replay", "--config", deck, "--script", script, "--size", "300x200",
                                             "--start", start, "--events", "-"], environment: environment, timeout: .seconds(60))
        #expect(result.code == 0, "\(result.err)")
        return result.out.split(separator: "\n").map(String.init).filter { $0.contains("showing") }
    }

    @Test func aReplayFollowsTheZonesDaylightSavingChanges() throws {
        try withTemporaryFolder { folder in
            // Spring forward: 02:00 CET becomes 03:00 CEST, so the night card's hour does not exist.
            let spring = try berlinShowing(from: "2026-03-29T00:00", hours: 4, in: folder)
            #expect(spring == [#"{"t":0.000,"event":"showing","cards":[0]}"#])
            // Fall back: 03:00 CEST becomes 02:00 CET, so its hour comes twice: two real hours.
            let fall = try berlinShowing(from: "2026-10-25T00:00", hours: 5, in: folder)
            #expect(fall == [
                #"{"t":0.000,"event":"showing","cards":[0]}"#,
                #"{"t":7200.000,"event":"showing","cards":[0,1]}"#,
                #"{"t":14400.000,"event":"showing","cards":[0]}"#,
            ])
        }
    }
}
