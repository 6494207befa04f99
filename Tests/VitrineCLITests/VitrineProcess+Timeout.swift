import Foundation
import Testing

/// What one run of `vitrine` did.
struct ProcessResult: Sendable {
    /// The exit status (meaningless when `timedOut`).
    var code: Int32
    /// Everything written to standard output.
    var out: String
    /// Everything written to standard error.
    var err: String
    /// Whether the process was still running at the deadline and had to be killed.
    var timedOut: Bool
    /// Standard error's lines that `vitrine` itself wrote at `level` ("error" or "warning"), without the prefix.
    func messages(_ level: String) -> [String] {
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
    static let noDisplay = ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""]

    /// The first line of the top-level usage text, which every usage error repeats on standard error.
    static let usageFirstLine = "usage: vitrine [run] [--config PATH] [--windowed WxH | --fullscreen | --kiosk]"

    /// Runs `vitrine arguments` in the checkout's root, reading both pipes at once, and kills it with SIGKILL
    /// if it is still running after `timeout` (SDL turns SIGTERM into a quit event a hung loop would never see).
    /// Its standard input is the file `input` when given.
    static func run(_ arguments: [String], environment: [String: String] = noDisplay, input: String? = nil,
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

/// A fresh folder under the system's temporary directory, removed when `body` returns.
func withTemporaryFolder<T>(_ body: (TemporaryFolder) throws -> T) throws -> T {
    let folder = TemporaryFolder(path: FileManager.default.temporaryDirectory
        .appendingPathComponent("vitrine-cli-tests-\(UUID().uuidString)").path)
    try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder.path) }
    return try body(folder)
}

/// A temporary folder's path, with helpers to name and write files in it.
struct TemporaryFolder {
    let path: String
    /// The path of `name` inside the folder.
    func file(_ name: String) -> String { path + "/" + name }
    /// Writes `text` to `name` and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        let file = file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }
}

/// Paths into the checkout, for configs written elsewhere.
enum Checkout {
    /// An absolute path to one of the demo images.
    static func demoImage(_ name: String) -> String { "\(VitrineProcess.root)/Assets/Demo/\(name).jpg" }
}
