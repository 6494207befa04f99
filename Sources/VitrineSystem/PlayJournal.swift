import Glibc
import VitrineCore

/// The plays not yet acknowledged by the broker, kept on disk so they survive an outage and a restart, and the
/// next `seq` with them (see ``PlayQueue``).
///
/// The file is `plays-<id>.jsonl` in systemd's `$STATE_DIRECTORY` (`StateDirectory=`), else
/// `$XDG_STATE_HOME/vitrine`, else `~/.local/state/vitrine`; written whole (temporary file, `fsync`, rename).
public struct PlayJournal: Sendable {
    /// The file.
    public let path: String

    /// The journal of kiosk `id` in the state folder this process is given (`environment` reads a variable).
    public init(id: String, environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }) {
        func env(_ name: String) -> String? { environment(name).flatMap { $0.isEmpty ? nil : $0 } }
        let folder: String
        if let systemd = env("STATE_DIRECTORY") { folder = String(systemd.split(separator: ":").first ?? "") }
        else if let xdg = env("XDG_STATE_HOME") { folder = xdg + "/vitrine" }
        else { folder = (env("HOME") ?? "/tmp") + "/.local/state/vitrine" }
        path = folder + "/plays-" + id + ".jsonl"
    }

    /// A journal at `path`.
    public init(path: String) { self.path = path }

    /// The queue the file holds (an empty one when there is no file), and a line for the log when the file could
    /// not be read or had lines that are not plays.
    public func load() -> (queue: PlayQueue, problem: String?) {
        let bytes: [UInt8]
        do throws(SystemError) {
            bytes = try FileDescriptor.readFile(atPath: path, limit: 64 << 20)
        } catch {
            if error.code == ENOENT { return (PlayQueue(), nil) }
            return (PlayQueue(), "mqtt: cannot read the plays waiting in \(path): \(error); seq starts again at 1")
        }
        let (queue, bad) = PlayQueue.read(bytes)
        return (queue, bad == 0 ? nil : "mqtt: \(bad) damaged lines in \(path) were skipped")
    }

    /// Writes `queue` whole; returns a line for the log when it could not.
    public func save(_ queue: PlayQueue) -> String? {
        let text = queue.fileText
        do throws(SystemError) {
            try PlayJournal.makeFolders(for: path)
            try FileDescriptor.replaceAtomically(path) { _, file throws(SystemError) in try file.write(text) }
            return nil
        } catch {
            return "mqtt: cannot keep the plays on disk: \(error)"
        }
    }

    /// Makes the folders leading to `path` that are missing.
    static func makeFolders(for path: String) throws(SystemError) {
        var folder = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/").dropLast() {
            folder += (folder.isEmpty || folder == "/" ? "" : "/") + part
            if mkdir(folder, 0o755) != 0, errno != EEXIST {
                throw SystemError(operation: "mkdir(\(folder))", code: errno)
            }
        }
    }
}
