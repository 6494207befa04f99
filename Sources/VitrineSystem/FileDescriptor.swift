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
        let failure: Int32? = text.withUTF8 { bytes in
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
        if let failure { throw SystemError(operation: "write", code: failure) }
    }

    /// Reads from the current position to the end of the file, retrying reads a signal interrupts.
    ///
    /// The bytes go straight into an array of `sizeHint` bytes (and one more, to see the end), so a file whose size
    /// is known costs one allocation of that size; a file that grows while it is read is read to its new end.
    public func readToEnd(sizeHint: Int = 0) throws(SystemError) -> [UInt8] {
        var atEnd = false
        var failure: Int32?
        var bytes = [UInt8](unsafeUninitializedCapacity: max(0, sizeHint) + 1) { buffer, count in
            (atEnd, failure) = fill(buffer, count: &count)
        }
        while !atEnd, failure == nil {
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

    /// The whole file at `path`; a directory fails with `EISDIR`, the operating system's own reason.
    public static func readFile(atPath path: String) throws(SystemError) -> [UInt8] {
        let file = try open(path, flags: O_RDONLY)
        defer { file.close() }
        var status = stat()
        let statusKnown = fstat(file.rawValue, &status) == 0
        if statusKnown, status.st_mode & S_IFMT == S_IFDIR {
            throw SystemError(operation: "read(\(path))", code: EISDIR)
        }
        do {
            return try file.readToEnd(sizeHint: statusKnown ? Int(status.st_size) : 0)
        } catch {
            throw SystemError(operation: "read(\(path))", code: error.code)
        }
    }
}
