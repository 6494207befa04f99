import Foundation
import Testing
@testable import VitrineSystem

/// The clean file pages an idle kiosk lets go (MappedFiles.swift): only read-only private file mappings that hold
/// no page of the process's own, so nothing the process wrote is lost.
@Suite struct MappedFilesTests {
    /// One mapping of a `/proc/PID/smaps` text.
    static func mapping(_ range: String, _ permissions: String, inode: String = "5360033", path: String = "/usr/lib/libx.so",
                        rss: Int, anonymous: Int) -> String {
        """
        \(range) \(permissions) 00000000 fe:00 \(inode)                    \(path)
        Size:                 64 kB
        Rss:                \(rss) kB
        Pss:                \(rss) kB
        Anonymous:          \(anonymous) kB
        VmFlags: rd ex mr mw me

        """
    }

    @Test func onlyCleanReadOnlyPrivateFileMappingsAreLetGo() {
        let smaps = [
            Self.mapping("1000-3000", "r-xp", rss: 8, anonymous: 0),  // Code: let go.
            Self.mapping("3000-4000", "r--p", rss: 4, anonymous: 0),  // Read-only data: let go.
            Self.mapping("4000-5000", "r--p", rss: 4, anonymous: 4),  // Relocated, then made read-only: kept.
            Self.mapping("5000-6000", "rw-p", rss: 4, anonymous: 0),  // Writable: kept.
            Self.mapping("6000-7000", "r--s", path: "/var/cache/fontconfig/x.cache-8", rss: 4, anonymous: 0),  // Shared: kept.
            Self.mapping("7000-8000", "r--p", inode: "0", path: "[vvar]", rss: 4, anonymous: 0),  // Not a file: kept.
            Self.mapping("8000-9000", "r-xp", rss: 0, anonymous: 0),  // Nothing resident: nothing to do.
            Self.mapping("7f0000000000-7f0000010000", "r-xp", path: "/opt/app/bin (deleted)", rss: 64, anonymous: 0),
        ].joined()
        let found = MappedFiles.cleanMappings(inSmaps: Array(smaps.utf8))
        #expect(found == [
            .init(start: 0x1000, end: 0x3000, residentBytes: 8192),
            .init(start: 0x3000, end: 0x4000, residentBytes: 4096),
            .init(start: 0x7f0000000000, end: 0x7f0000010000, residentBytes: 65536),
        ])
    }

    @Test func lettingGoKeepsWhatTheProcessWrote() throws {
        // A private mapping of a file, written, then made read-only: what the loader does to relocated data. Its
        // written page is the process's own (Anonymous), so it must survive; a page of code it let go comes back.
        let folder = try TemporaryFolder(prefix: "vitrine-mapped")
        defer { folder.remove() }
        let path = folder.path + "/data"
        let writer = try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_TRUNC)
        try writer.write(String(repeating: "a", count: 8192))
        writer.close()
        let file = try FileDescriptor.open(path, flags: O_RDONLY)
        defer { file.close() }
        let raw = try #require(mmap(nil, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE, file.rawValue, 0))
        #expect(raw != MAP_FAILED)
        defer { munmap(raw, 8192) }
        let bytes = raw.assumingMemoryBound(to: UInt8.self)
        bytes[0] = UInt8(ascii: "b")
        #expect(mprotect(raw, 8192, PROT_READ) == 0)
        let clean = raw + 4096  // The second page, read only: let go, then read back from the file.
        #expect(clean.load(as: UInt8.self) == UInt8(ascii: "a"))

        let outcome = try #require(MappedFiles.letGo())
        #expect(outcome.mappings > 0 && outcome.bytes > 0, "the test binary's code is mapped")
        #expect(bytes[0] == UInt8(ascii: "b"), "the written page is kept")
        #expect(clean.load(as: UInt8.self) == UInt8(ascii: "a"))
        // Nothing of the executable's code is resident straight after, except what has run since.
        let again = try #require(MappedFiles.letGo())
        #expect(again.bytes < outcome.bytes)
    }
}
