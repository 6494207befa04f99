import Glibc
import Synchronization
import Testing
import VitrineCore
import VitrineSystem

/// The power hooks' process runner with real processes: output logged line by line and bounded, the timeout
/// stopping a whole process group, and each kind of failure reported once until the hook works again.
@Suite struct HookRunnerTests {
    /// A runner whose lines are kept, with their levels.
    final class Lines: Sendable {
        let lines = Mutex<[(LogLevel, String)]>([])
        var all: [(LogLevel, String)] { lines.withLock { $0 } }
        func runner() -> HookRunner { HookRunner { level, line in self.lines.withLock { $0.append((level, line)) } } }
    }

    /// `line` with the seconds a run took taken out ("after 0.4 s" reads "after N s"), which depend on the load.
    static func timeless(_ line: String) -> String {
        let words = line.split(separator: " ", omittingEmptySubsequences: false)
        guard let at = words.firstIndex(of: "after"), at + 1 < words.count, Double(words[at + 1]) != nil else { return line }
        var result = words
        result[at + 1] = "N"
        return result.joined(separator: " ")
    }

    static func hook(_ command: [String], timeout: Double = 5, kind: PowerHookKind = .onSleep) -> PowerHookRun {
        PowerHookRun(kind: kind, command: command, timeout: timeout)
    }

    @Test func outputIsLoggedLineByLineAndASuccessSaysSo() {
        let lines = Lines()
        let outcome = lines.runner().runNow(Self.hook(["sh", "-c", "echo standby sent; echo to tv 0 >&2; printf last"]))
        #expect(outcome == .succeeded)
        let texts = lines.all.map(\.1)
        #expect(Array(texts.prefix(3)) == ["onSleep: sh: standby sent", "onSleep: sh: to tv 0", "onSleep: sh: last"])
        #expect(texts.count == 4 && texts[3].hasPrefix("onSleep: sh finished in "), "\(texts)")
        #expect(lines.all.allSatisfy { $0.0 == .info })
    }

    @Test func standardInputIsDevNull() {
        let lines = Lines()
        #expect(lines.runner().runNow(Self.hook(["sh", "-c", "cat; echo done"])) == .succeeded)
        #expect(lines.all.first?.1 == "onSleep: sh: done")
    }

    @Test func outputIsBounded() {
        let lines = Lines()
        let outcome = lines.runner().runNow(Self.hook(["sh", "-c", "i=0; while [ $i -lt 5000 ]; do echo line $i; i=$((i+1)); done; head -c 100000 /dev/zero | tr '\\0' x"]))
        #expect(outcome == .succeeded)
        let texts = lines.all.map(\.1)
        #expect(texts.count == HookProcess.outputLines + 2, "\(texts.count)")
        #expect(texts[HookProcess.outputLines] == "onSleep: sh: (4981 more lines of output not logged)")
    }

    @Test func aLongLineIsCut() {
        let lines = Lines()
        #expect(lines.runner().runNow(Self.hook(["sh", "-c", "head -c 5000 /dev/zero | tr '\\0' y; echo; echo after"])) == .succeeded)
        let texts = lines.all.map(\.1)
        #expect(texts.first == "onSleep: sh: " + String(repeating: "y", count: HookProcess.lineBytes))
        #expect(texts.dropFirst().first == "onSleep: sh: after")
    }

    @Test func aHungCommandAndItsChildrenAreStoppedAtTheTimeout() throws {
        let folder = try TemporaryFolder(prefix: "vitrine-hook")
        defer { folder.remove() }
        let pidFile = folder.path + "/child.pid"
        let lines = Lines()
        let start = MonotonicClock.seconds
        // The shell waits for a child of its own: both must go.
        let outcome = lines.runner().runNow(Self.hook(["sh", "-c", "sleep 100 & echo $! > \(pidFile); echo waiting; wait"], timeout: 0.5))
        let took = MonotonicClock.seconds - start
        #expect(outcome == .timedOut)
        #expect(took >= 0.5 && took < 0.5 + HookProcess.killGrace, "took \(took) s")
        let child = pid_t(try #require(Int32(String(decoding: FileDescriptor.readFile(atPath: pidFile), as: UTF8.self)
            .filter { !$0.isWhitespace })))
        // The sleep was the shell's child, so it is reparented and reaped by init; wait for it to be gone.
        let deadline = MonotonicClock.seconds + 5
        while kill(child, 0) == 0, MonotonicClock.seconds < deadline { poll(nil, 0, 10) }
        #expect(kill(child, 0) != 0, "the hook's child \(child) still runs")
        #expect(lines.all.map(\.1) == ["onSleep: sh: waiting", "onSleep: sh was still running after 0.5 s (display.hookTimeout) and was stopped"])
        #expect(lines.all.last?.0 == .warning)
    }

    @Test func aCommandThatIgnoresSIGTERMIsKilled() {
        let lines = Lines()
        let start = MonotonicClock.seconds
        let outcome = lines.runner().runNow(Self.hook(["sh", "-c", "trap '' TERM; echo stubborn; while :; do sleep 0.05; done"], timeout: 0.2))
        #expect(outcome == .timedOut)
        let took = MonotonicClock.seconds - start
        #expect(took >= 0.2 + HookProcess.killGrace && took < 0.2 + HookProcess.killGrace + 2, "took \(took) s")
    }

    @Test func failuresAreReportedOncePerKindUntilASuccess() {
        let lines = Lines()
        let runner = lines.runner()
        let missing = Self.hook(["/nonexistent/cec-ctl", "--standby"])
        #expect(runner.runNow(missing) == .notFound)
        #expect(runner.runNow(missing) == .notFound)
        #expect(runner.runNow(Self.hook(["sh", "-c", "exit 3"])) == .exited(3))
        #expect(runner.runNow(Self.hook(["sh", "-c", "exit 4"])) == .exited(4))
        #expect(runner.runNow(Self.hook(["sh", "-c", "kill -KILL $$"])) == .killed(signal: SIGKILL))
        // The other hook keeps its own record.
        #expect(runner.runNow(Self.hook(["sh", "-c", "exit 3"], kind: .onWake)) == .exited(3))
        #expect(runner.runNow(Self.hook(["true"])) == .succeeded)
        #expect(runner.runNow(Self.hook(["sh", "-c", "exit 3"])) == .exited(3))
        let warnings = lines.all.filter { $0.0 == .warning }.map { Self.timeless($0.1) }
        #expect(warnings == [
            "onSleep: /nonexistent/cec-ctl was not found (install it, or give its full path in display.onSleep)",
            "onSleep: sh exited with status 3 after N s",
            "onSleep: sh was ended by signal 9 after N s",
            "onWake: sh exited with status 3 after N s",
            "onSleep: sh exited with status 3 after N s",
        ])
        #expect(lines.all.filter { $0.0 == .debug }.map { Self.timeless($0.1) } == [
            "onSleep: /nonexistent/cec-ctl was not found (install it, or give its full path in display.onSleep) (again)",
            "onSleep: sh exited with status 4 after N s (again)",
        ])
        #expect(lines.all.contains { $0.1.hasPrefix("onSleep: true finished in ") && $0.1.hasSuffix(", working again") })
    }

    @Test func runReturnsAtOnceAndALaterHookReplacesTheOneWaiting() throws {
        let folder = try TemporaryFolder(prefix: "vitrine-hook")
        defer { folder.remove() }
        let record = folder.path + "/ran"
        let lines = Lines()
        let runner = lines.runner()
        let start = MonotonicClock.seconds
        runner.run(Self.hook(["sh", "-c", "sleep 0.3; echo first >> \(record)"]))
        runner.run(Self.hook(["sh", "-c", "echo second >> \(record)"], kind: .onWake))
        runner.run(Self.hook(["sh", "-c", "echo third >> \(record)"]))
        #expect(MonotonicClock.seconds - start < 0.2, "run waited for the hook")
        runner.waitUntilIdle()
        #expect(String(decoding: try FileDescriptor.readFile(atPath: record), as: UTF8.self) == "first\nthird\n")
    }
}
