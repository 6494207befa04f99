import Foundation
import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// Deploys under a running deck, through the kiosk's ``DeckReloader`` and watcher: a folder renamed over the
    /// old one, a `current` symlink swapped, `rsync --delay-updates`. Each gives exactly one reload, straight to
    /// the new deck, with no placeholder; a config that arrives before its pictures waits for them.
    @Suite struct DeployReload {
        /// How long a test waits for the watcher (a push takes a few seconds); each wait ends once it is woken.
        static let timeout = 15.0

        /// A deck on disk under `root`, read through `configPath`, and a headless kiosk showing it.
        final class Rig {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-deploy-\(UUID().uuidString)").path
            let problems = Problems()
            var headless: HeadlessRenderer!
            var reloader: DeckReloader!
            var session: KioskSession!
            var woke = DispatchSemaphore(value: 0)
            var outcomes: [ReloadOutcome] = []

            final class Problems: @unchecked Sendable {
                var lines: [String] = []
            }

            init() throws {
                _ = Fixture.library
                try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            }

            deinit {
                reloader?.stopWatching()
                try? FileManager.default.removeItem(atPath: root)
            }

            /// Writes a release into `folder` (under the root): a config of one card per demo picture, copied in.
            func release(_ folder: String, _ pictures: [String]) throws {
                let path = "\(root)/\(folder)"
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
                var cards: [String] = []
                for picture in pictures {
                    try FileManager.default.copyItem(atPath: "\(Fixture.root)/Assets/Demo/\(picture).jpg", toPath: "\(path)/\(picture).jpg")
                    cards.append(#"{"title": "\#(picture)", "image": "\#(picture).jpg"}"#)
                }
                try #"{"cards": [\#(cards.joined(separator: ", "))]}"#.write(toFile: "\(path)/kiosk.json", atomically: false, encoding: .utf8)
            }

            /// Starts the kiosk on the config at `config` (under the root), watching it.
            func start(_ config: String) throws {
                let loaded = try KioskConfig.load(path: "\(root)/\(config)").config
                let problems = problems
                headless = try HeadlessRenderer(config: loaded, size: PixelSize(width: 300, height: 200),
                                                fonts: FontLibrary(paths: Fixture.fontPaths), report: { problems.lines.append($0) })
                reloader = DeckReloader(config: loaded, deck: headless.deck, events: try EventLog(path: "\(root)/events.jsonl"),
                                        report: { problems.lines.append($0) })
                session = KioskSession(pageCount: loaded.cards.count, wraps: loaded.wrap, stage: headless.deck.stage)
                let woke = woke
                try reloader.startWatching(debounce: 0.05) { woke.signal() }
                _ = try frame()
            }

            /// Reloads each time the watcher wakes the "loop", until `done` holds for an outcome; false on timeout.
            func reloadUntil(_ done: (ReloadOutcome) -> Bool) -> Bool {
                let deadline = DispatchTime.now() + DeployReload.timeout
                while woke.wait(timeout: deadline) == .success {
                    if let outcome = reloader.reloadPending(session: &session, at: 0, t: 0) {
                        outcomes.append(outcome)
                        if done(outcome) { return true }
                    }
                }
                return false
            }

            /// The frame on screen now.
            func frame() throws -> RGBAImage { try RGBAImage(headless.render(session.snapshot())) }

            /// What a fresh kiosk on the reloader's current config shows.
            func freshFrame() throws -> RGBAImage {
                let fresh = try HeadlessRenderer(config: reloader.config, size: PixelSize(width: 300, height: 200),
                                                 fonts: FontLibrary(paths: Fixture.fontPaths))
                return try RGBAImage(fresh.render(session.snapshot()))
            }

            /// The `deckReloaded` lines of the event log.
            func reloads() throws -> [String] {
                try String(contentsOfFile: "\(root)/events.jsonl", encoding: .utf8).split(separator: "\n").map(String.init)
                    .filter { $0.contains("deckReloaded") }
            }

            /// Checks the deploy gave one reload to the deck of `pictures`, showing it whole; then rewrites one of
            /// its images in place as a fence: its reload must be the second and last.
            func expectOneReload(to pictures: [String], fenceImage: String) throws {
                #expect(reloadUntil { if case .reloaded = $0 { true } else { false } }, "no reload: \(problems.lines)")
                #expect(reloader.config.cards.map(\.title) == pictures)
                #expect(try frame() == freshFrame())
                #expect(!problems.lines.contains { $0.contains("image unavailable") }, "\(problems.lines)")
                let bytes = try Data(contentsOf: URL(fileURLWithPath: fenceImage))
                try bytes.write(to: URL(fileURLWithPath: fenceImage))
                #expect(reloadUntil { _ in true })
                #expect(try reloads() == [#"{"t":0.000,"event":"deckReloaded","cards":\#(pictures.count)}"#,
                                          #"{"t":0.000,"event":"deckReloaded","cards":\#(pictures.count)}"#])
                #expect(outcomes.allSatisfy { $0 == .reloaded(cards: pictures.count, page: 0) }, "\(outcomes)")
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
            try rig.expectOneReload(to: Self.new, fenceImage: "\(rig.root)/site/misty-hills.jpg")
        }

        @Test func aSwappedCurrentSymlinkReloadsOnce() throws {
            let rig = try Rig()
            try rig.release("releases/r1", Self.old)
            #expect(symlink("releases/r1", "\(rig.root)/current") == 0)
            try rig.start("current/kiosk.json")
            try rig.release("releases/r2", Self.new)
            #expect(symlink("releases/r2", "\(rig.root)/current.tmp") == 0)
            #expect(rename("\(rig.root)/current.tmp", "\(rig.root)/current") == 0)
            try rig.expectOneReload(to: Self.new, fenceImage: "\(rig.root)/releases/r2/misty-hills.jpg")
        }

        @Test func rsyncWithDelayedUpdatesReloadsOnce() throws {
            let rig = try Rig()
            try rig.release("site", Self.old)
            try rig.start("site/kiosk.json")
            try rig.release("push", Self.new)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/rsync")
            // The three pictures are about 210 KB: some two seconds at this rate.
            process.arguments = ["-r", "--delete", "--delay-updates", "--bwlimit=100", "\(rig.root)/push/", "\(rig.root)/site/"]
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            try rig.expectOneReload(to: Self.new, fenceImage: "\(rig.root)/site/misty-hills.jpg")
        }

        @Test func plainRsyncOverSeveralSecondsReloadsOnce() throws {
            // Without --delay-updates, rsync renames each file into place as it is done, the config ("kiosk.json")
            // before the pictures it names; its temporary files keep the folder busy, so the watcher reports once,
            // at the end (and a reload that found a picture missing would wait for it).
            let rig = try Rig()
            try rig.release("site", Self.old)
            try rig.start("site/kiosk.json")
            try rig.release("push", Self.new)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/rsync")
            process.arguments = ["-r", "--delete", "--bwlimit=100", "\(rig.root)/push/", "\(rig.root)/site/"]
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            try rig.expectOneReload(to: Self.new, fenceImage: "\(rig.root)/site/misty-hills.jpg")
        }

        @Test func aConfigThatArrivesBeforeItsPictureWaitsForIt() throws {
            let rig = try Rig()
            try rig.release("site", Self.old)
            try rig.start("site/kiosk.json")
            let before = try rig.frame()
            let config = #"{"cards": [{"title": "ember-mesa", "image": "ember-mesa.jpg"}, {"title": "late", "image": "late.jpg"}]}"#
            try config.write(toFile: "\(rig.root)/site/kiosk.json.tmp", atomically: false, encoding: .utf8)
            #expect(rename("\(rig.root)/site/kiosk.json.tmp", "\(rig.root)/site/kiosk.json") == 0)
            #expect(rig.reloadUntil { $0 == .waiting(missing: 1) })
            #expect(try rig.frame() == before, "the last deck stays while the picture is missing")
            try FileManager.default.copyItem(atPath: "\(Fixture.root)/Assets/Demo/starry-lake.jpg", toPath: "\(rig.root)/site/late.tmp")
            #expect(rename("\(rig.root)/site/late.tmp", "\(rig.root)/site/late.jpg") == 0)
            #expect(rig.reloadUntil { $0 == .reloaded(cards: 2, page: 0) }, "\(rig.outcomes)")
            #expect(try rig.reloads().count == 1)
            #expect(!rig.problems.lines.contains { $0.contains("image unavailable") }, "\(rig.problems.lines)")
            #expect(rig.problems.lines.contains { $0.contains("not there yet, such as \(rig.root)/site/late.jpg") }, "\(rig.problems.lines)")
        }
    }
}
