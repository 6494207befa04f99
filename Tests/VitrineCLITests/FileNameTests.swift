import Foundation
import Testing
import VitrineTestSupport

/// `café.png` spelt with a precomposed é (NFC) and with e and a combining accent (NFD) are two files on Linux:
/// `check`, `render` and `run` treat them as two.
@Suite struct FileNameTests {
    static let nfc = "caf\u{E9}.jpg"
    static let nfd = "cafe\u{301}.jpg"

    /// A deck of two cards, NFC and NFD, in `folder`; the NFC file is a copy of `nfcImage` and the NFD one of
    /// `nfdImage` when given (else missing).
    static func deck(in folder: TemporaryFolder, nfcImage: String, nfdImage: String?) throws -> String {
        // FileManager would normalise names on some platforms: copy through the raw bytes of each name.
        try Data(contentsOf: URL(fileURLWithPath: Checkout.demoImage(nfcImage))).write(to: URL(fileURLWithPath: folder.path + "/" + nfc))
        if let nfdImage {
            try Data(contentsOf: URL(fileURLWithPath: Checkout.demoImage(nfdImage))).write(to: URL(fileURLWithPath: folder.path + "/" + nfd))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).map { Array($0.utf8) }
        #expect(names.contains(Array(nfc.utf8)))
        #expect(names.contains(Array(nfd.utf8)) == (nfdImage != nil))
        return try folder.write("deck.json", #"{"cards": [{"title": "NFC", "image": "\#(nfc)"}, {"title": "NFD", "image": "\#(nfd)"}]}"#)
    }

    @Test func checkCountsTwoImages() throws {
        try withTemporaryFolder { folder in
            let config = try Self.deck(in: folder, nfcImage: "ember-mesa", nfdImage: "alpine-lake")
            let result = try VitrineProcess.run(["check", "--config", config], timeout: .seconds(20))
            #expect(result.code == 0 && result.out == "ok: 2 cards, 2 images, 2 fonts\n", "\(result.out) \(result.err)")
        }
    }

    @Test func checkFindsTheMissingOneOfTwoEquivalentNames() throws {
        try withTemporaryFolder { folder in
            let config = try Self.deck(in: folder, nfcImage: "ember-mesa", nfdImage: nil)
            let result = try VitrineProcess.run(["check", "--config", config], timeout: .seconds(20))
            #expect(result.code == 65, "\(result.out)")
            #expect(result.out.contains("\(config): cards[1].image: \(folder.path)/\(Self.nfd): No such file or directory\n"), "\(result.out)")
            #expect(result.out.hasSuffix("failed: 1 problem (2 cards, 1 of 2 images usable, 2 of 2 fonts usable)\n"))
        }
    }

    @Test func renderShowsEachCardsOwnFile() throws {
        try withTemporaryFolder { folder in
            let config = try Self.deck(in: folder, nfcImage: "ember-mesa", nfdImage: "alpine-lake")
            var pictures: [RGBAImage] = []
            for page in 0..<2 {
                let out = folder.path + "/page\(page).png"
                let result = try VitrineProcess.run(["render", "--config", config, "--page", "\(page)", "--size", "300x200", "--output", out],
                                                    timeout: .seconds(20))
                #expect(result.code == 0 && result.err.isEmpty, "\(result.err)")
                pictures.append(try RGBAImage(contentsOfPNG: out))
            }
            // The same deck with the two pictures under plain names.
            let plain = try folder.write("plain.json", #"{"cards": [{"title": "NFC", "image": "\#(Checkout.demoImage("ember-mesa"))"}, "#
                                         + #"{"title": "NFD", "image": "\#(Checkout.demoImage("alpine-lake"))"}]}"#)
            for page in 0..<2 {
                let out = folder.path + "/plain\(page).png"
                let result = try VitrineProcess.run(["render", "--config", plain, "--page", "\(page)", "--size", "300x200", "--output", out],
                                                    timeout: .seconds(20))
                #expect(result.code == 0, "\(result.err)")
                let expected = try RGBAImage(contentsOfPNG: out)
                #expect(ImageDifference.between(expected: expected, actual: pictures[page]) == nil, "page \(page) shows another picture")
            }
            #expect(pictures[0] != pictures[1])
        }
    }
}
