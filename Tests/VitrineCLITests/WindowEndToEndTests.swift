import Foundation
import Testing
import VitrineCore

/// `vitrine run` in a real X server (Xvfb), driven by xdotool as a person would: drag, keys, dot clicks, Escape.
@Suite(.serialized) struct WindowEndToEndTests {
    /// A started process, ended when the test is done with it.
    final class Child {
        let process = Process()
        /// Where the process's standard error goes, for failure messages.
        let errorLog = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-e2e-\(UUID().uuidString).err")

        init(_ path: String, _ arguments: [String], environment: [String: String] = [:], standardOutput: Any? = nil) throws {
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: VitrineProcess.root)
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardOutput = standardOutput ?? FileHandle.nullDevice
            _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errorLog)
            // Test-runner threads block SIGTERM and SIGINT, and a spawned child inherits the mask: unblock them here
            // so the child can be asked to quit (and Xvfb removes its lock file on the way out).
            var signals = sigset_t()
            sigemptyset(&signals)
            for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&signals, signal) }
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
            try process.run()
        }

        /// What the process wrote to standard error so far.
        var errors: String { (try? String(contentsOf: errorLog, encoding: .utf8)) ?? "" }

        deinit {
            if process.isRunning {
                process.terminate()
                if wait(seconds: 3) == nil { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
            }
            try? FileManager.default.removeItem(at: errorLog)
        }

        /// Waits up to `seconds` for the process to end; its exit code, or nil if it is still running.
        func wait(seconds: Double) -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            return process.isRunning ? nil : process.terminationStatus
        }
    }

    /// The absolute path of a tool on PATH, or nil.
    static func which(_ tool: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs xdotool with `arguments` on `display` and returns what it printed.
    @discardableResult
    static func xdotool(_ arguments: [String], display: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: which("xdotool")!)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Waits until `condition` holds or `seconds` pass; whether it held.
    static func eventually(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(50_000)
        }
        return try condition()
    }

    @Test func dragKeysAndDotsPageTheDeckAndEscapeQuits() throws {
        guard let xvfb = Self.which("Xvfb"), Self.which("xdotool") != nil else {
            Issue.record("Xvfb and xdotool are needed (apt-get install xvfb xdotool; make test installs them)")
            return
        }
        // Xvfb picks a free display itself and writes its number to the pipe once it accepts connections.
        let ready = Pipe()
        let server = try Child(xvfb, ["-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"], standardOutput: ready)
        let number = String(decoding: ready.fileHandleForReading.availableData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(Int(number) != nil, "Xvfb did not start: \(server.errors)")
        let display = ":\(number)"

        let log = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-e2e-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let app = try Child(VitrineProcess.executable, ["run", "--windowed", "900x600", "--events", log],
                            environment: ["DISPLAY": display, "SDL_VIDEODRIVER": "x11"])
        var window = ""
        #expect(try Self.eventually(10) {
            window = try Self.xdotool(["search", "--name", "^Vitrine$"], display: display).split(separator: "\n").first.map(String.init) ?? ""
            return !window.isEmpty
        }, "no Vitrine window appeared: \(app.errors)")
        let geometry = try Self.xdotool(["getwindowgeometry", "--shell", window], display: display)
        let values = Dictionary(uniqueKeysWithValues: geometry.split(separator: "\n").compactMap { line -> (String, Int)? in
            let parts = line.split(separator: "=")
            return parts.count == 2 ? (String(parts[0]), Int(parts[1]) ?? 0) : nil
        })
        let (x0, y0) = (values["X"] ?? 0, values["Y"] ?? 0)
        usleep(300_000)  // Let the first frame show.

        func events() -> [String] {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        func pageChanges() -> [String] { events().filter { $0.contains("pageChanged") } }

        // A drag from 80 % to 20 % of the width: more than half a page, so it commits to card 1.
        var drag = ["mousemove", "\(x0 + 720)", "\(y0 + 300)", "mousedown", "1"]
        for step in 1...12 { drag += ["mousemove", "\(x0 + 720 - step * 45)", "\(y0 + 300)", "sleep", "0.02"] }
        drag += ["mouseup", "1"]
        try Self.xdotool(drag, display: display)
        #expect(Self.eventually(5) { pageChanges().count == 1 }, "drag did not page: \(events())")
        #expect(pageChanges().last?.contains(#""page":1"#) == true)
        #expect(events().first?.contains(#""event":"dragBegan","page":0"#) == true)

        // Two rapid presses of → land two cards on with one transition.
        try Self.xdotool(["mousemove", "\(x0 + 450)", "\(y0 + 100)", "key", "Right", "key", "Right"], display: display)
        #expect(Self.eventually(5) { pageChanges().count == 2 }, "keys did not page: \(events())")
        #expect(pageChanges().last?.contains(#""page":3"#) == true)

        // A click on the sixth dot jumps to card 5.
        let stage = StageLayout(windowPixels: PixelSize(width: 900, height: 600), fit: .contain)
        let dot = stage.pageControl(pageCount: 10, currentPage: 3).dots[5].center
        try Self.xdotool(["mousemove", "\(x0 + Int(dot.x))", "\(y0 + Int(dot.y))", "click", "1"], display: display)
        #expect(Self.eventually(5) { pageChanges().count == 3 }, "dot click did not page: \(events())")
        #expect(pageChanges().last?.contains(#""page":5"#) == true)

        // Every transition that started finished, and each completed one changed the page once.
        #expect(events().filter { $0.contains("transitionStarted") }.count == events().filter { $0.contains("transitionFinished") }.count)

        try Self.xdotool(["key", "Escape"], display: display)
        #expect(app.wait(seconds: 5) == 0, "Escape did not quit cleanly: \(app.errors)")
        withExtendedLifetime(server) {}
    }
}
