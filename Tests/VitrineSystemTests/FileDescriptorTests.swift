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
        try DetachedThread.start(name: "test-pipe-writer") {
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
            #expect(throws: SystemError(operation: "read(\(folder))", code: EISDIR)) { try FileDescriptor.readFile(atPath: folder) }
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
}
