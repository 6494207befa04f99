import Glibc

/// Which file already at a path a new one may replace (see ``FileDescriptor/replaceAtomically(_:replacing:permissions:write:)``).
public enum FileReplacement: Sendable, Equatable {
    /// Any regular file (the file a command line names as its output).
    case anyRegularFile
    /// Only an empty regular file or one that starts with `signature`, a file of `kind` ("a PNG") written before, so
    /// a path sent by a client cannot overwrite a config, a script or a document.
    case emptyOr(kind: String, signature: [UInt8])
}

extension FileDescriptor {
    /// Writes a whole new file at `path` through `write`, so that nothing half-written ever sits at the path and
    /// nothing there is opened but a regular file.
    ///
    /// What is at `path` is looked at first, without following a symbolic link and without opening anything that
    /// could block: a symbolic link, a FIFO, a device, a socket or a folder there is refused, and so is a regular
    /// file `replacing` does not allow. `write` then fills a new temporary file in the same folder (`.NAME.` and a
    /// random suffix, created `O_EXCL | O_NOFOLLOW`, so it is a new regular file of ours); it is synced, checked
    /// again and renamed over `path` in one step. On any failure the temporary file is removed and `path` is left
    /// as it was.
    ///
    /// - Parameter write: writes the file's contents, given the temporary file's path and its open descriptor.
    /// - Throws: ``SystemError`` naming `path`: the refusal (`not a regular file (a FIFO)`, `a symbolic link`), or
    ///   the failed call's reason (`No space left on device`), including any error `write` throws.
    public static func replaceAtomically(_ path: String, replacing: FileReplacement = .anyRegularFile, permissions: mode_t = 0o644,
                                         write: (_ temporaryPath: String, _ file: FileDescriptor) throws(SystemError) -> Void) throws(SystemError) {
        let operation = "write(\(path))"
        guard !path.isEmpty, path.utf8.count < Int(PATH_MAX) else {
            throw SystemError(operation: operation, code: ENAMETOOLONG, detail: path.isEmpty ? "no file named" : "the path is longer than \(PATH_MAX - 1) bytes")
        }
        let (folder, name) = splitFolder(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw SystemError(operation: operation, code: EISDIR, detail: "names a folder, not a file")
        }
        try checkReplaceable(path, replacing: replacing, operation: operation)
        let prefix = (folder == "/" ? "/" : folder + "/") + "." + name + "."
        var made: (FileDescriptor, String)?
        for _ in 0..<16 where made == nil {
            let candidate = prefix + String(UInt32.random(in: 0...UInt32.max), radix: 36)
            do throws(SystemError) {
                made = (try open(candidate, flags: O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_NOCTTY, permissions: permissions), candidate)
            } catch where error.code == EEXIST {
                continue
            } catch {
                throw SystemError(operation: operation, code: error.code)
            }
        }
        guard let (file, temporary) = made else { throw SystemError(operation: operation, code: EEXIST) }
        let descriptor = file.rawValue
        var renamed = false
        defer {
            if !renamed { unlink(temporary) }
        }
        do throws(SystemError) {
            try write(temporary, file)
            guard fsync(descriptor) == 0 else { throw SystemError(operation: operation, code: errno) }
        } catch {
            file.close()
            throw SystemError(operation: operation, code: error.code, detail: error.detail)
        }
        guard Glibc.close(descriptor) == 0 || errno == EINTR else { throw SystemError(operation: operation, code: errno) }
        // What is at the path may have changed while the file was written: look again just before the rename.
        try checkReplaceable(path, replacing: replacing, operation: operation)
        guard rename(temporary, path) == 0 else { throw SystemError(operation: operation, code: errno) }
        renamed = true
    }

    /// Refuses `path` unless nothing is there or a regular file `replacing` allows; opens nothing that can block.
    static func checkReplaceable(_ path: String, replacing: FileReplacement, operation: String) throws(SystemError) {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return }  // A new file (a missing folder fails when the temporary file is made).
            throw SystemError(operation: operation, code: errno)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw SystemError(operation: operation, code: EEXIST, detail: "not a regular file (\(kind(of: status.st_mode)))")
        }
        guard case .emptyOr(let kind, let signature) = replacing, status.st_size > 0 else { return }
        let existing: [UInt8]
        do {
            let file = try open(path, flags: O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY)
            defer { file.close() }
            existing = try file.readPrefix(count: signature.count, path: path)
        } catch {
            throw SystemError(operation: operation, code: error.code)
        }
        guard existing == signature else {
            throw SystemError(operation: operation, code: EEXIST, detail: "a file that is not \(kind) is there, and is left alone")
        }
    }

    /// The folder of `path` (`.` when it has none) and its last component.
    static func splitFolder(_ path: String) -> (folder: String, name: String) {
        let bytes = Array(path.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return (".", path) }
        let folder = String(decoding: bytes[..<slash], as: UTF8.self)
        return (folder.isEmpty ? "/" : folder, String(decoding: bytes[(slash + 1)...], as: UTF8.self))
    }
}
