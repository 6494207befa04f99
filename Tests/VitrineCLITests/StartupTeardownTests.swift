import Foundation
import Testing
import VitrineTestSupport

/// `run` stopping part way through start-up: the exit code and the one message as before, and the way out closes
/// what start-up had opened, last opened first (the start-up timeline's "closed:" marks, at debug).
@Suite struct StartupTeardownTests {
    /// What the run's timeline says it closed, in order.
    static func closed(_ result: ProcessResult) -> [String] {
        result.messages("debug").compactMap { line in
            line.firstRange(of: "start-up: closed: ").map { String(line[$0.upperBound...].split(separator: " at ")[0]) }
        }
    }

    @Test func aBadConfigJoinsTheFirstCardThenStopsTheSignalWatch() throws {
        try withTemporaryFolder { folder in
            let config = folder.file("kiosk.json")
            try #"{"cards": [{"title": "A", "image": "a.jpg", "colour": 1}], "display": {"fullscreen": 3}}"#
                .write(toFile: config, atomically: true, encoding: .utf8)
            let result = try VitrineProcess.run(["--log-level", "debug", "run", "--config", config, "--windowed", "300x200"],
                                                timeout: .seconds(10))
            #expect(!result.timedOut)
            #expect(result.code == 65, "stderr: \(result.err)")
            #expect(result.messages("error").contains { $0.contains("fullscreen") }, "stderr: \(result.err)")
            #expect(Self.closed(result) == ["first-card thread", "start-up signal watch"], "stderr: \(result.err)")
        }
    }

    @Test func anEventLogThatCannotBeWrittenClosesTheFontsBeforeSDL() throws {
        let path = "/nonexistent-vitrine-folder/events.jsonl"
        let result = try VitrineProcess.run(["--log-level", "debug", "run", "--windowed", "300x200", "--events", path],
                                            timeout: .seconds(10))
        #expect(!result.timedOut)
        #expect(result.code == 73, "stderr: \(result.err)")
        #expect(result.messages("error").count == 1 && result.messages("error").first?.hasPrefix("cannot write the event log \(path): ") == true,
                "stderr: \(result.err)")
        #expect(Self.closed(result) == ["first-card thread", "font faces", "SDL", "start-up signal watch"], "stderr: \(result.err)")
    }
}
