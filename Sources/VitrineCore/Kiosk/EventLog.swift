import Foundation

/// The `--events` log: one JSON object per line with `"t"` and `"event"`, to a file or standard output.
public final class EventLog {
    private let handle: FileHandle
    private let ownsHandle: Bool

    /// A log to `path`, created or truncated; `-` is standard output.
    public init(path: String) throws {
        if path == "-" {
            handle = .standardOutput
            ownsHandle = false
        } else {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
            handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            ownsHandle = true
        }
    }

    deinit {
        if ownsHandle { try? handle.close() }
    }

    /// Writes the pager's events that belong in the log (taps do not), stamped `t` seconds.
    public func write(_ events: [PagerEvent], t: Double) {
        let lines = events.compactMap { $0.jsonLine(t: t) }
        guard !lines.isEmpty else { return }
        handle.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
