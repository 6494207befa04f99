import Foundation

/// What one run of `vitrine` did.
public struct ProcessResult: Sendable {
    /// The exit status (meaningless when `timedOut`).
    public var code: Int32
    /// Everything written to standard output.
    public var out: String
    /// Everything written to standard error.
    public var err: String
    /// Whether the process was still running at the deadline and had to be killed.
    public var timedOut: Bool

    /// A result made of its parts, for a test that ran the process its own way.
    public init(code: Int32, out: String, err: String, timedOut: Bool) {
        self.code = code
        self.out = out
        self.err = err
        self.timedOut = timedOut
    }
    /// Standard error's lines that `vitrine` itself wrote at `level` ("error" or "warning"), without the prefix.
    public func messages(_ level: String) -> [String] {
        // Lines look like "2026-11-30T03:50:12.345Z vitrine: error: …": the time, then the program and level.
        let marker = " vitrine: \(level): "
        return err.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: marker), !line[..<range.lowerBound].contains(" ") else { return nil }
            return String(line[range.upperBound...])
        }
    }
}

extension VitrineProcess {
    /// An environment with no way to reach a screen: no X11, no Wayland, no driver asked for.
    public static let noDisplay = ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""]

    /// The first line of the top-level usage text, which every usage error repeats on standard error.
    public static let usageFirstLine = "usage: vitrine [run] [--config PATH] [--windowed WxH | --fullscreen | --kiosk]"

    /// Runs `vitrine arguments` in the checkout's root, reading both pipes at once, and kills it with SIGKILL
    /// if it is still running after `timeout` (SDL turns SIGTERM into a quit event a hung loop would never see).
    /// Its standard input is the file `input` when given.
    public static func run(_ arguments: [String], environment: [String: String] = noDisplay, input: String? = nil,
                    timeout: Duration) throws -> ProcessResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let input { process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input)) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()

        let outText = Collected(), errText = Collected()
        let readers = DispatchGroup()
        let outHandle = out.fileHandleForReading, errHandle = err.fileHandleForReading
        DispatchQueue.global().async(group: readers) { outText.set(outHandle.readDataToEndOfFile()) }
        DispatchQueue.global().async(group: readers) { errText.set(errHandle.readDataToEndOfFile()) }

        let (seconds, attoseconds) = timeout.components
        let deadline = DispatchTime.now() + Double(seconds) + Double(attoseconds) / 1e18
        var timedOut = false
        if finished.wait(timeout: deadline) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
        }
        _ = readers.wait(timeout: .now() + 5)
        return ProcessResult(code: process.terminationStatus, out: outText.text, err: errText.text, timedOut: timedOut)
    }
}

/// Bytes read on another thread.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func set(_ data: Data) { lock.withLock { self.data = data } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
