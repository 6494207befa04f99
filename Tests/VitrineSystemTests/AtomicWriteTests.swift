import Glibc
import Testing
@testable import VitrineSystem

/// ``FileDescriptor/replaceAtomically(_:replacing:permissions:write:)``: a file is written whole or not at all, and
/// nothing but a regular file is ever opened or replaced at its path.
@Suite struct AtomicWriteTests {
    func withFolder(_ body: (String) throws -> Void) throws {
        let folder = try TemporaryFolder(prefix: "vitrine-atomic-tests")
        defer { folder.remove() }
        try body(folder.path)
    }

    /// Writes `text` to `path` through the helper.
    func write(_ text: String, to path: String, replacing: FileReplacement = .anyRegularFile) throws(SystemError) {
        try FileDescriptor.replaceAtomically(path, replacing: replacing) { _, file throws(SystemError) in try file.write(text) }
    }

    /// The names in `folder`.
    func names(in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    @Test func writesANewFileAndReplacesAnOldOneWhole() throws {
        try withFolder { folder in
            let path = folder + "/out.txt"
            try write("first", to: path)
            try write("second", to: path)
            #expect(try FileDescriptor.readFile(atPath: path) == Array("second".utf8))
            #expect(names(in: folder) == ["out.txt"], "no temporary file is left")
        }
    }

    @Test func aFailedWriteLeavesThePathAsItWasAndNoTemporaryFile() throws {
        try withFolder { folder in
            let path = folder + "/out.txt"
            try write("good", to: path)
            #expect(throws: SystemError(operation: "write(\(path))", code: ENOSPC)) {
                try FileDescriptor.replaceAtomically(path) { _, file throws(SystemError) in
                    try file.write("half")
                    throw SystemError(operation: "write", code: ENOSPC)
                }
            }
            #expect(try FileDescriptor.readFile(atPath: path) == Array("good".utf8))
            #expect(names(in: folder) == ["out.txt"])
        }
    }

    @Test func aFIFOADeviceAFolderOrALinkIsRefusedAtOnceAndLeftAlone() throws {
        try withFolder { folder in
            let fifo = folder + "/pipe.png"
            #expect(mkfifo(fifo, 0o644) == 0)
            let target = folder + "/notes.txt"
            try write("keep", to: target)
            let link = folder + "/link.png"
            #expect(symlink(target, link) == 0)
            let cases = [(fifo, "not a regular file (a FIFO)"), ("/dev/full", "not a regular file (a character device)"),
                         (folder, "not a regular file (a directory)"), (link, "not a regular file (a symbolic link)")]
            for (path, reason) in cases {
                #expect(throws: SystemError(operation: "write(\(path))", code: EEXIST, detail: reason)) { try write("x", to: path) }
            }
            var status = stat()
            #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
            #expect(lstat(link, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
            #expect(try FileDescriptor.readFile(atPath: target) == Array("keep".utf8))
            #expect(names(in: folder) == ["link.png", "notes.txt", "pipe.png"])
        }
    }

    @Test func onlyAnEmptyFileOrOneOfTheKindCanBeReplacedWhenAsked() throws {
        try withFolder { folder in
            let replacing = FileReplacement.emptyOr(kind: "a note", signature: Array("NOTE".utf8))
            let other = folder + "/config.json"
            try write("{}", to: other)
            #expect(throws: SystemError(operation: "write(\(other))", code: EEXIST, detail: "a file that is not a note is there, and is left alone")) {
                try write("NOTE new", to: other, replacing: replacing)
            }
            #expect(try FileDescriptor.readFile(atPath: other) == Array("{}".utf8))
            let empty = folder + "/empty.txt"
            try write("", to: empty)
            try write("NOTE 1", to: empty, replacing: replacing)
            try write("NOTE 2", to: empty, replacing: replacing)
            #expect(try FileDescriptor.readFile(atPath: empty) == Array("NOTE 2".utf8))
        }
    }

    @Test func aMissingFolderOrAnOverlongPathIsSaid() throws {
        try withFolder { folder in
            let missing = folder + "/none/out.txt"
            #expect(throws: SystemError(operation: "write(\(missing))", code: ENOENT)) { try write("x", to: missing) }
            let long = folder + "/" + String(repeating: "a/", count: 3000) + "out.txt"
            #expect(throws: SystemError(operation: "write(\(long))", code: ENAMETOOLONG, detail: "the path is longer than 4095 bytes")) {
                try write("x", to: long)
            }
        }
    }
}
