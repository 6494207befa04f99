import Foundation
import Testing
import VitrineTestSupport

/// A reader that goes away never ends the process: SIGPIPE is ignored, and a write to a pipe nobody reads is a
/// failed write like any other (for the event log, one warning, and the command runs on).
@Suite struct BrokenPipeTests {
    /// Runs `vitrine arguments` with its standard output a pipe whose reading end is closed at once (as
    /// `vitrine … | head -n 0` would); how it ended (`.exit` or `.uncaughtSignal`, and the number) and its standard
    /// error. Killed after `timeout` seconds.
    static func runWithClosedOutput(_ arguments: [String], in folder: TemporaryFolder,
                                    timeout: Double = 30) throws -> (reason: Process.TerminationReason, status: Int32, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: VitrineProcess.executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: VitrineProcess.root)
        process.environment = ProcessInfo.processInfo.environment.merging(VitrineProcess.noDisplay) { $1 }
        let out = Pipe()
        process.standardOutput = out
        let errorLog = folder.file("stderr.txt")
        _ = FileManager.default.createFile(atPath: errorLog, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorLog))
        try process.run()
        try out.fileHandleForReading.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let err = (try? String(contentsOfFile: errorLog, encoding: .utf8)) ?? ""
        return (process.terminationReason, process.terminationStatus, err)
    }

    @Test func anEventLogToAPipeWithNoReaderIsOneWarningAndTheReplayRunsOn() throws {
        // `vitrine run --events - | head -n 3` exited 141 (SIGPIPE) with no message once head had its lines.
        try withTemporaryFolder { folder in
            let script = try folder.write("script.jsonl", (1...4).map { #"{"at":\#($0),"control":{"cmd":"next"}}"# }.joined(separator: "\n") + "\n")
            let ended = try Self.runWithClosedOutput(["replay", "--script", script, "--size", "300x200", "--events", "-"], in: folder)
            #expect(ended.reason == .exit && ended.status == 0, "ended by \(ended.reason) \(ended.status): \(ended.err)")
            let result = ProcessResult(code: ended.status, out: "", err: ended.err, timedOut: false)
            #expect(result.messages("warning") == ["the event log - cannot be written (Broken pipe): events are lost until it can be"],
                    "\(ended.err)")
        }
    }
}
