import Foundation
import Testing
@testable import VitrineCore
@testable import VitrineSystem

/// A folder deck's folder watched as a list of entries (`photos/.`): the images and sidecars that appear, go or are
/// written there are changes; hidden names (rsync's temporaries), other files and subfolders are only activity.
@Suite struct FileWatcherListingTests {
    typealias Folder = FileWatcherTests.Folder
    typealias Reports = FileWatcherTests.Reports

    @Test func theListingOfAFolderMeansItsImagesAndSidecars() {
        var added: [String] = []
        let (table, problems) = FileWatcher.WatchTable.build(for: ["/srv/photos/.", "/srv/photos/a.jpg"]) { folder, _ in
            added.append(folder)
            return .success(Int32(added.count))
        }
        #expect(problems.isEmpty)
        let photos = Int32(added.firstIndex(of: "/srv/photos")! + 1)
        let listing: Set<PathKey> = ["/srv/photos/."]
        // A watched image is itself, as before.
        #expect(table.meaning(of: UInt32(IN_CLOSE_WRITE), name: "a.jpg", in: photos) == .file(["/srv/photos/a.jpg"], writing: false))
        #expect(table.meaning(of: UInt32(IN_CREATE), name: "b.jpg", in: photos) == .file(listing.union(["/srv/photos/b.jpg"]), writing: nil))
        #expect(table.meaning(of: UInt32(IN_MODIFY), name: "b.jpg", in: photos) == .file(listing.union(["/srv/photos/b.jpg"]), writing: true))
        #expect(table.meaning(of: UInt32(IN_CLOSE_WRITE), name: "b.JPG", in: photos) == .file(listing.union(["/srv/photos/b.JPG"]), writing: false))
        #expect(table.meaning(of: UInt32(IN_MOVED_TO), name: "b.json", in: photos) == .file(listing.union(["/srv/photos/b.json"]), writing: false))
        #expect(table.meaning(of: UInt32(IN_MOVED_FROM), name: "c.png", in: photos) == .file(listing.union(["/srv/photos/c.png"]), writing: false))
        #expect(table.meaning(of: UInt32(IN_DELETE), name: "c.png", in: photos) == .file(listing.union(["/srv/photos/c.png"]), writing: false))
        // Not a card's file: activity, which holds a report back but is none.
        #expect(table.meaning(of: UInt32(IN_CREATE), name: ".b.jpg.Xy12", in: photos) == .activity)
        // rsync --delay-updates' staging folder holds the report back while it is there.
        #expect(table.meaning(of: UInt32(IN_CREATE | IN_ISDIR), name: ".~tmp~", in: photos) == .file(["/srv/photos/.~tmp~"], writing: true))
        #expect(table.meaning(of: UInt32(IN_DELETE | IN_ISDIR), name: ".~tmp~", in: photos) == .file(["/srv/photos/.~tmp~"], writing: false))
        #expect(table.meaning(of: UInt32(IN_CREATE), name: ".~tmp~", in: photos) == .activity)
        #expect(table.meaning(of: UInt32(IN_CREATE | IN_ISDIR), name: "sub.jpg", in: photos) == .activity)
        #expect(table.meaning(of: UInt32(IN_CLOSE_WRITE), name: "notes.txt", in: photos) == .activity)
        #expect(table.meaning(of: UInt32(IN_ATTRIB), name: "b.jpg", in: photos) == .activity)
    }

    @Test func aFileCopiedIntoTheFolderIsReportedOnceWhole() throws {
        let folder = try Folder()
        // Put in place, not written there: the reports are counted exactly (see `Folder.place(_:at:)`).
        try folder.place("a", at: folder.file("a.jpg"))
        let reports = Reports()
        let watcher = try FileWatcher(paths: [PathKey(folder.path + "/."), PathKey(folder.file("a.jpg"))], debounce: FileWatcherTests.debounce) {
            reports.add($0)
        }
        defer { watcher.stop() }
        #expect(watcher.initialProblems.isEmpty)
        // A hidden temporary file is written, then renamed into place (as plain rsync does).
        try folder.place("b", at: folder.file(".b.jpg.Xy12"))
        #expect(rename(folder.file(".b.jpg.Xy12"), folder.file("b.jpg")) == 0)
        #expect(reports.wait(for: folder.file("b.jpg")))
        #expect(reports.all == [[folder.path + "/.", folder.file("b.jpg")]])
    }
}
