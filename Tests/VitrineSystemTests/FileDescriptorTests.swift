import Dispatch
import Glibc
import Testing
@testable import VitrineCore
@testable import VitrineSystem

@Suite struct FileDescriptorTests {
    /// A fresh folder for one test, removed after it.
    func withFolder(_ body: (String) throws -> Void) throws {
        let folder = try TemporaryFolder(prefix: "vitrine-fd-tests")
        defer { folder.remove() }
        try body(folder.path)
    }

    @Test func writesAndReadsBackEveryByte() throws {
        try withFolder { folder in
            let path = folder + "/text.txt"
            // Larger than a pipe buffer and than one read chunk, with multi-byte characters.
            let text = String(repeating: "ligne über 80 ms → ok\n", count: 20_000)
            let file = try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_TRUNC)
            try file.write(text)
            try file.write("")
            file.close()
            #expect(try FileDescriptor.readFile(atPath: path) == Array(text.utf8))
            var status = stat()
            // 0644, less what the umask takes away.
            #expect(stat(path, &status) == 0 && status.st_mode & 0o600 == 0o600 && status.st_mode & 0o777 & ~0o644 == 0)
        }
    }

    @Test func aLongTextGoesThroughAPipeWhole() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        let text = String(repeating: "0123456789abcdef", count: 64 * 1024)  // 1 MiB, far more than a pipe holds
        let writer = FileDescriptor(rawValue: ends[1])
        DispatchQueue.global().async {
            try? writer.write(text)
            writer.close()
        }
        let reader = FileDescriptor(rawValue: ends[0])
        defer { reader.close() }
        let bytes = try reader.readToEnd()
        #expect(bytes.count == text.utf8.count && bytes == Array(text.utf8))
    }

    @Test func readingAFolderOrAMissingFileGivesTheSystemsReason() throws {
        try withFolder { folder in
            #expect(throws: SystemError(operation: "open(\(folder))", code: EINVAL, detail: "not a regular file (a directory)")) {
                try FileDescriptor.readFile(atPath: folder)
            }
            #expect(throws: SystemError(operation: "open(\(folder)/missing)", code: ENOENT)) {
                try FileDescriptor.readFile(atPath: folder + "/missing")
            }
            #expect(SystemError(operation: "open(x)", code: ENOENT).description == "open(x): No such file or directory")
        }
    }

    @Test func aFailedWriteThrowsTheSystemsReason() throws {
        try withFolder { folder in
            let path = folder + "/read-only.txt"
            try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT).close()
            let file = try FileDescriptor.open(path, flags: O_RDONLY)
            defer { file.close() }
            #expect(throws: SystemError(operation: "write", code: EBADF)) { try file.write("lost") }
            #expect(throws: Never.self) { try file.write("") }
        }
    }

    /// The reason ``FileDescriptor/openRegularFile(_:)`` refuses `path` with, or nil when it opens.
    func refusal(_ path: String) -> String? {
        do {
            let (file, _) = try FileDescriptor.openRegularFile(path)
            file.close()
            return nil
        } catch {
            return error.description
        }
    }

    @Test func onlyRegularFilesAreOpenedAndNothingBlocks() throws {
        try withFolder { folder in
            #expect(mkfifo(folder + "/pipe", 0o644) == 0)
            // A FIFO with no writer: a plain open would block here for ever.
            #expect(refusal(folder + "/pipe") == "open(\(folder)/pipe): not a regular file (a FIFO)")
            #expect(refusal("/dev/null") == "open(/dev/null): not a regular file (a character device)")
            #expect(refusal("/dev/zero") == "open(/dev/zero): not a regular file (a character device)")
            #expect(refusal(folder) == "open(\(folder)): not a regular file (a directory)")
            let socketPath = folder + "/socket"
            let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(server) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, byte) in socketPath.utf8.enumerated() { raw[i] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(server, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            #expect(bound == 0)
            #expect(refusal(socketPath) == "open(\(socketPath)): not a regular file (a socket)")
            let file = folder + "/plain.json"
            try FileDescriptor.open(file, flags: O_WRONLY | O_CREAT).close()
            #expect(refusal(file) == nil)
            // A symbolic link to a regular file is that file.
            #expect(symlink(file, folder + "/link.json") == 0)
            #expect(refusal(folder + "/link.json") == nil)
        }
    }

    @Test func aFileOverTheLimitIsRefusedBeforeItIsRead() throws {
        try withFolder { folder in
            let path = folder + "/ten.txt"
            let file = try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT)
            try file.write("0123456789")
            file.close()
            #expect(try FileDescriptor.readFile(atPath: path, limit: 10) == Array("0123456789".utf8))
            #expect(throws: SystemError(operation: "read(\(path))", code: EFBIG, detail: "10 bytes is over the limit of 9 bytes")) {
                try FileDescriptor.readFile(atPath: path, limit: 9)
            }
        }
    }
}
