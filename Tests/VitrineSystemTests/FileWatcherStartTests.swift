import Foundation
import Testing
@testable import VitrineCore
@testable import VitrineSystem

/// A file read before its watch was in place: a change in between is reported once the watcher starts.
@Suite struct FileWatcherStartTests {
    typealias Folder = FileWatcherTests.Folder
    typealias Reports = FileWatcherTests.Reports

    /// The status change time of the file at `path`.
    static func changeTime(_ path: String) -> timespec {
        var status = stat()
        #expect(stat(path, &status) == 0)
        return status.st_ctim
    }

    @Test func aFileCompletedBeforeItsWatchIsReportedOnceTheWatchIsSet() throws {
        // As the kiosk started, a picture was read while it was still being written (0 bytes) and completed
        // milliseconds later, before its watch was set: no change was seen and it stayed the placeholder.
        let folder = try Folder()
        try TestFiles.write([], to: folder.file("a.png"))
        let readsBegan = Self.changeTime(folder.file("a.png"))  // The kiosk reads the empty file.
        try TestFiles.write(Array("the whole picture".utf8), to: folder.file("a.png"))
        let reports = Reports()
        let watcher = try FileWatcher(paths: [PathKey(folder.file("a.png"))], debounce: FileWatcherTests.debounce,
                                      changedSince: readsBegan) { reports.add($0) }
        defer { watcher.stop() }
        #expect(reports.wait(for: folder.file("a.png")))
    }

    @Test func filesUnchangedSinceTheFirstReadAreNotReported() throws {
        let folder = try Folder()
        try folder.place("old", at: folder.file("a.png"))
        var later = Self.changeTime(folder.file("a.png"))
        later.tv_sec += 1
        let reports = Reports()
        let sentinel = folder.file("sentinel.txt")
        let watcher = try FileWatcher(paths: [PathKey(folder.file("a.png")), PathKey(sentinel)], debounce: FileWatcherTests.debounce,
                                      changedSince: later) { reports.add($0) }
        defer { watcher.stop() }
        try folder.place("1", at: sentinel)
        #expect(reports.wait(for: sentinel))
        #expect(reports.all == [[sentinel]])
    }

    @Test func filesWrittenJustBeforeTheMarkAreNotReported() throws {
        // A deck written a moment before `run` starts: each file's change time, stamped by the kernel, must not come
        // after the mark `run` takes before its first read, or the deck is reloaded once for nothing.
        let folder = try Folder()
        let files = (0..<50).map { folder.file("card-\($0).png") }
        var late: [String] = []
        var mark = timespec()
        for file in files {
            try TestFiles.write("picture", to: file)
            _ = Self.changeTime(file)  // Its times are read (a deploy tool's check), so the next stamp may be fine.
            try TestFiles.write("picture, whole", to: file)
            mark = FileWatcher.readMark()
            let time = Self.changeTime(file)
            if (time.tv_sec, time.tv_nsec) > (mark.tv_sec, mark.tv_nsec) { late.append(file) }
        }
        #expect(late.count == 0, "changed after the mark that followed their writing: \(late.count) of \(files.count)")
        let reports = Reports()
        let sentinel = folder.file("sentinel.txt")
        let watcher = try FileWatcher(paths: files.map { PathKey($0) } + [PathKey(sentinel)], debounce: FileWatcherTests.debounce,
                                      changedSince: mark) { reports.add($0) }
        defer { watcher.stop() }
        try folder.place("1", at: sentinel)
        #expect(reports.wait(for: sentinel))
        #expect(reports.all == [[sentinel]])
    }
}
