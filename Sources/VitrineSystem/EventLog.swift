import Glibc
import VitrineCore

/// The `--events` log: one JSON object per line with `"t"` and `"event"`, to a file or standard output.
///
/// Each call writes its lines straight to the file with `write(2)`, unbuffered, so a reader following the file
/// sees every event as it happens.
public final class EventLog {
    private let output: FileDescriptor
    private let ownsOutput: Bool

    /// A log to `path`, created (with permissions 0644) or truncated; `-` is standard output.
    ///
    /// - Throws: ``SystemError`` from `open(2)` when the file cannot be created or written, such as
    ///   `ENOENT` for a missing folder or `EACCES` for a folder that is not writable.
    public init(path: String) throws(SystemError) {
        if path == "-" {
            output = .standardOutput
            ownsOutput = false
        } else {
            output = try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_TRUNC, permissions: 0o644)
            ownsOutput = true
        }
    }

    deinit {
        if ownsOutput { output.close() }
    }

    /// Writes the runtime's event lines (those that are logged).
    public func write(_ events: [TimedKioskEvent]) {
        let lines = events.compactMap(\.jsonLine)
        guard !lines.isEmpty else { return }
        append(lines.joined(separator: "\n") + "\n")
    }

    /// Writes `text`; a failed write (a full disk, a closed pipe) loses those lines and the kiosk goes on.
    private func append(_ text: String) {
        try? output.write(text)
    }
}
