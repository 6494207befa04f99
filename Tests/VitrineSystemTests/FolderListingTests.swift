import Foundation
import Testing
@testable import VitrineCore
@testable import VitrineSystem
import VitrineFixtures

/// The folder deck loader on real folders: what it opens and what it leaves alone (a FIFO is never opened for
/// reading, so nothing blocks), a folder reached through a symbolic link, a folder where a config is expected.
@Suite struct FolderListingTests {
    /// The checkout, for the demo pictures.
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// A fresh folder, removed when done.
    final class Scratch {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-folder-\(UUID().uuidString)").path
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func write(_ name: String, _ bytes: [UInt8]) throws {
            let url = URL(fileURLWithPath: "\(path)/\(name)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        func write(_ name: String, _ text: String) throws { try write(name, Array(text.utf8)) }
        func demo(_ picture: String, as name: String) throws {
            let url = URL(fileURLWithPath: "\(path)/\(name)")
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: "\(FolderListingTests.checkout)/Assets/Demo/\(picture).jpg", toPath: "\(path)/\(name)")
        }
    }

    /// A demo photo with an Exif `ImageDescription` of `description` inserted after its SOI.
    static func photo(titled description: String) throws -> [UInt8] {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(checkout)/Assets/Demo/canyon.jpg")))
        return ImageHeaders.inserting(ImageHeaders.exifSegment(description: description, xpTitle: nil), into: bytes)
    }

    @Test func aFolderOfPhotosBecomesADeck() throws {
        let scratch = try Scratch()
        let folder = "\(scratch.path)/photos"
        try scratch.demo("ember-mesa", as: "photos/beach_day.jpg")
        try scratch.write("photos/beach_day.json", #"{"title": "Sunny Beach", "subtitle": "Summer 2026"}"#)
        try scratch.write("photos/harbour.jpg", try Self.photo(titled: "Harbour at dawn"))
        try scratch.demo("alpine-lake", as: "photos/img10.jpg")
        try scratch.demo("misty-hills", as: "photos/img2.jpg")
        try scratch.write("photos/img2.json", #"{"title": 3}"#)
        try scratch.write("photos/notes.txt", "not a card")
        try scratch.write("photos/fake.png", "not a picture")
        try scratch.write("photos/.hidden.jpg", try Self.photo(titled: "Hidden"))
        try scratch.write("photos/.~tmp~/img3.jpg", try Self.photo(titled: "Half deployed"))
        try scratch.write("photos/sub/inner.jpg", try Self.photo(titled: "In a subfolder"))
        #expect(mkfifo("\(folder)/pipe.jpg", 0o644) == 0)
        #expect(mkfifo("\(folder)/pipe.json", 0o644) == 0)
        #expect(symlink("../elsewhere/nothing.jpg", "\(folder)/dangling.jpg") == 0)
        #expect(symlink("pipe.jpg", "\(folder)/link-to-pipe.jpg") == 0)
        #expect(symlink("img10.jpg", "\(folder)/link.jpg") == 0)
        try scratch.write("kiosk.json", #"{"cards": {"folder": "photos"}, "wrap": false}"#)

        // Nothing above blocks: the FIFOs are never opened for reading.
        let (config, warnings) = try KioskConfig.load(path: "\(scratch.path)/kiosk.json")
        #expect(config.cards.map(\.title) == ["Sunny Beach", "Harbour at dawn", "img2", "img10", "link"])
        #expect(config.cards.map(\.subtitle) == ["Summer 2026", "", "", "", ""])
        #expect(config.cards.first?.image == "\(folder)/beach_day.jpg")
        #expect(!config.wrap)
        #expect(warnings.map(\.description) == [
            "\(folder)/fake.png: (file): left out: not an image (starts with text)",
            "\(folder)/img2.json: title: expected a non-empty string, found a number; the card uses its fallback title",
        ])
    }

    @Test func aFolderWhereAConfigIsExpectedIsADeckWithDefaults() throws {
        let scratch = try Scratch()
        try scratch.demo("ember-mesa", as: "b.jpg")
        try scratch.demo("canyon", as: "a.jpg")
        for path in [scratch.path, scratch.path + "/"] {
            let (config, warnings) = try KioskConfig.load(path: path)
            #expect(config.cards.map(\.id) == ["a.jpg", "b.jpg"])
            #expect(config.file == path)
            #expect(config.isFolderOnly)
            #expect(config.display == DisplayConfig())
            #expect(warnings.isEmpty)
        }
    }

    @Test func aFolderThroughASymbolicLinkIsListed() throws {
        let scratch = try Scratch()
        try scratch.demo("ember-mesa", as: "releases/r1/one.jpg")
        #expect(symlink("releases/r1", "\(scratch.path)/photos") == 0)
        try scratch.write("kiosk.json", #"{"cards": {"folder": "photos", "order": "modified"}}"#)
        let (config, _) = try KioskConfig.load(path: "\(scratch.path)/kiosk.json")
        #expect(config.cards.map(\.image) == ["\(scratch.path)/photos/one.jpg"])
        let (direct, _) = try KioskConfig.load(path: "\(scratch.path)/photos")
        #expect(direct.cards.map(\.title) == ["one"])
    }

    @Test func modifiedOrderReadsTheFilesTimes() throws {
        let scratch = try Scratch()
        for (name, age) in [("a.jpg", 10.0), ("b.jpg", 30.0), ("c.jpg", 20.0)] {
            try scratch.demo("canyon", as: name)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: "\(scratch.path)/\(name)")
        }
        let listing = try FolderListing.read(folder: scratch.path, order: .modified)
        let cards = FolderDeck.cards(from: listing, source: FolderSource(path: scratch.path, order: .modified)).cards
        #expect(cards.map(\.id) == ["b.jpg", "c.jpg", "a.jpg"])
    }

    @Test func aMissingFolderIsUnreadableAtItsField() throws {
        let scratch = try Scratch()
        try scratch.write("kiosk.json", #"{"cards": {"folder": "gone"}}"#)
        #expect(throws: ConfigError(kind: .unreadable, diagnostics: [ConfigDiagnostic(
            file: "\(scratch.path)/kiosk.json", path: "cards.folder",
            message: "cannot list the folder \"\(scratch.path)/gone\": No such file or directory")])) {
            try KioskConfig.load(path: "\(scratch.path)/kiosk.json")
        }
        // A FIFO named as the folder is refused at once, not opened for reading.
        #expect(mkfifo("\(scratch.path)/gone", 0o644) == 0)
        #expect(throws: ConfigError.self) { try KioskConfig.load(path: "\(scratch.path)/kiosk.json") }
    }

    @Test func aNameThatIsNotUTF8IsLeftOutWithOneLine() throws {
        let scratch = try Scratch()
        try scratch.demo("canyon", as: "a.jpg")
        for name in [[0x62, 0xFF, 0x2E, 0x6A, 0x70, 0x67], [0x63, 0xFE, 0x2E, 0x74, 0x78, 0x74]] as [[UInt8]] {
            let path = Array(scratch.path.utf8) + [0x2F] + name + [0]
            let descriptor = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) } }
            #expect(descriptor >= 0)
            close(descriptor)
        }
        let (config, warnings) = try KioskConfig.load(path: scratch.path)
        #expect(config.cards.map(\.id) == ["a.jpg"])
        #expect(warnings.map(\.description) == ["\(scratch.path)/b\u{FFFD}.jpg: (file): the name is not UTF-8; left out"])
    }

    @Test func aReloadOpensOnlyNewAndChangedFiles() throws {
        let scratch = try Scratch()
        try scratch.demo("canyon", as: "a.jpg")
        try scratch.demo("canyon", as: "b.jpg")
        let source = FolderSource(path: scratch.path)
        func titles() throws -> [String] {
            FolderDeck.cards(from: try FolderListing.read(folder: scratch.path, order: .name), source: source).cards.map(\.title)
        }
        #expect(try titles() == ["a", "b"])
        let hits = FolderImageCache.shared.hits
        #expect(try titles() == ["a", "b"])
        #expect(FolderImageCache.shared.hits - hits >= 2, "both files unchanged: neither opened again")
        // b.jpg rewritten with an Exif title (and its time moved, as a copy of the same second would not): read again.
        try scratch.write("b.jpg", try Self.photo(titled: "Now with a title"))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: "\(scratch.path)/b.jpg")
        #expect(try titles() == ["a", "Now with a title"])
        // Replaced by a file that is no image: left out at once.
        try scratch.write("a.jpg.tmp", "text")
        #expect(rename("\(scratch.path)/a.jpg.tmp", "\(scratch.path)/a.jpg") == 0)
        #expect(try titles() == ["Now with a title"])
    }

    @Test func theListingStopsAtItsEntryLimit() throws {
        let scratch = try Scratch()
        for name in ["a.jpg", "b.jpg", ".hidden", "notes.txt", "sub"] { try scratch.write(name, "x") }
        // Every entry counts, hidden and ignored ones too: at the limit nothing is cut, one past it is.
        #expect(try !FolderListing.list(scratch.path, order: .name, entryLimit: 5).isCut)
        #expect(try FolderListing.list(scratch.path, order: .name, entryLimit: 4).isCut)
        #expect(try FolderListing.list(scratch.path, order: .name, entryLimit: 5).entries.map(\.name).sorted() == ["a.jpg", "b.jpg"])
    }

    @Test func aLargeSidecarIsRefusedWithoutReadingItAll() throws {
        let scratch = try Scratch()
        try scratch.demo("canyon", as: "a.jpg")
        try scratch.write("a.json", [UInt8](repeating: 0x20, count: 1_000_000))
        let (config, warnings) = try KioskConfig.load(path: scratch.path)
        #expect(config.cards.map(\.title) == ["a"])
        #expect(warnings.map(\.description) == [
            "\(scratch.path)/a.json: (file): 1000000 bytes is over the limit of 64 KiB for a sidecar; the card uses its fallback title",
        ])
    }
}
