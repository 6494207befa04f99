import Glibc
import VitrineCore

/// The `--events` log: one JSON object per line with `"t"` and `"event"`, to a file or standard output.
///
/// Each call writes its lines straight to the file with `write(2)`, unbuffered, so a reader following the file
/// sees every event as it happens.
public final class EventLog {
    private let output: FileDescriptor
    private let ownsOutput: Bool
    private let path: String
    /// Whether the last write failed (said once, until a write succeeds again).
    private var isFailing = false

    /// A log to `path`, created (with permissions 0644) or truncated; `-` is standard output.
    ///
    /// A FIFO is opened without waiting for a reader: with none, opening it fails at once (a kiosk waited there
    /// for good, showing nothing), and once open, a reader that falls behind loses lines rather than stopping the
    /// loop.
    ///
    /// - Throws: ``SystemError`` from `open(2)` when the file cannot be created or written, such as
    ///   `ENOENT` for a missing folder or `EACCES` for a folder that is not writable, or a FIFO no process reads.
    public init(path: String) throws(SystemError) {
        self.path = path
        if path == "-" {
            output = .standardOutput
            ownsOutput = false
        } else {
            do throws(SystemError) {
                output = try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK, permissions: 0o644)
            } catch where error.code == ENXIO {
                throw SystemError(operation: error.operation, code: ENXIO, detail: "a FIFO that no process reads")
            }
            ownsOutput = true
        }
    }

    deinit {
        if ownsOutput { output.close() }
    }

    /// Writes the runtime's event lines (those that are logged).
    public func write(_ events: [TimedKioskEvent]) {
        for line in events.compactMap(\.jsonLine) { append(line + "\n") }
    }

    /// Writes one line, whole: a line is far shorter than a pipe's atomic write (4 KiB), so a reader of a FIFO gets
    /// whole lines or none. A failed write (a full disk, a closed pipe, a reader behind) loses the line and the
    /// kiosk goes on; that is said once, and again once lines are written again.
    private func append(_ line: String) {
        do throws(SystemError) {
            try output.write(line)
            if isFailing {
                isFailing = false
                Logger.shared.log(.info, "the event log \(path) is written again")
            }
        } catch {
            guard !isFailing else { return }
            isFailing = true
            Logger.shared.log(.warning, "the event log \(path) cannot be written (\(error.reason)): events are lost until it can be")
        }
    }
}
