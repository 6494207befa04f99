import Glibc
import VitrineSystem

/// Files a watcher test writes, through descriptors closed on exec (``FileDescriptor/open(_:flags:permissions:)``).
///
/// Foundation opens without `O_CLOEXEC`, and another test may `posix_spawn` a child meanwhile (a whole suite runs
/// in one process): the child keeps the descriptor, and the kernel reports the file's close (`IN_CLOSE_WRITE`)
/// only when the child lets it go, possibly after a watcher started, as a change the test never made.
enum TestFiles {
    /// Writes `bytes` to `path` in place, creating or truncating it.
    static func write(_ bytes: [UInt8], to path: String) throws {
        let file = try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_TRUNC)
        defer { file.close() }
        let written = bytes.withUnsafeBytes { buffer in Result { () throws(SystemError) in try file.write(buffer) } }
        try written.get()
    }

    /// Writes `text` to `path`: in place, or `atomically` (a file beside it, renamed over it).
    static func write(_ text: String, to path: String, atomically: Bool = false) throws {
        guard atomically else { return try write(Array(text.utf8), to: path) }
        let temporary = "\(path).tmp-\(getpid())"
        try write(Array(text.utf8), to: temporary)
        guard rename(temporary, path) == 0 else { throw SystemError.last("rename(\(temporary), \(path))") }
    }

    /// Copies the file at `source` to `path`.
    static func copy(_ source: String, to path: String) throws {
        try write(FileDescriptor.readFile(atPath: source), to: path)
    }

    /// Writes the file at `path` again with the same bytes, in place.
    static func rewrite(_ path: String) throws {
        try write(FileDescriptor.readFile(atPath: path), to: path)
    }
}
