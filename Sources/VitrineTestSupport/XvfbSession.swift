import Foundation
import VitrineCore

/// A private X server (Xvfb) for one test, with xdotool to drive windows in it as a person would.
public final class XvfbSession {
    /// A started process, ended when the test is done with it.
    public final class Child {
        /// The process itself.
        public let process = Process()
        /// Where the process's standard error goes, for failure messages.
        public let errorLog = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-e2e-\(UUID().uuidString).err")

        /// Starts the program at `path` with `arguments` in the checkout's root, with `environment` added to this
        /// process's; its standard output goes to `standardOutput` (nowhere when nil), its standard error to ``errorLog``.
        public init(_ path: String, _ arguments: [String], environment: [String: String] = [:], standardOutput: Any? = nil) throws {
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
        public var errors: String { (try? String(contentsOf: errorLog, encoding: .utf8)) ?? "" }

        deinit {
            if process.isRunning {
                process.terminate()
                if wait(seconds: 3) == nil { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
            }
            try? FileManager.default.removeItem(at: errorLog)
        }

        /// Waits up to `seconds` for the process to end; its exit code, or nil if it is still running.
        public func wait(seconds: Double) -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            return process.isRunning ? nil : process.terminationStatus
        }
    }

    /// The absolute path of a tool on PATH, or nil.
    public static func which(_ tool: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs the tool `name` (found on PATH) with `arguments` on this display; its exit status and what it printed.
    public func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: [UInt8]) {
        guard let path = Self.which(name) else { throw XvfbError.missing("\(name) is needed (make test installs it)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, [UInt8](data))
    }

    /// Runs xdotool with `arguments` on this display and returns what it printed; throws when xdotool fails.
    @discardableResult
    public func xdotool(_ arguments: [String]) throws -> String {
        let (status, output) = try run("xdotool", arguments)
        guard status == 0 else {
            throw XvfbError.failed("xdotool \(arguments.joined(separator: " ")) exited \(status)")
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Waits until `condition` holds or `seconds` pass; whether it held.
    public static func eventually(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(50_000)
        }
        return try condition()
    }


    /// The X display, such as ":3".
    public let display: String
    private let server: Child

    /// The Vitrine window's pixels as the X server holds them (`xwd`), opaque RGBA.
    public func grabWindow(of app: Child) throws -> RGBAImage {
        let window = try xdotool(["search", "--name", "^Vitrine$"]).split(separator: "\n").first.map(String.init) ?? ""
        return try XWD.image(run("xwd", ["-silent", "-id", window]).output)
    }

    /// Ends the X server at once, as a crash or a lost connection would.
    public func killServer() {
        kill(server.process.processIdentifier, SIGKILL)
        _ = server.wait(seconds: 5)
    }

    /// Starts Xvfb with a `screen` of that size (`WxH`) on a display it picks itself, with no window manager;
    /// fails the test if Xvfb or xdotool is missing.
    public convenience init(screen: String = "1280x1024", depth: Int = 24) throws {
        guard let xvfb = Self.which("Xvfb") else {
            throw XvfbError.missing("Xvfb and xdotool are needed (apt-get install xvfb xdotool; make test installs them)")
        }
        try self.init(server: xvfb, ["-screen", "0", "\(screen)x\(depth)", "-nolisten", "tcp", "-noreset"])
    }

    /// Starts the X server at `path` with `arguments` on a display it picks itself (`-displayfd`), and waits until it
    /// takes clients; fails the test if xdotool is missing.
    init(server path: String, _ arguments: [String]) throws {
        guard Self.which("xdotool") != nil else {
            throw XvfbError.missing("Xvfb and xdotool are needed (apt-get install xvfb xdotool; make test installs them)")
        }
        // The server writes its display number to the pipe once it accepts connections. `-noreset`: by default an X
        // server resets when its last client leaves, and connections made during the reset fail ("x11 not available").
        let ready = Pipe()
        server = try Child(path, ["-displayfd", "1"] + arguments, standardOutput: ready)
        let number = String(decoding: ready.fileHandleForReading.availableData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard Int(number) != nil else { throw XvfbError.missing("\(path) did not start: \(server.errors)") }
        display = ":\(number)"
        // Make sure the server takes clients before the app connects.
        let display = self.display
        let accepting = Self.eventually(10) {
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: Self.which("xdotool")!)
            probe.arguments = ["getdisplaygeometry"]
            probe.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
            probe.standardOutput = FileHandle.nullDevice
            probe.standardError = FileHandle.nullDevice
            guard (try? probe.run()) != nil else { return false }
            probe.waitUntilExit()
            return probe.terminationStatus == 0
        }
        guard accepting else { throw XvfbError.missing("\(path) on \(display) does not accept connections: \(server.errors)") }
    }

    /// Starts `vitrine arguments` on this display.
    public func launchVitrine(_ arguments: [String], environment: [String: String] = [:]) throws -> Child {
        try Child(VitrineProcess.executable, arguments,
                  environment: ["DISPLAY": display, "SDL_VIDEODRIVER": "x11"].merging(environment) { $1 })
    }

    /// Waits for the Vitrine window and its first frame; the window's top-left corner on the screen.
    public func windowOrigin(of app: Child) throws -> (Int, Int) {
        var window = ""
        // `search` exits 1 while no window matches: that is an answer, not a failure.
        let found = Self.eventually(10) {
            window = (try? xdotool(["search", "--name", "^Vitrine$"]))?.split(separator: "\n").first.map(String.init) ?? ""
            return !window.isEmpty
        }
        guard found else { throw XvfbError.missing("no Vitrine window appeared: \(app.errors)") }
        let geometry = try xdotool(["getwindowgeometry", "--shell", window])
        let values = Dictionary(uniqueKeysWithValues: geometry.split(separator: "\n").compactMap { line -> (String, Int)? in
            let parts = line.split(separator: "=")
            return parts.count == 2 ? (String(parts[0]), Int(parts[1]) ?? 0) : nil
        })
        guard Self.eventually(10, { app.errors.contains("first frame shown") }) else {
            throw XvfbError.failed("the first frame was not shown: \(app.errors)")
        }
        return (values["X"] ?? 0, values["Y"] ?? 0)
    }
}

/// Why an X session could not be set up.
public enum XvfbError: Error, CustomStringConvertible {
    /// A tool is missing or the server did not start.
    case missing(String)
    /// A step of the test failed (a tool's exit status, a window that never showed).
    case failed(String)
    /// The reason, as a sentence.
    public var description: String { switch self { case .missing(let why), .failed(let why): why } }
}
