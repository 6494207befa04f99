import Foundation
import Testing
@testable import VitrineCore
@testable import VitrineSystem

/// Deploys under a running kiosk: the runtime on a clock that follows real time (``EmbeddedKiosk``), the real
/// watcher and the real loader, as `run` wires them. A folder renamed over the old one, a `current` symlink swap,
/// `rsync` with and without `--delay-updates`: each gives exactly one reload, straight to the complete new deck. A
/// config that arrives before its pictures keeps the last deck until they are there.
@Suite(.serialized) struct DeployReloadTests {
    /// The checkout, for the demo pictures.
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Watcher reports, handed from its thread to the test's.
    final class Changes: @unchecked Sendable {
        private let lock = NSLock()
        private let arrived = DispatchSemaphore(value: 0)
        private var batches: [Set<PathKey>] = []
        func add(_ paths: Set<PathKey>) {
            lock.withLock { batches.append(paths) }
            arrived.signal()
        }
        /// The next report, waiting at most `seconds`.
        func next(within seconds: Double) -> Set<PathKey>? {
            guard arrived.wait(timeout: .now() + max(0, seconds)) == .success else { return nil }
            return lock.withLock { batches.removeFirst() }
        }
    }

    /// A deck on disk under `root`, and a kiosk showing it through `configPath`.
    final class Rig {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-deploy-\(UUID().uuidString)").path
        let changes = Changes()
        let start = MonotonicClock.seconds
        var kiosk: EmbeddedKiosk!
        var watcher: FileWatcher!
        /// For each config read: the pictures it found missing.
        var missingAtLoad: [Int] = []

        init() throws { try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true) }
        deinit {
            watcher?.stop()
            try? FileManager.default.removeItem(atPath: root)
        }

        /// Seconds since the rig was made: the kiosk's clock.
        var t: Double { MonotonicClock.seconds - start }

        /// Writes a release into `folder` under the root: one card per demo picture, copied in.
        func release(_ folder: String, _ pictures: [String]) throws {
            let path = "\(root)/\(folder)"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            for picture in pictures {
                try TestFiles.copy("\(DeployReloadTests.checkout)/Assets/Demo/\(picture).jpg", to: "\(path)/\(picture).jpg")
            }
            try TestFiles.write(Rig.configText(pictures), to: "\(path)/kiosk.json")
        }

        static func configText(_ images: [String]) -> String {
            #"{"cards": [\#(images.map { #"{"title": "\#($0)", "image": "\#($0).jpg"}"# }.joined(separator: ", "))]}"#
        }

        /// Starts the kiosk on the config at `config` under the root, and the watcher on what it watches.
        func start(_ config: String) throws {
            let loaded = try KioskConfig.load(path: "\(root)/\(config)").config
            kiosk = EmbeddedKiosk(config: loaded, pixels: PixelSize(width: 900, height: 600), start: t) { [unowned self] path in
                let result = LoadedConfig.read(path)
                if case .success(let config) = result { missingAtLoad.append(config.missingImages.count) }
                return result
            }
            kiosk.advance(to: t)  // The first frame: then the deck's files are watched.
            let changes = changes
            watcher = try FileWatcher(paths: kiosk.watched, debounce: 0.05) { changes.add($0) }
        }

        /// Feeds the watcher's reports to the kiosk, and moves its clock, until `done` holds; false after `timeout`.
        func run(timeout: Double = 15, until done: () -> Bool) -> Bool {
            let deadline = t + timeout
            while !done() {
                guard t < deadline else { return false }
                let wake = min(deadline, kiosk.runtime.nextWake ?? deadline)
                if let paths = changes.next(within: wake - t) {
                    kiosk.send(.filesChanged(paths), at: t)
                } else {
                    kiosk.advance(to: t)
                }
                if watcher.paths != kiosk.watched { watcher.watch(kiosk.watched) }
            }
            return true
        }

        /// The card counts of the `deckReloaded` lines so far.
        var reloads: [Int] { kiosk.events.compactMap { if case .deckReloaded(let cards) = $0.event { cards } else { nil } } }

        /// Checks the deploy gave one reload, to the complete deck of `pictures`; then changes one of its
        /// pictures in place as a fence, whose reload must be the second and last.
        func expectOneReload(to pictures: [String], fence: String) throws {
            #expect(run { !reloads.isEmpty }, "no reload: \(kiosk.reports)")
            #expect(kiosk.runtime.config.cards.map(\.title) == pictures)
            #expect(kiosk.runtime.config.missingImages().isEmpty)
            #expect(missingAtLoad.last == 0, "the deck was taken with pictures missing: \(missingAtLoad)")
            try TestFiles.rewrite(fence)
            #expect(run { reloads.count >= 2 })
            #expect(reloads == [pictures.count, pictures.count], "\(reloads)")
        }

        /// Runs rsync with `arguments` (then the source and the destination).
        func rsync(_ arguments: [String], from source: String, to destination: String) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/rsync")
            process.arguments = arguments + ["\(root)/\(source)/", "\(root)/\(destination)/"]
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "rsync is needed (apt-get install rsync; make test installs it)")
        }
    }

    static let old = ["ember-mesa", "alpine-lake"]
    static let new = ["misty-hills", "starry-lake", "prairie-panorama"]

    @Test func aFolderRenamedOverTheOldOneReloadsOnce() throws {
        let rig = try Rig()
        try rig.release("site", Self.old)
        try rig.start("site/kiosk.json")
        try rig.release("site.new", Self.new)
        #expect(rename("\(rig.root)/site", "\(rig.root)/site.old") == 0)
        #expect(rename("\(rig.root)/site.new", "\(rig.root)/site") == 0)
        try rig.expectOneReload(to: Self.new, fence: "\(rig.root)/site/misty-hills.jpg")
    }

    @Test func aSwappedCurrentSymlinkReloadsOnce() throws {
        let rig = try Rig()
        try rig.release("releases/r1", Self.old)
        #expect(symlink("releases/r1", "\(rig.root)/current") == 0)
        try rig.start("current/kiosk.json")
        try rig.release("releases/r2", Self.new)
        #expect(symlink("releases/r2", "\(rig.root)/current.tmp") == 0)
        #expect(rename("\(rig.root)/current.tmp", "\(rig.root)/current") == 0)
        try rig.expectOneReload(to: Self.new, fence: "\(rig.root)/releases/r2/misty-hills.jpg")
    }

    @Test func rsyncWithDelayedUpdatesOverSeveralSecondsReloadsOnce() throws {
        let rig = try Rig()
        try rig.release("site", Self.old)
        try rig.start("site/kiosk.json")
        try rig.release("push", Self.new)
        // The three pictures are about 210 KB: some two seconds at 100 KB/s.
        try rig.rsync(["-r", "--delete", "--delay-updates", "--bwlimit=100"], from: "push", to: "site")
        try rig.expectOneReload(to: Self.new, fence: "\(rig.root)/site/misty-hills.jpg")
    }

    @Test func plainRsyncOverSeveralSecondsReloadsOnce() throws {
        // Without --delay-updates, rsync renames each file into place as it is done, the config ("kiosk.json")
        // before the pictures it names; its temporary files keep the folder busy, and a reload that found a
        // picture missing would wait for it.
        let rig = try Rig()
        try rig.release("site", Self.old)
        try rig.start("site/kiosk.json")
        try rig.release("push", Self.new)
        try rig.rsync(["-r", "--delete", "--bwlimit=100"], from: "push", to: "site")
        try rig.expectOneReload(to: Self.new, fence: "\(rig.root)/site/misty-hills.jpg")
    }

    @Test func aConfigThatArrivesBeforeItsPictureKeepsTheLastDeckUntilItIsThere() throws {
        let rig = try Rig()
        try rig.release("site", Self.old)
        try rig.start("site/kiosk.json")
        try TestFiles.write(Rig.configText(["ember-mesa", "late"]), to: "\(rig.root)/site/kiosk.json.tmp")
        #expect(rename("\(rig.root)/site/kiosk.json.tmp", "\(rig.root)/site/kiosk.json") == 0)
        #expect(rig.run { rig.kiosk.reports.contains { $0.contains("not there yet") } }, "\(rig.kiosk.reports)")
        #expect(rig.reloads.isEmpty)
        #expect(rig.kiosk.runtime.config.cards.map(\.title) == Self.old)
        #expect(rig.kiosk.reports.last?.hasSuffix("such as \(rig.root)/site/late.jpg; keeping the last deck for up to 10 s while they arrive") == true)
        // The picture arrives (written, then renamed into place): the new deck shows, once.
        try TestFiles.copy("\(Self.checkout)/Assets/Demo/starry-lake.jpg", to: "\(rig.root)/site/late.tmp")
        #expect(rename("\(rig.root)/site/late.tmp", "\(rig.root)/site/late.jpg") == 0)
        #expect(rig.run { !rig.reloads.isEmpty }, "\(rig.kiosk.reports)")
        #expect(rig.reloads == [2])
        #expect(rig.kiosk.runtime.config.cards.map(\.title) == ["ember-mesa", "late"])
    }
}
