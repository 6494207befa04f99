import Foundation
import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// A generated corpus of bad image files: each is refused with its reason or loads, and a deck of them all
    /// renders with placeholders, reporting each bad image once.
    @Suite struct BadContent {
        /// Writes the corpus into a fresh temporary folder, runs `body`, and removes the folder.
        func withCorpus<T>(_ body: ([(entry: BadImageCorpus.Entry, path: String)]) throws -> T) throws -> T {
            _ = Fixture.library
            return try withTemporaryFolder { folder in try body(BadImageCorpus.write(into: folder.path)) }
        }

        @Test func eachFileLoadsOrIsRefusedWithItsReason() throws {
            try withCorpus { corpus in
                for (entry, path) in corpus {
                    do throws(SDLError) {
                        let surface = try ImageDecoder.decode(path: path).surface
                        #expect(entry.problem == nil, "\(entry.name) loaded but should fail with \(entry.problem ?? "")")
                        #expect(surface.size == entry.size, "\(entry.name)")
                    } catch {
                        let expected = try #require(entry.problem, "\(entry.name) failed: \(error)")
                        #expect(error.message.contains(expected), "\(entry.name): \(error.message)")
                        #expect(error.operation.contains(path))
                    }
                }
            }
        }

        @Test func aDeckOfThemAllRendersWithPlaceholdersAndReportsEachBadImageOnce() throws {
            try withCorpus { corpus in
                let (config, _) = try KioskConfig.decode(Array(BadImageCorpus.configJSON(corpus).utf8), file: "corpus.json")
                var reports: [String] = []
                let size = PixelSize(width: 300, height: 200)
                let headless = try HeadlessRenderer(config: config, size: size, fonts: FontLibrary(paths: Fixture.fontPaths),
                                                    report: { reports.append($0) })
                // Every page at rest, twice, and every half-way position: each card is composed several times.
                for round in 0..<2 {
                    for page in corpus.indices {
                        let atRest = try RGBAImage(headless.render(PagerSnapshot(pageCount: corpus.count, currentPage: page, position: Double(page), wraps: true)))
                        if round == 0 {
                            let entry = corpus[page].entry
                            let corner = atRest[10, 10]  // Above the scrim, away from the texts.
                            let placeholder = CardStyle.placeholderColor
                            if entry.problem != nil {
                                #expect(corner == [placeholder.red, placeholder.green, placeholder.blue, 255], "\(entry.name) shows no placeholder")
                            } else {
                                #expect(corner == BadImageCorpus.validColor, "\(entry.name) is not drawn")
                            }
                        }
                        headless.deck.invalidate()  // Compose again, as after a resize.
                        headless.render(PagerSnapshot(pageCount: corpus.count, currentPage: page, position: Double(page) + 0.5, wraps: true))
                    }
                }
                let bad = corpus.filter { $0.entry.problem != nil }
                #expect(reports.count == bad.count, "reports: \(reports)")
                for (entry, path) in bad {
                    let matching = reports.filter { $0.hasPrefix("image unavailable: \(path): ") }
                    #expect(matching.count == 1, "\(entry.name): \(reports)")
                    #expect(matching.first?.contains(entry.problem ?? "") == true, "\(entry.name): \(matching)")
                }
            }
        }

        @Test func twoCardsSharingABadImageReportItOnce() throws {
            _ = Fixture.library
            let config = KioskConfig(cards: [CardConfig(title: "A", image: "/nonexistent/shared.jpg"), CardConfig(title: "B", image: "/nonexistent/shared.jpg")],
                                     file: "shared.json")
            var reports: [String] = []
            let headless = try HeadlessRenderer(config: config, size: PixelSize(width: 150, height: 100), fonts: FontLibrary(paths: Fixture.fontPaths),
                                                report: { reports.append($0) })
            headless.render(PagerSnapshot(pageCount: 2, currentPage: 0, position: 0.5, wraps: true))
            #expect(reports.count == 1, "\(reports)")
        }

        /// Renders one frame, collecting reports instead of failing on them.
        func frame(_ config: KioskConfig, size: PixelSize) throws -> (RGBAImage, [String]) {
            _ = Fixture.library
            var reports: [String] = []
            let surface = try HeadlessRenderer.frame(config: config, size: size, page: 0, offset: 0,
                                                     fonts: FontLibrary(paths: Fixture.fontPaths), report: { reports.append($0) })
            return (try RGBAImage(surface), reports)
        }

        @Test func placeholderCardGolden() throws {
            var config = KioskConfig(cards: [CardConfig(title: "Lost Lagoon", subtitle: "The picture is gone", image: "/nonexistent/lost-lagoon.jpg"),
                                             CardConfig(title: "Second", image: "/nonexistent/second.jpg")], file: "placeholder.json")
            config.display.background = Color(red: 0x10, green: 0x10, blue: 0x14)
            let (image, reports) = try frame(config, size: PixelSize(width: 600, height: 400))
            #expect(reports == ["image unavailable: /nonexistent/lost-lagoon.jpg: No such file or directory (card 0, \"Lost Lagoon\")"])
            let failure = Fixture.snapshots.verify(image, named: "placeholder-600x400")
            #expect(failure == nil, Comment(rawValue: failure ?? ""))
        }

        @Test func emptyDeckStandbyGolden() throws {
            var config = KioskConfig(cards: [], file: "empty.json")
            config.display.background = Color(red: 0x10, green: 0x10, blue: 0x14)
            let (image, reports) = try frame(config, size: PixelSize(width: 600, height: 400))
            #expect(reports.isEmpty, "\(reports)")
            let failure = Fixture.snapshots.verify(image, named: "standby-empty-deck-600x400")
            #expect(failure == nil, Comment(rawValue: failure ?? ""))
        }
    }
}
