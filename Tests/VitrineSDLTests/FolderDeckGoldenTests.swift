import Foundation
import Testing
import VitrineCore
import VitrineFixtures
import VitrineSystem
import VitrineTestSupport

extension SDLTests {
    /// A folder deck rendered as `vitrine render --config photos/` draws it: a card titled by its sidecar, one by
    /// its Exif title and one by its file name, compared pixel for pixel with goldens.
    @Suite struct FolderDeckGoldens {
        /// A folder of three demo photos: `ember-mesa.jpg` with a sidecar, `harbour.jpg` with an Exif title, and
        /// `alpine_lake.jpg` with neither; loaded by the real loader.
        static func deck(in folder: String) throws -> KioskConfig {
            let demo = "\(Fixture.root)/Assets/Demo"
            try FileManager.default.copyItem(atPath: "\(demo)/ember-mesa.jpg", toPath: "\(folder)/ember-mesa.jpg")
            try #"{"title": "Ember Mesa at Dusk", "subtitle": "From its sidecar"}"#
                .write(toFile: "\(folder)/ember-mesa.json", atomically: false, encoding: .utf8)
            try FileManager.default.copyItem(atPath: "\(demo)/alpine-lake.jpg", toPath: "\(folder)/alpine_lake.jpg")
            let photo = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(demo)/coastline-cliffs.jpg")))
            let titled = ImageHeaders.inserting(ImageHeaders.exifSegment(description: "Harbour from the Exif title", xpTitle: nil), into: photo)
            try Data(titled).write(to: URL(fileURLWithPath: "\(folder)/harbour.jpg"))
            var (config, warnings) = try KioskConfig.load(path: folder)
            #expect(warnings.isEmpty)
            config.display.background = Color(red: 0x10, green: 0x10, blue: 0x14)
            return config
        }

        @Test func cardsWithAndWithoutSidecars() throws {
            let folder = try TemporaryFolder(prefix: "vitrine-folder-golden")
            defer { folder.remove() }
            let config = try Self.deck(in: folder.path)
            #expect(config.cards.map(\.title) == ["alpine lake", "Ember Mesa at Dusk", "Harbour from the Exif title"])
            let size = PixelSize(width: 600, height: 400)
            for (page, name) in [(0, "folder-file-name-600x400"), (1, "folder-sidecar-600x400"), (2, "folder-exif-title-600x400")] {
                let frame = try Fixture.render(config, size: size, page: page)
                let failure = Fixture.snapshots.verify(frame, named: name)
                #expect(failure == nil, Comment(rawValue: failure ?? ""))
            }
        }
    }
}
