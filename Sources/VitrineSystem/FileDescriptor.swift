import Glibc

/// An open file descriptor, and the calls Vitrine makes on one: whole writes and whole-file reads, unbuffered.
///
/// The descriptor is not closed for you: call ``close()`` on one you opened (standard output and standard error
/// stay open).
public struct FileDescriptor: Sendable, Hashable {
    /// The size of each `read` when a file is read whole.
    static let readChunkSize = 64 * 1024

    /// The descriptor's number.
    public let rawValue: Int32

    /// Wraps an open descriptor.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The process's standard output, descriptor 1.
    public static let standardOutput = FileDescriptor(rawValue: STDOUT_FILENO)
    /// The process's standard error, descriptor 2.
    public static let standardError = FileDescriptor(rawValue: STDERR_FILENO)

    /// Opens `path` with `open(2)`'s `flags` (`O_CLOEXEC` is always added); a file it creates gets `permissions`.
    public static func open(_ path: String, flags: Int32, permissions: mode_t = 0o644) throws(SystemError) -> FileDescriptor {
        while true {
            let descriptor = Glibc.open(path, flags | O_CLOEXEC, permissions)
            if descriptor >= 0 { return FileDescriptor(rawValue: descriptor) }
            if errno != EINTR { throw SystemError.last("open(\(path))") }
        }
    }

    /// Closes the descriptor; it must not be used again.
    public func close() {
        _ = Glibc.close(rawValue)
    }

    /// Writes all of `text` as UTF-8, with as many `write(2)` calls as it takes: a partial write is continued and
    /// one interrupted by a signal is tried again.
    public func write(_ text: String) throws(SystemError) {
        var text = text
        let failure = text.withUTF8 { writeAll(UnsafeRawBufferPointer($0)) }
        if let failure { throw SystemError(operation: "write", code: failure) }
    }

    /// Writes all of `bytes`, as ``write(_:)`` writes text; throws the error of a write that failed.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        if let failure = writeAll(bytes) { throw SystemError(operation: "write", code: failure) }
    }

    /// Writes all of `bytes`, continuing partial writes and retrying interrupted ones; the error number of a write
    /// that failed, or nil.
    private func writeAll(_ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(rawValue, bytes.baseAddress! + offset, bytes.count - offset)
            if written >= 0 {
                offset += written
            } else if errno != EINTR {
                return errno
            }
        }
        return nil
    }

    /// Fills all of `buffer` from the current position, retrying reads a signal interrupts; false when the file
    /// ends first or a read fails.
    public func readExactly(into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        guard buffer.count > 0 else { return true }
        var count = 0
        let (atEnd, failure) = fill(buffer.bindMemory(to: UInt8.self), count: &count)
        return !atEnd && failure == nil && count == buffer.count
    }

    /// Reads from the current position to the end of the file, retrying reads a signal interrupts.
    ///
    /// The bytes go straight into an array of `sizeHint` bytes (and one more, to see the end), so a file whose size
    /// is known costs one allocation of that size; a file that grows while it is read is read to its new end.
    /// Stops once it has more than `limit` bytes (so a caller sees the file is over its limit without reading
    /// all of it).
    public func readToEnd(sizeHint: Int = 0, limit: Int = Int.max) throws(SystemError) -> [UInt8] {
        var atEnd = false
        var failure: Int32?
        var bytes = [UInt8](unsafeUninitializedCapacity: max(0, sizeHint) + 1) { buffer, count in
            (atEnd, failure) = fill(buffer, count: &count)
        }
        while !atEnd, failure == nil, bytes.count <= limit {
            let chunk = [UInt8](unsafeUninitializedCapacity: FileDescriptor.readChunkSize) { buffer, count in
                (atEnd, failure) = fill(buffer, count: &count)
            }
            bytes.append(contentsOf: chunk)
        }
        if let failure { throw SystemError(operation: "read", code: failure) }
        return bytes
    }

    /// Reads into `buffer` until it is full or the file ends, counting the bytes in `count`; gives whether the file
    /// ended, and the error number of a read that failed.
    private func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>, count: inout Int) -> (atEnd: Bool, failure: Int32?) {
        while count < buffer.count {
            let result = Glibc.read(rawValue, buffer.baseAddress! + count, buffer.count - count)
            if result == 0 { return (true, nil) }
            if result < 0 {
                if errno == EINTR { continue }
                return (false, errno)
            }
            count += result
        }
        return (false, nil)
    }

    /// Opens `path` for reading, only when it is a regular file: the one way Vitrine opens a config, an image or a
    /// script. Gives the descriptor and the file's size.
    ///
    /// The file is opened with `O_NONBLOCK` (and `O_NOCTTY`), so a FIFO with no writer or a device does not block
    /// the open, then `fstat` decides: anything but a regular file is closed again and refused at once with a
    /// one-line reason, `not a regular file (a FIFO)`. A socket, which cannot be opened at all, gets the same
    /// reason. Reads from a regular file never block, so the flag stays.
    public static func openRegularFile(_ path: String) throws(SystemError) -> (file: FileDescriptor, size: Int) {
        let file: FileDescriptor
        do {
            file = try open(path, flags: O_RDONLY | O_NONBLOCK | O_NOCTTY)
        } catch {
            var status = stat()
            if error.code == ENXIO, stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
                throw notRegular(path, mode: status.st_mode)
            }
            throw error
        }
        var status = stat()
        guard fstat(file.rawValue, &status) == 0 else {
            let error = SystemError.last("fstat(\(path))")
            file.close()
            throw error
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            file.close()
            throw notRegular(path, mode: status.st_mode)
        }
        return (file, Int(status.st_size))
    }

    /// The refusal of a file that is not a regular file, naming what it is.
    static func notRegular(_ path: String, mode: mode_t) -> SystemError {
        SystemError(operation: "open(\(path))", code: EINVAL, detail: "not a regular file (\(kind(of: mode)))")
    }

    /// What a file of `mode` is, in words: "a FIFO", "a directory", "a character device".
    public static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a directory"
        case S_IFLNK: "a symbolic link"
        default: "not a file"
        }
    }

    /// The whole regular file at `path` (see ``openRegularFile(_:)``), refused when it is larger than `limit` bytes,
    /// before reading (by its size) or while reading (a file that grows).
    public static func readFile(atPath path: String, limit: Int = Int.max) throws(SystemError) -> [UInt8] {
        let (file, size) = try openRegularFile(path)
        defer { file.close() }
        func tooLarge(_ bytes: Int) -> SystemError {
            SystemError(operation: "read(\(path))", code: EFBIG,
                        detail: "\(byteCount(bytes)) is over the limit of \(byteCount(limit))")
        }
        guard size <= limit else { throw tooLarge(size) }
        let bytes: [UInt8]
        do {
            bytes = try file.readToEnd(sizeHint: size, limit: limit)
        } catch {
            throw SystemError(operation: "read(\(path))", code: error.code)
        }
        guard bytes.count <= limit else { throw tooLarge(bytes.count) }
        return bytes
    }

    /// The first `count` bytes of the regular file at `path`, fewer when it is shorter (see ``openRegularFile(_:)``).
    public static func readPrefix(atPath path: String, count: Int) throws(SystemError) -> [UInt8] {
        let (file, _) = try openRegularFile(path)
        defer { file.close() }
        return try file.readPrefix(count: count, path: path)
    }

    /// Up to `count` bytes from the start of the file (by `pread`, so the position stays where it is).
    public func readPrefix(count: Int, path: String) throws(SystemError) -> [UInt8] {
        var failure: Int32?
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, filled in
            while filled < count {
                let got = pread(rawValue, buffer.baseAddress! + filled, count - filled, off_t(filled))
                if got < 0 && errno == EINTR { continue }
                if got < 0 { failure = errno; return }
                if got == 0 { return }
                filled += got
            }
        }
        if let failure { throw SystemError(operation: "read(\(path))", code: failure) }
        return bytes
    }

    /// `n` bytes in words: "16 MiB" for a whole number of mebibytes, else "16777217 bytes".
    static func byteCount(_ n: Int) -> String {
        n >= 1_048_576 && n % 1_048_576 == 0 ? "\(n / 1_048_576) MiB" : "\(n) bytes"
    }
}
