import Foundation
import Testing
@testable import VitrineCore
@testable import VitrineSystem

/// What the watcher does with paths no system call could take: they are refused at once, one short problem each,
/// with no folder looked at, so time and memory stay bounded whatever a config names.
@Suite struct FileWatcherBoundsTests {
    @Test func aPathLongerThanPATHMAXIsOneShortProblemAndNoWatch() {
        // "a/" x 20,000: the kiosk ignored SIGTERM for 41 s and peaked at 796 MB setting up a watch on each of the
        // 20,000 folders on the way, and the warning quoted all 40,000 characters. 2,100 are past PATH_MAX too.
        let long = String(repeating: "a/", count: 2_100) + "x.jpg"
        var added = 0
        let (table, problems) = FileWatcher.WatchTable.build(for: [PathKey(long), "/srv/kiosk.json"]) { _, _ in
            added += 1
            return .success(Int32(added))
        }
        #expect(added == 2, "only /srv and / are watched, for /srv/kiosk.json")
        #expect(table.folderOf[PathKey(long)] == nil)
        #expect(problems.count == 1)
        let message = problems.first.map { "\($0)" } ?? ""
        #expect(message.hasSuffix(": the path is longer than 4095 bytes"), "\(message.prefix(300))")
        #expect(message.count < 200, "\(message.count) characters")
    }

    @Test func aFolderThatCannotBeWatchedIsQuotedShort() throws {
        let folder = try TemporaryFolder(prefix: "vitrine-watch-bounds")
        defer { folder.remove() }
        let missing = folder.path + "/" + String(repeating: "b", count: 250) + "/" + String(repeating: "c", count: 250)
        let watcher = try FileWatcher(paths: [PathKey(missing + "/x.jpg")]) { _ in }
        defer { watcher.stop() }
        #expect(watcher.initialProblems.map(\.description) == ["inotify_add_watch(\(Limits.shortened(missing))): No such file or directory"])
    }

    @Test func theWatcherRefusesAnOverlongPathAndWatchesTheRest() throws {
        let folder = try TemporaryFolder(prefix: "vitrine-watch-bounds")
        defer { folder.remove() }
        let long = PathKey(folder.path + "/" + String(repeating: "a/", count: 2_100) + "x.jpg")
        let good = PathKey(folder.path + "/good.jpg")
        let watcher = try FileWatcher(paths: [long, good]) { _ in }
        defer { watcher.stop() }
        #expect(watcher.initialProblems.count == 1)
        #expect(watcher.initialProblems.first.map { "\($0)".count < 300 } == true)
    }
}
