import Testing
@testable import VitrineCore
import VitrineFixtures

/// Video files in a folder deck become video cards: their first frame is the poster, a sidecar gives their texts.
@Suite struct FolderVideoTests {
    /// The first bytes of an MP4 (an `ftyp` box): no image signature.
    static let mp4: [UInt8] = [0, 0, 0, 0x20] + Array("ftypisom".utf8) + [UInt8](repeating: 0, count: 20)

    @Test func videoFilesAreVideoCardsAndOtherNamesStayOut() {
        let entries = ["lobby.mp4", "intro.WEBM", "b-roll.mkv", "clip.mov", "notes.avi", "photo.jpg"].map { name in
            FolderEntry(name: name, header: name.hasSuffix(".jpg") ? ImageHeaders.jpeg(width: 300, height: 200) : Self.mp4)
        } + [FolderEntry(name: "lobby.json", contents: .success(Array(#"{"title": "Welcome"}"#.utf8)))]
        let (cards, problems) = FolderDeck.cards(from: FolderListing(entries: entries), source: FolderSource(path: "/srv/deck"))
        #expect(problems.isEmpty, "\(problems)")
        #expect(cards.map(\.image) == ["/srv/deck/b-roll.mkv", "/srv/deck/clip.mov", "/srv/deck/intro.WEBM", "/srv/deck/lobby.mp4",
                                       "/srv/deck/photo.jpg"])
        #expect(cards.map { $0.video?.path } == ["/srv/deck/b-roll.mkv", "/srv/deck/clip.mov", "/srv/deck/intro.WEBM", "/srv/deck/lobby.mp4", nil])
        #expect(cards.compactMap(\.video).allSatisfy { !$0.hasPoster })
        #expect(cards[3].title == "Welcome", "the sidecar names the video card")
        #expect(FolderDeck.role(of: "lobby.mp4") == .image && FolderDeck.role(of: "notes.avi") == .ignored)
    }
}
