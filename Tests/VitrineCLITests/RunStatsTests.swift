import Foundation
import Testing
import VitrineTestSupport

/// `vitrine run --stats` in Xvfb: a statistics line on SIGUSR1 and on exit.
@Suite(.serialized) struct RunStatsTests {
    /// The statistics lines in `log`, without the time and level.
    static func statsLines(_ log: String) -> [String] {
        log.split(separator: "\n").compactMap { line in line.range(of: "info: stats: ").map { String(line[$0.upperBound...]) } }
    }

    @Test func statsAreLoggedOnUser1AndOnExit() throws {
        let x = try XvfbSession()
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-stats-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let app = try x.launchVitrine(["run", "--windowed", "300x200", "--stats", "--events", log])
        _ = try x.windowOrigin(of: app)
        kill(app.process.processIdentifier, SIGUSR1)
        #expect(XvfbSession.eventually(5) { Self.statsLines(app.errors).count == 1 }, "no statistics on SIGUSR1: \(app.errors)")
        kill(app.process.processIdentifier, SIGHUP)  // A reload draws the screen again: one more frame at least.
        #expect(XvfbSession.eventually(5) { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("deckReloaded") })
        app.process.terminate()
        #expect(app.wait(seconds: 5) == 0, "\(app.errors)")
        let lines = Self.statsLines(app.errors)
        #expect(lines.count == 2, "\(app.errors)")
        for line in lines {
            let pattern = #/^(\d+) frames drawn, frame time p50 [\d.]+ ms p99 [\d.]+ ms, \d+ over the 16\.7 ms budget \(\d+ after the first second; longest frame after it (?:[\d.]+ ms|none)\), first frame [\d.]+ s after process start, peak RSS [\d.]+ MiB$/#
            #expect(line.wholeMatch(of: pattern) != nil, "\(line)")
        }
        let counts = lines.compactMap { $0.prefixMatch(of: #/\d+/#).flatMap { Int($0.output) } }
        #expect(counts.count == 2 && counts[0] >= 1 && counts[1] > counts[0], "the transition drew more frames: \(lines)")
    }

    /// Without `--events`, input still pages the deck (it once did not: the event log's optional chaining skipped
    /// the session's input handling along with the write). A page transition draws many frames; sitting still
    /// draws a handful.
    @Test func keysPageTheDeckWithoutAnEventLog() throws {
        let x = try XvfbSession()
        let app = try x.launchVitrine(["run", "--windowed", "300x200", "--stats"])
        let (x0, y0) = try x.windowOrigin(of: app)
        kill(app.process.processIdentifier, SIGUSR1)
        #expect(XvfbSession.eventually(5) { Self.statsLines(app.errors).count == 1 }, "no statistics on SIGUSR1: \(app.errors)")
        _ = try x.xdotool(["mousemove", "\(x0 + 150)", "\(y0 + 100)", "key", "Right"])
        // Without an event log, the frames themselves tell the move: wait until they stop growing (0.32 s of move).
        var drawn = 0
        _ = XvfbSession.eventually(5) {
            kill(app.process.processIdentifier, SIGUSR1)
            _ = XvfbSession.eventually(1) { Self.statsLines(app.errors).count > 1 + drawn }
            let counts = Self.statsLines(app.errors).compactMap { $0.prefixMatch(of: #/\d+/#).flatMap { Int($0.output) } }
            drawn = counts.count - 1
            return counts.count >= 3 && counts[counts.count - 1] == counts[counts.count - 2] && counts.last! >= counts[0] + 10
        }
        app.process.terminate()
        #expect(app.wait(seconds: 5) == 0, "\(app.errors)")
        let counts = Self.statsLines(app.errors).compactMap { $0.prefixMatch(of: #/\d+/#).flatMap { Int($0.output) } }
        #expect(counts.count >= 3, "\(app.errors)")
        if let first = counts.first, let last = counts.last {
            #expect(last - first >= 10, "the key paged nothing: \(first) frames before it, \(last) after")
        }
        // The slide's frames are counted on their own too: a line of their own, once cards moved.
        let moved = app.errors.split(separator: "\n").compactMap { line in
            line.firstMatch(of: #/info: transition stats: (\d+) frames drawn, frame time p50 [\d.]+ ms p99 [\d.]+ ms, \d+ over the 16\.7 ms budget while cards moved$/#)
                .flatMap { Int($0.output.1) }
        }
        #expect(moved.last.map { $0 >= 10 } ?? false, "no transition stats for the slide: \(app.errors)")
    }

    @Test func statsIsASwitchInTheHelp() throws {
        let result = try VitrineProcess.run(["run", "--help"], timeout: .seconds(10))
        #expect(result.code == 0)
        #expect(result.out.contains("--stats"))
    }
}
