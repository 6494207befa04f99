import Glibc
import Testing
@testable import VitrineCore
@testable import VitrineSystem

@Suite struct TemporaryFolderTests {
    /// Writes `text` to a new file at `path`.
    func write(_ text: String, to path: String) throws {
        let file = try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_TRUNC)
        defer { file.close() }
        try file.write(text)
    }

    /// Whether anything, even a dangling link, is at `path`.
    func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    @Test func makesAPrivateEmptyFolderWithThePrefixAndRemovesItWhole() throws {
        let folder = try TemporaryFolder(prefix: "vitrine-tmp-test")
        #expect(folder.path.hasPrefix(TemporaryFolder.systemFolder + "/vitrine-tmp-test-"))
        #expect(TemporaryFolder.entries(of: folder.path).isEmpty)
        var status = stat()
        #expect(stat(folder.path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR && status.st_mode & 0o777 == 0o700)

        #expect(mkdir(folder.path + "/images", 0o755) == 0)
        #expect(mkdir(folder.path + "/images/deeper", 0o755) == 0)
        try write("{}", to: folder.path + "/deck.json")
        try write("jpeg", to: folder.path + "/images/deeper/card-0.jpg")
        #expect(Set(TemporaryFolder.entries(of: folder.path)) == ["images", "deck.json"])
        folder.remove()
        #expect(!exists(folder.path))
    }

    @Test func linksAreRemovedNotFollowed() throws {
        let outside = try TemporaryFolder(prefix: "vitrine-tmp-outside")
        defer { outside.remove() }
        try write("keep me", to: outside.path + "/kept.txt")
        let folder = try TemporaryFolder(prefix: "vitrine-tmp-test")
        #expect(symlink(outside.path, folder.path + "/link-to-folder") == 0)
        #expect(symlink(outside.path + "/kept.txt", folder.path + "/link-to-file") == 0)
        folder.remove()
        #expect(!exists(folder.path))
        #expect(try FileDescriptor.readFile(atPath: outside.path + "/kept.txt") == Array("keep me".utf8))
    }

    @Test func twoFoldersNeverShareAPath() throws {
        let a = try TemporaryFolder(prefix: "vitrine-tmp-test"), b = try TemporaryFolder(prefix: "vitrine-tmp-test")
        defer { a.remove(); b.remove() }
        #expect(a.path != b.path)
    }
}
