import Foundation
import Testing
@testable import VitrineCore
@testable import VitrineSystem

/// The inotify watcher, on real files in a fresh temporary folder. Every wait has a generous deadline and ends as
/// soon as the expected change arrives; nothing sleeps and then asserts.
@Suite struct FileWatcherTests {
    /// How long a test waits for a change before it fails: far above the debounce, for loaded machines.
    static let timeout = 5.0
    /// A short debounce keeps the tests quick.
    static let debounce = 0.05

    /// A fresh folder, removed when the value goes away.
    final class Folder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-watch-\(UUID().uuidString)").path
        /// Where ``place(_:at:)`` writes files before it links them into place: beside the folder, never watched.
        var staging: String { path + ".staging" }
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: staging)
        }
        func file(_ name: String) -> String { "\(path)/\(name)" }
        func write(_ name: String, _ text: String) throws { try text.write(toFile: file(name), atomically: false, encoding: .utf8) }

        /// Puts a file holding `text` at `path` (new, or renamed over the old one) without ever opening a
        /// descriptor under a name a watcher may see, for tests that count reports exactly.
        ///
        /// A file written in place can give its `IN_CLOSE_WRITE` long after the write returned: a child that
        /// another test spawns meanwhile (`posix_spawn`, `fork`) inherits the descriptor, and the kernel reports
        /// the close when the child lets it go (when it closes its descriptors, execs or exits). That close is a
        /// real one, which the watcher rightly reports, but as a change the test did not make. Written in the
        /// staging folder, the file's late close is reported there, where nothing watches; it is then hard-linked
        /// next to `path` and renamed over it, as a deploy tool does.
        func place(_ text: String, at path: String) throws {
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
            let staged = "\(staging)/\(UUID().uuidString)"
            try text.write(toFile: staged, atomically: false, encoding: .utf8)
            let (folder, name) = FileWatcher.split(path)
            let temporary = "\(folder)/.\(name).\(UUID().uuidString)"
            guard link(staged, temporary) == 0 else { throw SystemError.last("link(\(staged), \(temporary))") }
            guard rename(temporary, path) == 0 else { throw SystemError.last("rename(\(temporary), \(path))") }
        }
    }

    /// Every set of paths the watcher reported, in order, and a way to wait for a condition on them.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private let arrived = DispatchSemaphore(value: 0)
        private var batches: [Set<String>] = []

        func add(_ paths: Set<PathKey>) {
            lock.withLock { batches.append(Set(paths.map(\.path))) }
            arrived.signal()
        }

        var all: [Set<String>] { lock.withLock { batches } }

        /// Waits until `condition` holds for the reports so far, or the timeout passes; returns whether it held.
        func wait(timeout: Double = FileWatcherTests.timeout, until condition: ([Set<String>]) -> Bool) -> Bool {
            let deadline = DispatchTime.now() + timeout
            while !condition(all) {
                if arrived.wait(timeout: deadline) == .timedOut { return condition(all) }
            }
            return true
        }

        /// Waits until `path` has been reported.
        func wait(for path: String) -> Bool { wait { $0.contains { $0.contains(path) } } }
    }

    /// The keys of `paths`.
    func keys(_ paths: [String]) -> [PathKey] { paths.map { PathKey($0) } }

    func watcher(_ paths: [String], _ reports: Reports) throws -> FileWatcher {
        let watcher = try FileWatcher(paths: keys(paths), debounce: Self.debounce) { reports.add($0) }
        #expect(watcher.initialProblems.isEmpty)
        return watcher
    }

    @Test func aRenameOverTheFileIsSeen() throws {
        let folder = try Folder()
        try folder.write("kiosk.json", "{}")
        let reports = Reports()
        let watcher = try watcher([folder.file("kiosk.json")], reports)
        defer { watcher.stop() }
        try folder.write("kiosk.json.tmp", "{\"cards\": []}")
        #expect(rename(folder.file("kiosk.json.tmp"), folder.file("kiosk.json")) == 0)
        #expect(reports.wait(for: folder.file("kiosk.json")))
        #expect(reports.all.allSatisfy { $0 == [folder.file("kiosk.json")] }, "the temporary file is not watched")
    }

    @Test func aWriteInPlaceIsSeen() throws {
        let folder = try Folder()
        try folder.write("a.png", "one")
        let reports = Reports()
        let watcher = try watcher([folder.file("a.png")], reports)
        defer { watcher.stop() }
        try folder.write("a.png", "two")
        #expect(reports.wait(for: folder.file("a.png")))
    }

    @Test func aDeletionIsSeen() throws {
        let folder = try Folder()
        try folder.write("a.png", "one")
        let reports = Reports()
        let watcher = try watcher([folder.file("a.png")], reports)
        defer { watcher.stop() }
        try FileManager.default.removeItem(atPath: folder.file("a.png"))
        #expect(reports.wait(for: folder.file("a.png")))
    }

    @Test func otherFilesInTheFolderAreIgnored() throws {
        let folder = try Folder()
        try folder.write("a.png", "one")
        let reports = Reports()
        let watcher = try watcher([folder.file("a.png")], reports)
        defer { watcher.stop() }
        try folder.write("other.png", "noise")
        try folder.write("a.png", "two")
        #expect(reports.wait(for: folder.file("a.png")))
        #expect(!reports.all.contains { $0.contains(folder.file("other.png")) })
    }

    @Test func aBurstIsReportedOnce() throws {
        let folder = try Folder()
        let reports = Reports()
        let watcher = try FileWatcher(paths: keys([folder.file("a.png"), folder.file("b.png")]), debounce: 1) { reports.add($0) }
        defer { watcher.stop() }
        for i in 0..<5 {
            try folder.write("a.png", "\(i)")
            try folder.write("b.png", "\(i)")
        }
        #expect(reports.wait { !$0.isEmpty })
        #expect(reports.all.first == [folder.file("a.png"), folder.file("b.png")])
    }

    @Test func retargetingWatchesTheNewSetOnly() throws {
        let folder = try Folder()
        let other = try Folder()
        let reports = Reports()
        let watcher = try watcher([folder.file("old.png")], reports)
        defer { watcher.stop() }
        #expect(watcher.watch(keys([other.file("new.png"), folder.file("kept.png")])).isEmpty)
        #expect(watcher.paths == Set(keys([other.file("new.png"), folder.file("kept.png")])))
        try folder.write("old.png", "x")
        try other.write("new.png", "x")
        try folder.write("kept.png", "x")
        #expect(reports.wait { $0.reduce(into: Set()) { $0.formUnion($1) } == [other.file("new.png"), folder.file("kept.png")] })
        #expect(!reports.all.contains { $0.contains(folder.file("old.png")) })
    }

    @Test func twoSpellingsOfOneFolderAreBothReported() throws {
        let folder = try Folder()
        let reports = Reports()
        let plain = folder.file("a.png")
        let roundabout = folder.path + "/../" + URL(fileURLWithPath: folder.path).lastPathComponent + "/a.png"
        let watcher = try watcher([plain, roundabout], reports)
        defer { watcher.stop() }
        try folder.write("a.png", "x")
        #expect(reports.wait { $0.reduce(into: Set()) { $0.formUnion($1) } == [plain, roundabout] })
    }

    @Test func aMissingFolderIsAProblemNotAFailure() throws {
        let folder = try Folder()
        let reports = Reports()
        let watcher = try FileWatcher(paths: keys([folder.file("gone/a.png"), folder.file("b.png")])) { reports.add($0) }
        defer { watcher.stop() }
        #expect(watcher.initialProblems.map(\.operation) == ["inotify_add_watch(\(folder.file("gone")))"])
        #expect(watcher.initialProblems.first?.description.contains("No such file or directory") == true)
    }

    @Test func stopEndsTheThreadAndIsIdempotent() throws {
        let folder = try Folder()
        let reports = Reports()
        let watcher = try watcher([folder.file("a.png")], reports)
        watcher.stop()
        watcher.stop()
        #expect(watcher.watch(keys([folder.file("b.png")])).isEmpty)
    }

    @Test func splitsPathsIntoFolderAndName() {
        #expect(FileWatcher.split("a/b/c.json") == ("a/b", "c.json"))
        #expect(FileWatcher.split("c.json") == (".", "c.json"))
        #expect(FileWatcher.split("/c.json") == ("/", "c.json"))
    }
}
