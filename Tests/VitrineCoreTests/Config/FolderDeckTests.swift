import Testing
@testable import VitrineCore
import VitrineFixtures

/// The rules that turn a folder's listing into cards, fed listings by hand: titles from sidecars, metadata and
/// file names, the order, what is skipped, and the one-line messages for bad sidecars.
@Suite struct FolderDeckTests {
    static let source = FolderSource(path: "/srv/photos")
    /// The first bytes of a small JPEG.
    static let jpeg = ImageHeaders.jpeg(width: 300, height: 200)

    /// An image entry `name` whose header is `header`.
    static func image(_ name: String, header: [UInt8] = jpeg, modified: Double = 0) -> FolderEntry {
        FolderEntry(name: name, modified: modified, header: header)
    }

    /// A sidecar entry `name` holding `text`.
    static func sidecar(_ name: String, _ text: String) -> FolderEntry {
        FolderEntry(name: name, contents: .success(Array(text.utf8)))
    }

    /// The cards of `entries` in `order`, and the problem lines.
    static func deck(_ entries: [FolderEntry], order: FolderOrder = .name) -> (cards: [CardConfig], problems: [String]) {
        let (cards, problems) = FolderDeck.cards(from: FolderListing(entries: entries), source: FolderSource(path: source.path, order: order))
        return (cards, problems.map(\.description))
    }

    @Test func aSidecarGivesTitleSubtitleAndId() {
        let (cards, problems) = Self.deck([
            Self.image("beach.jpg"),
            Self.sidecar("beach.json", #"{"title": "Sunny Beach", "subtitle": "Summer 2026", "id": "beach-1"}"#),
        ])
        #expect(cards == [CardConfig(id: "beach-1", title: "Sunny Beach", subtitle: "Summer 2026", image: "/srv/photos/beach.jpg")])
        #expect(problems.isEmpty)
    }

    @Test func aSidecarGivesTheCardsTimingAsAConfigCardHasIt() {
        let (cards, problems) = Self.deck([
            Self.image("sale.jpg"),
            Self.sidecar("sale.json", #"{"title": "Sale", "duration": 12, "until": "2026-12-24T18:00", "hours": "mon-sat 09:00-20:00"}"#),
            Self.image("welcome.jpg"),
        ])
        #expect(cards.count == 2 && problems.isEmpty, "\(problems)")
        #expect(cards.first?.schedule.duration == 12)
        #expect(cards.first?.schedule.until == LocalTime.parse("2026-12-24T18:00"))
        #expect(cards.first?.schedule.hours.count == 1)
        #expect(cards.last?.schedule == CardSchedule())
        // The same wording as a config card's, naming the sidecar; the card keeps its fallback title and no timing.
        let (bad, lines) = Self.deck([Self.image("sale.jpg"), Self.sidecar("sale.json", #"{"hours": "funday 09:00-10:00"}"#)])
        #expect(bad.first?.title == "sale" && bad.first?.schedule == CardSchedule())
        #expect(lines.count == 1 && lines[0].contains("sale.json") && lines[0].contains("hours") && lines[0].contains("unknown days"), "\(lines)")
    }

    @Test func aSidecarGivesTheCardsDirectionAndLanguage() {
        let (cards, problems) = Self.deck([
            Self.image("a.jpg"), Self.sidecar("a.json", #"{"title": "שלום", "direction": "rtl", "lang": "he"}"#),
            Self.image("b.jpg"),
        ])
        #expect(problems.isEmpty, "\(problems)")
        #expect(cards.first?.direction == .rightToLeft && cards.first?.lang == "he")
        #expect(cards.last?.direction == .auto && cards.last?.lang == nil)
        let (_, lines) = Self.deck([Self.image("a.jpg"), Self.sidecar("a.json", #"{"direction": "up"}"#)])
        #expect(lines.count == 1 && lines[0].contains("a.json") && lines[0].contains("direction"), "\(lines)")
    }

    @Test func aSidecarMayGiveOnlyASubtitle() {
        let (cards, _) = Self.deck([Self.image("beach_day.jpg"), Self.sidecar("beach_day.json", #"{"subtitle": "Summer"}"#)])
        #expect(cards == [CardConfig(id: "beach_day.jpg", title: "beach day", subtitle: "Summer", image: "/srv/photos/beach_day.jpg")])
    }

    @Test(arguments: [false, true])
    func exifImageDescriptionGivesTheTitle(littleEndian: Bool) {
        let exif = ImageHeaders.exifSegment(description: "Harbour at dawn", xpTitle: "Ignored", littleEndian: littleEndian)
        let (cards, _) = Self.deck([Self.image("IMG_0001.jpg", header: ImageHeaders.inserting(exif, into: Self.jpeg))])
        #expect(cards.map(\.title) == ["Harbour at dawn"])
        #expect(cards.map(\.id) == ["IMG_0001.jpg"])
    }

    @Test func xpTitleIsReadAsUTF16WhenThereIsNoDescription() {
        let exif = ImageHeaders.exifSegment(description: nil, xpTitle: "Café 東京")
        let (cards, _) = Self.deck([Self.image("a.jpg", header: ImageHeaders.inserting(exif, into: Self.jpeg))])
        #expect(cards.map(\.title) == ["Café 東京"])
    }

    @Test func aBlankDescriptionFallsBackToXPTitleAndControlCharactersBecomeSpaces() {
        let blank = ImageHeaders.exifSegment(description: "    ", xpTitle: "Line one\nline\ttwo")
        let (cards, _) = Self.deck([Self.image("a.jpg", header: ImageHeaders.inserting(blank, into: Self.jpeg))])
        #expect(cards.map(\.title) == ["Line one line two"])
    }

    @Test func theFileNameGivesTheTitleLast() {
        let (cards, _) = Self.deck([Self.image("summer_beach-2.JPG"), Self.image("--.png", header: ImageHeaders.png(width: 2, height: 2))])
        #expect(cards.map(\.title) == ["--.png", "summer beach 2"])
    }

    @Test func aSidecarComesBeforeTheExifTitle() {
        let exif = ImageHeaders.exifSegment(description: "From Exif", xpTitle: nil)
        let (cards, _) = Self.deck([Self.image("a.jpg", header: ImageHeaders.inserting(exif, into: Self.jpeg)),
                                    Self.sidecar("a.json", #"{"title": "From the sidecar"}"#)])
        #expect(cards.map(\.title) == ["From the sidecar"])
    }

    @Test func nameOrderIsNaturalAndStable() {
        let names = ["img10.jpg", "img2.jpg", "IMG1.jpg", "b.jpg", "A.jpg", "img02.jpg", "a.jpg", "img2a.jpg"]
        let (cards, _) = Self.deck(names.map { Self.image($0) })
        #expect(cards.map(\.id) == ["A.jpg", "a.jpg", "b.jpg", "IMG1.jpg", "img02.jpg", "img2.jpg", "img2a.jpg", "img10.jpg"])
        // The same whatever order the system listed them in.
        let (reversed, _) = Self.deck(names.reversed().map { Self.image($0) })
        #expect(reversed == cards)
    }

    @Test func modifiedOrderIsOldestFirstThenByName() {
        let (cards, _) = Self.deck([Self.image("c.jpg", modified: 300), Self.image("b.jpg", modified: 100),
                                    Self.image("a.jpg", modified: 300), Self.image("d.jpg", modified: 200.5)], order: .modified)
        #expect(cards.map(\.id) == ["b.jpg", "d.jpg", "a.jpg", "c.jpg"])
    }

    @Test func hiddenOtherAndNonImageEntriesAreSkipped() {
        let (cards, problems) = Self.deck([
            Self.image("keep.jpg"),
            Self.image(".hidden.jpg"),
            Self.image(".keep.jpg.Ab12Cd"),  // rsync's temporary file
            FolderEntry(name: ".~tmp~", kind: .other),  // rsync --delay-updates' folder
            FolderEntry(name: "fifo.jpg", kind: .other),
            FolderEntry(name: "folder.png", kind: .other),
            Self.image("notes.txt", header: Array("hello".utf8)),
            Self.image("README", header: Array("hello".utf8)),
            Self.sidecar("orphan.json", #"{"title": "No picture"}"#),
            Self.image("fake.jpg", header: Array("not a picture at all".utf8)),
            Self.image("empty.png", header: []),
        ])
        #expect(cards.map(\.id) == ["keep.jpg"])
        #expect(problems == [
            "/srv/photos/empty.png: (file): left out: empty file (0 bytes)",
            "/srv/photos/fake.jpg: (file): left out: not an image (starts with text)",
        ])
    }

    @Test func theLoaderIsAskedOnlyForWhatTheDeckUses() {
        let entries = [Self.image("b.jpg"), Self.image("a.jpg"), Self.image(".c.jpg"), FolderEntry(name: "d.jpg", kind: .other),
                       Self.sidecar("a.json", "{}"), Self.sidecar("z.json", "{}"), Self.image("x.txt")]
        let plan = FolderDeck.plan(entries, order: .name)
        #expect(plan.images.map { entries[$0].name } == ["a.jpg", "b.jpg"])
        #expect(plan.sidecars.map { entries[$0].name } == ["a.json"])
    }

    @Test func aBadSidecarIsOneLineNamingItAndTheCardKeepsItsFallbackTitle() {
        let exif = ImageHeaders.inserting(ImageHeaders.exifSegment(description: "Exif title", xpTitle: nil), into: Self.jpeg)
        let (cards, problems) = Self.deck([
            Self.image("a.jpg"), Self.sidecar("a.json", "{not json"),
            Self.image("b.jpg"), Self.sidecar("b.json", #"{"title": 3, "subtitle": ["x"]}"#),
            Self.image("c.jpg", header: exif), FolderEntry(name: "c.json", contents: .success([UInt8](repeating: 0x20, count: Limits.sidecarBytes + 1))),
            Self.image("d.jpg"), FolderEntry(name: "d.json", contents: .failure(FolderReadProblem("Permission denied"))),
            Self.image("e.jpg"), Self.sidecar("e.json", #"{"title": "E", "subtite": "typo"}"#),
            Self.image("f.jpg"), Self.sidecar("f.json", #"["f"]"#),
        ])
        #expect(cards.map(\.title) == ["a", "b", "Exif title", "d", "E", "f"])
        #expect(problems == [
            "/srv/photos/a.json: line 1, column 2: expected a string key or '}', found 'not'; the card uses its fallback title",
            "/srv/photos/b.json: title: expected a non-empty string, found a number (and 1 more); the card uses its fallback title",
            "/srv/photos/c.json: (file): more than 65536 bytes is over the limit of 64 KiB for a sidecar; the card uses its fallback title",
            "/srv/photos/d.json: (file): cannot read the sidecar: Permission denied; the card uses its fallback title",
            #"/srv/photos/e.json: subtite: unknown key "subtite" (ignored); did you mean "subtitle"?"#,
            "/srv/photos/f.json: (root): expected an object, found an array; the card uses its fallback title",
        ])
    }

    /// The loader reads one byte past the limit; the size it found the file at is what the line says (it said
    /// 65537 bytes for every oversized sidecar).
    @Test(arguments: [65_537, 100_000, 1_000_000, 5_000_000_000])
    func anOversizedSidecarIsReportedAtItsRealSize(size: Int) {
        let over = [UInt8](repeating: 0x20, count: Limits.sidecarBytes + 1)
        let (cards, problems) = Self.deck([Self.image("a.jpg"), FolderEntry(name: "a.json", contents: .success(over), size: size)])
        #expect(cards.map(\.title) == ["a"])
        #expect(problems == ["/srv/photos/a.json: (file): \(size) bytes is over the limit of 64 KiB for a sidecar; the card uses its fallback title"])
    }

    /// What a config card would be refused for (a mistyped `until` or `hours`, a file that is no image) fails
    /// `check`; the deck still loads, and `run` only warns. Unknown keys and the deck's own limits only warn.
    @Test func whatCannotBeShownAsWrittenFailsCheckAndTheRestOnlyWarns() {
        let listing = FolderListing(entries: [
            Self.image("a.jpg"), Self.sidecar("a.json", #"{"until": "tomorrow"}"#),
            Self.image("b.jpg"), Self.sidecar("b.json", #"{"hours": 9}"#),
            Self.image("c.jpg"), Self.sidecar("c.json", #"{"titel": "typo"}"#),
            FolderEntry(name: "d.jpg", header: Array("plain text".utf8)),
            Self.image("e.jpg"), Self.sidecar("e.json", "{"),
            Self.image("f.jpg"), FolderEntry(name: "f.json", contents: .failure(FolderReadProblem("Permission denied"))),
        ], isCut: true, undecodableNames: ["g\u{FFFD}.jpg"])
        let (cards, problems) = FolderDeck.cards(from: listing, source: Self.source)
        #expect(cards.map(\.title) == ["a", "b", "c", "e", "f"])
        #expect(problems.map { "\($0.failsCheck) \($0.file): \($0.path)" } == [
            "false /srv/photos: (folder)",
            "true /srv/photos/g\u{FFFD}.jpg: (file)",
            "true /srv/photos/a.json: until",
            "true /srv/photos/b.json: hours",
            "false /srv/photos/c.json: titel",
            "true /srv/photos/d.jpg: (file)",
            "true /srv/photos/e.json: line 1, column 2",
            "true /srv/photos/f.json: (file)",
        ])
    }

    @Test func aSidecarAtTheSizeLimitIsRead() {
        let text = #"{"title": "At the limit"}"#
        let padded = text + String(repeating: " ", count: Limits.sidecarBytes - text.utf8.count)
        let (cards, problems) = Self.deck([Self.image("a.jpg"), Self.sidecar("a.json", padded)])
        #expect(cards.map(\.title) == ["At the limit"])
        #expect(problems.isEmpty)
    }

    @Test func aSidecarTitleFollowsTheConfigRules() {
        let long = String(repeating: "x", count: Limits.textScalars + 1)
        let (cards, problems) = Self.deck([Self.image("a.jpg"), Self.sidecar("a.json", #"{"title": "\#(long)"}"#),
                                           Self.image("b.jpg"), Self.sidecar("b.json", #"{"title": "tab\there"}"#)])
        #expect(cards.map(\.title) == ["a", "b"])
        #expect(problems == [
            "/srv/photos/a.json: title: 501 characters is over the limit of 500; the card uses its fallback title",
            "/srv/photos/b.json: title: contains a control character (U+0009); titles, subtitles, paths and hours may not; the card uses its fallback title",
        ])
    }

    @Test func aLongFileNameOrExifTitleIsCutToTheTextLimit() {
        let name = String(repeating: "n", count: 900) + ".jpg"
        let exif = ImageHeaders.inserting(ImageHeaders.exifSegment(description: String(repeating: "d", count: 900), xpTitle: nil), into: Self.jpeg)
        let (cards, _) = Self.deck([Self.image(name), Self.image("b.jpg", header: exif)])
        #expect(cards.map(\.title.unicodeScalars.count) == [Limits.textScalars, Limits.textScalars])
    }

    @Test func theCardsAreBoundedWithOneLine() {
        let entries = (0...Limits.folderCards).map { Self.image("p\($0).jpg") }
        let (cards, problems) = FolderDeck.cards(from: FolderListing(entries: entries, isCut: true), source: Self.source)
        #expect(cards.count == Limits.folderCards)
        #expect(cards.last?.id == "p9999.jpg")
        #expect(problems.map(\.description) == [
            "/srv/photos: (folder): more than 100000 entries; only the first 100000 listed are looked at",
            "/srv/photos: (folder): 10001 image files is over the limit of 10000 cards; the first 10000 in name order are shown",
        ])
    }

    @Test func anExifBlockPastTheFirstBytesIsAskedFor() {
        // A JFIF file with 5,000 bytes of other metadata before its Exif block.
        let jfifThenPadding = ImageHeaders.jpeg(width: 4, height: 4, metadataBytes: 5000)
        let sof = jfifThenPadding.count - 21  // fill bytes and the frame header
        let exif = ImageHeaders.exifSegment(description: "Far in", xpTitle: nil)
        let whole = Array(jfifThenPadding[..<sof]) + exif + Array(jfifThenPadding[sof...])
        let first = Array(whole.prefix(FolderDeck.headerBytes))
        #expect(EmbeddedTitle.title(in: first) == nil)
        // Read as the loader reads: more while more is wanted (each time further, never past the block's end).
        var more = first
        var reads = 0
        while let wanted = EmbeddedTitle.bytesWanted(more), reads < 10 {
            #expect(wanted > more.count && wanted <= whole.count)
            more = Array(whole.prefix(wanted))
            reads += 1
        }
        #expect(reads >= 1 && more.count < whole.count)
        #expect(EmbeddedTitle.title(in: more) == "Far in")
        // Nothing is asked of a PNG, or past the metadata limit.
        #expect(EmbeddedTitle.bytesWanted(ImageHeaders.png(width: 2, height: 2)) == nil)
        let huge = ImageHeaders.jpeg(width: 4, height: 4, metadataBytes: 200_000)
        #expect(EmbeddedTitle.bytesWanted(Array(huge.prefix(4096))).map { $0 <= Limits.imageMetadataBytes } ?? true)
    }

    @Test func aConfigNamesAFolderResolvedAgainstItsOwn() throws {
        let (config, warnings) = try KioskConfig.decode(Array(#"{"cards": {"folder": "photos", "order": "modified"}}"#.utf8), file: "/srv/kiosk/kiosk.json")
        #expect(config.folder == FolderSource(path: "/srv/kiosk/photos", order: .modified))
        #expect(config.cards.isEmpty)
        #expect(warnings.isEmpty)
        #expect(!config.isFolderOnly)
        #expect(KioskConfig.folderDeck("photos/").isFolderOnly)
        #expect(KioskConfig.folderDeck("photos/").folder == FolderSource(path: "photos"))
    }

    @Test func aBadFolderObjectIsReportedAtItsFields() {
        let errors = RuntimeFixture.configErrors
        #expect(errors(#"{"cards": {"folder": 3}}"#) == ["k.json: cards.folder: expected a non-empty string, found a number"])
        #expect(errors(#"{"cards": {"folder": "p", "order": "size"}}"#) == [#"k.json: cards.order: expected "name" or "modified", found "size""#])
        #expect(errors(#"{"cards": {"title": "x"}}"#) == ["k.json: cards: expected an array of cards, found an object"])
    }
}
