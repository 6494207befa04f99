import Foundation
import Testing
@testable import VitrineCore
@testable import VitrineSystem

/// Deploys as operators do them, on real files: a folder renamed over the old one, a `current` symlink swapped,
/// `rsync --delay-updates`, a file written slowly. Each gives exactly one report, and the watcher then follows the
/// path to where it leads now. "Exactly one" is checked with a fence: a later change to a separate sentinel file
/// must arrive in a report of its own, after the deploy's. Since reports are counted exactly, the tests' own files
/// are put in place with ``FileWatcherTests/Folder/place(_:at:)``, whose writes cannot close late under a watched name.
@Suite(.serialized) struct FileWatcherDeployTests {
    typealias Folder = FileWatcherTests.Folder
    typealias Reports = FileWatcherTests.Reports

    /// Puts `files` (name to text) into the folder `path`, creating it, with `root`'s ``FileWatcherTests/Folder/place(_:at:)``.
    static func populate(_ path: String, _ files: [String: String], in root: Folder) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files { try root.place(text, at: "\(path)/\(name)") }
    }

    /// Starts a watcher on `paths` and a sentinel in a folder of its own; gives the watcher and the sentinel.
    static func watch(_ paths: [String], _ reports: Reports, sentinelIn folder: Folder) throws -> (FileWatcher, String) {
        let sentinel = folder.file("fence/sentinel")
        try populate(folder.file("fence"), ["sentinel": "0"], in: folder)
        let watcher = try FileWatcher(paths: (paths + [sentinel]).map { PathKey($0) }, debounce: FileWatcherTests.debounce) { reports.add($0) }
        #expect(watcher.initialProblems.isEmpty)
        return (watcher, sentinel)
    }

    /// Changes the sentinel, waits for its report, and gives the reports that came before it; expects the
    /// sentinel's report to hold it alone (nothing of the deploy left over).
    static func reportsBeforeFence(_ sentinel: String, _ reports: Reports, in root: Folder) throws -> [Set<String>] {
        try root.place("1", at: sentinel)
        #expect(reports.wait(for: sentinel))
        let all = reports.all
        let fence = all.firstIndex { $0.contains(sentinel) } ?? all.count
        #expect(fence < all.count && all[fence] == [sentinel], "the deploy's changes spilled into a later report: \(all)")
        return Array(all[..<fence])
    }

    @Test func aFolderRenamedOverTheOldOneGivesOneReportAndIsFollowed() throws {
        let root = try Folder()
        try Self.populate(root.file("site"), ["kiosk.json": "old", "a.png": "old"], in: root)
        let reports = Reports()
        let paths = [root.file("site/kiosk.json"), root.file("site/a.png")]
        let (watcher, sentinel) = try Self.watch(paths, reports, sentinelIn: root)
        defer { watcher.stop() }
        try Self.populate(root.file("site.new"), ["kiosk.json": "new", "a.png": "new"], in: root)
        #expect(rename(root.file("site"), root.file("site.old")) == 0)
        #expect(rename(root.file("site.new"), root.file("site")) == 0)
        #expect(reports.wait(for: paths[0]))
        let before = try Self.reportsBeforeFence(sentinel, reports, in: root)
        #expect(before == [Set(paths)], "\(before)")
        // The new folder is watched now, and the old one no longer.
        try root.place("old edit", at: root.file("site.old/kiosk.json"))
        try root.place("newer", at: paths[0])
        #expect(reports.wait { $0.count == before.count + 2 })
        #expect(reports.all.last == [paths[0]])
    }

    @Test func aRetargetedCurrentSymlinkGivesOneReportAndIsFollowed() throws {
        let root = try Folder()
        try Self.populate(root.file("releases/r1"), ["kiosk.json": "r1", "a.png": "r1"], in: root)
        #expect(symlink("releases/r1", root.file("current")) == 0)
        let reports = Reports()
        let paths = [root.file("current/kiosk.json"), root.file("current/a.png")]
        let (watcher, sentinel) = try Self.watch(paths, reports, sentinelIn: root)
        defer { watcher.stop() }
        // ln -sfn releases/r2 current.tmp && mv -T current.tmp current
        try Self.populate(root.file("releases/r2"), ["kiosk.json": "r2", "a.png": "r2"], in: root)
        #expect(symlink("releases/r2", root.file("current.tmp")) == 0)
        #expect(rename(root.file("current.tmp"), root.file("current")) == 0)
        #expect(reports.wait(for: paths[0]))
        let before = try Self.reportsBeforeFence(sentinel, reports, in: root)
        #expect(before == [Set(paths)], "\(before)")
        // r2 is watched through the link now; r1 no longer is.
        try root.place("r1 edit", at: root.file("releases/r1/kiosk.json"))
        try root.place("r2 edit", at: root.file("releases/r2/kiosk.json"))
        #expect(reports.wait { $0.count == before.count + 2 })
        #expect(reports.all.last == [paths[0]])
    }

    @Test func rsyncWithDelayedUpdatesOverSeveralSecondsGivesOneReport() throws {
        guard let rsync = ["/usr/bin/rsync", "/bin/rsync"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            Issue.record("rsync is needed (apt-get install rsync; make test installs it)")
            return
        }
        let root = try Folder()
        let names = ["kiosk.json", "a.png", "b.png", "c.png"]
        try Self.populate(root.file("site"), Dictionary(uniqueKeysWithValues: names.map { ($0, "old") }), in: root)
        // About 1.2 MB at 400 KB/s: a push of some three seconds.
        var random = SystemRandomNumberGenerator()
        try Self.populate(root.file("push"), ["kiosk.json": "the new deck"], in: root)
        for name in names.dropFirst() {
            let bytes = (0..<400_000).map { _ in UInt8.random(in: 0...255, using: &random) }
            try Data(bytes).write(to: URL(fileURLWithPath: root.file("push/\(name)")))
        }
        let reports = Reports()
        let paths = names.map { root.file("site/\($0)") }
        let (watcher, sentinel) = try Self.watch(paths, reports, sentinelIn: root)
        defer { watcher.stop() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: rsync)
        process.arguments = ["-r", "--delay-updates", "--bwlimit=400", root.file("push") + "/", root.file("site") + "/"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(reports.wait { $0.reduce(into: Set()) { $0.formUnion($1) }.isSuperset(of: paths) })
        let before = try Self.reportsBeforeFence(sentinel, reports, in: root)
        #expect(before == [Set(paths)], "\(before)")
    }

    @Test func aFileStillBeingWrittenIsReportedOnceItIsClosed() throws {
        let root = try Folder()
        try Self.populate(root.path, ["a.png": "old"], in: root)
        let reports = Reports()
        let (watcher, sentinel) = try Self.watch([root.file("a.png")], reports, sentinelIn: root)
        defer { watcher.stop() }
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: root.file("a.png")))
        for chunk in 0..<3 {
            try file.write(contentsOf: Data(repeating: UInt8(chunk), count: 1000))
            // This wait shows that nothing happens (no report while the file is open for writing), so there is
            // nothing to poll for: it is far longer than the debounce (0.05 s here), so a watcher that only waited
            // for quiet would have reported the half-written file by now. The report itself is waited for below.
            usleep(300_000)
            #expect(reports.all.isEmpty, "reported while the file was still being written")
        }
        try file.close()
        #expect(reports.wait(for: root.file("a.png")))
        #expect(try Self.reportsBeforeFence(sentinel, reports, in: root) == [[root.file("a.png")]])
    }

    @Test func theWatchTableWatchesEveryFolderOnTheWay() {
        var added: [String] = []
        var onTheWay: Set<String> = []
        let (table, problems) = FileWatcher.WatchTable.build(for: ["/srv/kiosk/current/kiosk.json", "/srv/kiosk/current/img/a.png"]) { folder, onTheWayOnly in
            added.append(folder)
            if onTheWayOnly { onTheWay.insert(folder) }
            return .success(Int32(added.count))
        }
        #expect(problems.isEmpty)
        #expect(Set(added) == ["/srv/kiosk/current", "/srv/kiosk/current/img", "/", "/srv", "/srv/kiosk"])
        // Folders that only lead on are watched for names coming and going, not for every write in them.
        #expect(onTheWay == ["/", "/srv", "/srv/kiosk"])
        let current = Int32(added.firstIndex(of: "/srv/kiosk")! + 1)
        #expect(table.components[current] == ["current"])
        #expect(table.meaning(of: UInt32(IN_MOVED_TO), name: "current", in: current) == .pathChanged)
        #expect(table.meaning(of: UInt32(IN_CREATE), name: "current.tmp", in: current) == .none)
        let img = Int32(added.firstIndex(of: "/srv/kiosk/current/img")! + 1)
        #expect(table.meaning(of: UInt32(IN_MODIFY), name: "a.png", in: img) == .file(["/srv/kiosk/current/img/a.png"], writing: true))
        #expect(table.meaning(of: UInt32(IN_CLOSE_WRITE), name: "a.png", in: img) == .file(["/srv/kiosk/current/img/a.png"], writing: false))
        #expect(table.meaning(of: UInt32(IN_CREATE), name: ".a.png.Xy12", in: img) == .activity)
    }
}
