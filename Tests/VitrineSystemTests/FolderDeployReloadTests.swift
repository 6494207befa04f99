import Foundation
import Testing
@testable import VitrineCore
@testable import VitrineSystem

/// A folder deck under a running kiosk (the real watcher and loader, as in ``DeployReloadTests``): a file added or
/// removed reloads it, the card on screen stays on screen, and `rsync --delay-updates` into the folder or a
/// symlink swap of the folder gives exactly one reload, straight to the new set of pictures.
@Suite(.serialized) struct FolderDeployReloadTests {
    typealias Rig = DeployReloadTests.Rig

    /// Copies the demo `pictures` into `folder` under the rig's root, named `PICTURE.jpg`.
    static func fill(_ rig: Rig, _ folder: String, _ pictures: [String]) throws {
        let path = "\(rig.root)/\(folder)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for picture in pictures {
            try TestFiles.copy("\(DeployReloadTests.checkout)/Assets/Demo/\(picture).jpg", to: "\(path)/\(picture).jpg")
        }
    }

    /// The file names of the deck's cards.
    static func names(_ rig: Rig) -> [String] { rig.kiosk.runtime.config.cards.compactMap(\.id) }

    /// Checks the deploy gave one reload, to `pictures`; then rewrites `fence` in place, whose reload must be the
    /// second and last.
    static func expectOneReload(_ rig: Rig, to pictures: [String], fence: String) throws {
        #expect(rig.run { !rig.reloads.isEmpty }, "no reload: \(rig.kiosk.reports)")
        #expect(names(rig) == pictures.map { "\($0).jpg" })
        try TestFiles.rewrite(fence)
        #expect(rig.run { rig.reloads.count >= 2 })
        #expect(rig.reloads == [pictures.count, pictures.count], "\(rig.reloads)")
    }

    @Test func aFileAddedBeforeTheCurrentCardAddsACardAndTheScreenStaysOnIt() throws {
        let rig = try Rig()
        try Self.fill(rig, "photos", ["canyon", "misty-hills"])
        try rig.start("photos")
        rig.kiosk.send(.paging(.key(.next)), at: rig.t)
        #expect(rig.run { rig.kiosk.runtime.session.isIdle && rig.kiosk.runtime.session.pager.currentPage == 1 })
        // alpine-lake.jpg sorts before misty-hills.jpg, the card on screen.
        try Self.fill(rig, "photos", ["alpine-lake"])
        #expect(rig.run { !rig.reloads.isEmpty }, "no reload: \(rig.kiosk.reports)")
        #expect(Self.names(rig) == ["alpine-lake.jpg", "canyon.jpg", "misty-hills.jpg"])
        #expect(rig.kiosk.runtime.session.pager.currentPage == 2)
        #expect(rig.kiosk.events.contains { $0.event == .pageMovedByReload(from: 1, to: 2) })
        // A file removed: one more reload, still on the same card.
        #expect(unlink("\(rig.root)/photos/canyon.jpg") == 0)
        #expect(rig.run { rig.reloads.count >= 2 })
        #expect(Self.names(rig) == ["alpine-lake.jpg", "misty-hills.jpg"])
        #expect(rig.kiosk.runtime.session.pager.currentPage == 1)
        #expect(rig.reloads == [3, 2])
    }

    @Test func aSidecarAddedRetitlesItsCard() throws {
        let rig = try Rig()
        try Self.fill(rig, "photos", ["canyon"])
        try rig.start("photos")
        #expect(rig.kiosk.runtime.config.cards.map(\.title) == ["canyon"])
        try TestFiles.write(#"{"title": "Red Rock Canyon"}"#, to: "\(rig.root)/photos/canyon.json", atomically: true)
        #expect(rig.run { !rig.reloads.isEmpty })
        #expect(rig.kiosk.runtime.config.cards.map(\.title) == ["Red Rock Canyon"])
    }

    @Test func rsyncWithDelayedUpdatesIntoTheFolderReloadsOnce() throws {
        let rig = try Rig()
        try Self.fill(rig, "photos", DeployReloadTests.old)
        try rig.start("photos")
        try Self.fill(rig, "push", DeployReloadTests.new)
        // The three pictures are about 210 KB: some two seconds at 100 KB/s, all held in .~tmp~ until the end.
        try rig.rsync(["-r", "--delete", "--delay-updates", "--bwlimit=100"], from: "push", to: "photos")
        try Self.expectOneReload(rig, to: DeployReloadTests.new.sorted(by: FolderDeck.naturallyPrecedes),
                                 fence: "\(rig.root)/photos/misty-hills.jpg")
    }

    @Test func aSymlinkSwapOfTheFolderReloadsOnce() throws {
        let rig = try Rig()
        try Self.fill(rig, "releases/r1", DeployReloadTests.old)
        #expect(symlink("releases/r1", "\(rig.root)/photos") == 0)
        try TestFiles.write("{\"cards\": {\"folder\": \"photos\"}}", to: "\(rig.root)/kiosk.json", atomically: true)
        try rig.start("kiosk.json")
        try Self.fill(rig, "releases/r2", DeployReloadTests.new)
        // ln -sfn releases/r2 photos.tmp && mv -T photos.tmp photos
        #expect(symlink("releases/r2", "\(rig.root)/photos.tmp") == 0)
        #expect(rename("\(rig.root)/photos.tmp", "\(rig.root)/photos") == 0)
        try Self.expectOneReload(rig, to: DeployReloadTests.new.sorted(by: FolderDeck.naturallyPrecedes),
                                 fence: "\(rig.root)/releases/r2/misty-hills.jpg")
    }
}
