import Glibc

/// A new empty folder for files needed a short while, removed with everything in it when done.
public struct TemporaryFolder: Sendable {
    /// The folder's absolute path, such as `/tmp/vitrine-bench-Xa81Qz`.
    public let path: String

    /// Makes `PREFIX-XXXXXX` (six random characters) in ``systemFolder``, with `mkdtemp`: only this user may
    /// read or write it.
    ///
    /// - Throws: ``SystemError`` naming the path asked for when the folder cannot be made.
    public init(prefix: String) throws(SystemError) {
        let template = TemporaryFolder.systemFolder + "/" + prefix + "-XXXXXX"
        var bytes = Array(template.utf8CString)
        let made = bytes.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
        guard made else { throw SystemError.last("mkdtemp(\(template))") }
        path = String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The folder temporary files go in: `$TMPDIR` when it is set and not empty, otherwise `/tmp`.
    public static var systemFolder: String {
        guard let value = getenv("TMPDIR").map({ String(cString: $0) }), !value.isEmpty else { return "/tmp" }
        var folder = Substring(value)
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return String(folder)
    }

    /// Removes the folder and everything in it, as far as it can; symbolic links are removed, not followed.
    public func remove() {
        TemporaryFolder.removeTree(path)
    }

    /// Removes `path`: a file or link is unlinked, a folder emptied depth first and then removed.
    static func removeTree(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            unlink(path)
            return
        }
        for name in entries(of: path) { removeTree(path + "/" + name) }
        rmdir(path)
    }

    /// The names in the folder at `path`, without `.` and `..`; empty when it cannot be read.
    static func entries(of path: String) -> [String] {
        guard let folder = opendir(path) else { return [] }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
