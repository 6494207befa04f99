import Testing
@testable import VitrineCore
import VitrineFixtures

/// `"cards": {"folder": …, "titles": false}`: a folder deck of pictures alone (photo-frame mode), sidecar titles kept.
@Suite struct FolderTitlesTests {
    @Test func titlesFalseLeavesPicturesWithoutASidecarTitleUntitled() {
        let exif = ImageHeaders.exifSegment(description: "From Exif", xpTitle: nil)
        let entries = [
            FolderEntry(name: "a.jpg", modified: 0, header: ImageHeaders.inserting(exif, into: FolderDeckTests.jpeg)),
            FolderEntry(name: "b_beach.jpg", modified: 0, header: FolderDeckTests.jpeg),
            FolderEntry(name: "c.jpg", modified: 0, header: FolderDeckTests.jpeg),
            FolderEntry(name: "c.json", contents: .success(Array(#"{"title": "Kept", "subtitle": "Also kept"}"#.utf8))),
        ]
        var source = FolderSource(path: "/srv/photos")
        #expect(FolderDeck.cards(from: FolderListing(entries: entries), source: source).cards.map(\.title) == ["From Exif", "b beach", "Kept"])
        source.titles = false
        let cards = FolderDeck.cards(from: FolderListing(entries: entries), source: source).cards
        #expect(cards.map(\.title) == ["", "", "Kept"])
        #expect(cards.map(\.subtitle) == ["", "", "Also kept"])
    }

    @Test func theKeyIsReadAndChecked() throws {
        #expect(try decodeConfig(#"{"cards": {"folder": "photos", "titles": false}}"#).config.folder?.titles == false)
        #expect(try decodeConfig(#"{"cards": {"folder": "photos"}}"#).config.folder?.titles == true)
        let error = try #require(configError(#"{"cards": {"folder": "photos", "titles": "no"}}"#))
        #expect(error.description == "/kiosk/config.json: cards.titles: expected true or false, found a string")
    }
}
