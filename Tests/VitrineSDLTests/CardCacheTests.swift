import Foundation
import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// Composed first cards kept on disk across restarts (``CardCache``).
    @Suite struct CardCaching {
        static let size = PixelSize(width: 900, height: 600)

        /// A fresh folder holding a copy of the first demo picture, and a deck whose first card shows the copy.
        func withDeck<T>(_ body: (_ folder: String, _ config: KioskConfig) throws -> T) throws -> T {
            _ = Fixture.library
            let temporary = try TemporaryFolder(prefix: "vitrine-card-cache"), folder = temporary.path
            defer { temporary.remove() }
            var config = Fixture.deck()
            let copy = folder + "/first.jpg"
            try FileManager.default.copyItem(atPath: config.cards[0].image, toPath: copy)
            config.cards[0].image = copy
            return try body(folder, config)
        }

        func composer(_ config: KioskConfig, size: PixelSize = size) throws -> CardComposer {
            try #require(KioskApp.expectedFirstCard(options: KioskApp.Options(config: config, windowSize: size, fullscreen: false)))
        }

        func composed(_ composer: CardComposer) throws -> Surface {
            try composer.composeSurface(decoded: PreparedImage.decode(path: composer.card.image, options: composer.decodeOptions),
                                        fonts: FontLibrary(paths: Fixture.fontPaths)).surface
        }

        @Test func aStoredCardReadsBackPixelForPixel() throws {
            try withDeck { folder, config in
                let cache = CardCache(folder: folder + "/cache")
                let composer = try composer(config)
                #expect(!cache.holdsCard(forImage: composer.card.image))
                let card = try composed(composer)
                cache.store(card, for: composer)
                #expect(cache.holdsCard(forImage: composer.card.image))
                let read = try #require(cache.card(for: composer))
                #expect(ImageDifference.between(expected: try RGBAImage(card), actual: try RGBAImage(read)) == nil)
                let leftovers = try FileManager.default.contentsOfDirectory(atPath: cache.folder).filter { $0.contains(".tmp.") }
                #expect(leftovers.isEmpty)
            }
        }

        @Test func aFontReplacedByAnUpdateMakesItsCardsMiss() throws {
            try withDeck { folder, config in
                let font = folder + "/title.ttf"
                try Data(contentsOf: URL(fileURLWithPath: Fixture.fontPaths[.bold]!)).write(to: URL(fileURLWithPath: font))
                let composer = try composer(config)
                let card = try composed(composer)
                CardCache(folder: folder + "/cache", fontFiles: [font]).store(card, for: composer)
                #expect(CardCache(folder: folder + "/cache", fontFiles: [font]).card(for: composer) != nil)
                // The package manager writes a new file and renames it over the old: another inode.
                try Data(contentsOf: URL(fileURLWithPath: font)).write(to: URL(fileURLWithPath: font + ".new"))
                #expect(rename(font + ".new", font) == 0)
                #expect(CardCache(folder: folder + "/cache", fontFiles: [font]).card(for: composer) == nil)
                #expect(CardCache(folder: folder + "/cache").card(for: composer) == nil)
            }
        }

        @Test func aCardReadKeepsItsPixelsWhenItsEntryIsReplacedOrRemoved() throws {
            try withDeck { folder, config in
                let cache = CardCache(folder: folder + "/cache")
                let composer = try composer(config)
                let card = try composed(composer)
                cache.store(card, for: composer)
                let read = try #require(cache.card(for: composer))  // Mapped from the entry.
                let black = try Surface(size: composer.size)
                cache.store(black, for: composer)  // A new entry, renamed over the old one.
                for name in try FileManager.default.contentsOfDirectory(atPath: cache.folder) { try FileManager.default.removeItem(atPath: cache.folder + "/" + name) }
                #expect(ImageDifference.between(expected: try RGBAImage(card), actual: try RGBAImage(read)) == nil)
            }
        }

        @Test func anotherShapeATouchedImageOrABrokenEntryMisses() throws {
            try withDeck { folder, config in
                let cache = CardCache(folder: folder)
                let composer = try composer(config)
                cache.store(try composed(composer), for: composer)
                var retitled = composer
                retitled.card.title = "Another Title"
                #expect(cache.card(for: retitled) == nil)
                #expect(cache.card(for: try self.composer(config, size: PixelSize(width: 600, height: 400))) == nil)
                // A torn or padded entry is not used.
                let entry = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".argb") })
                let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + entry))
                try bytes.prefix(bytes.count - 1).write(to: URL(fileURLWithPath: folder + "/" + entry))
                #expect(cache.card(for: composer) == nil)
                try (bytes + [0]).write(to: URL(fileURLWithPath: folder + "/" + entry))
                #expect(cache.card(for: composer) == nil)
                try bytes.write(to: URL(fileURLWithPath: folder + "/" + entry))
                #expect(cache.card(for: composer) != nil)
                // Touching the picture makes it another picture.
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: composer.card.image)
                #expect(!cache.holdsCard(forImage: composer.card.image))
                #expect(cache.card(for: composer) == nil)
            }
        }

        @Test func aLinkOrFIFOAtTheEntryOrItsTemporaryNameIsNeitherFollowedNorReplaced() throws {
            try withDeck { folder, config in
                let cache = CardCache(folder: folder + "/cache")
                let composer = try composer(config, size: PixelSize(width: 30, height: 20))
                let card = try composed(composer)
                #expect(cache.store(card, for: composer) == nil)
                let name = try #require(try FileManager.default.contentsOfDirectory(atPath: cache.folder).first { $0.hasPrefix("card-") })
                let entry = cache.folder + "/" + name
                let victim = folder + "/victim.txt"
                try Data("keep me".utf8).write(to: URL(fileURLWithPath: victim))
                // A link where the writer once made its temporary file (`ENTRY.tmp.PID`) is never followed.
                #expect(symlink(victim, entry + ".tmp.\(getpid())") == 0)
                #expect(unlink(entry) == 0)
                #expect(cache.store(card, for: composer) == nil)
                #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me")
                #expect(cache.card(for: composer) != nil)
                // A link or a FIFO at the entry itself is refused and left where it is.
                #expect(unlink(entry) == 0 && symlink(victim, entry) == 0)
                let linked = try #require(cache.store(card, for: composer))
                #expect(linked.reason.contains("symbolic link"), "\(linked.reason)")
                #expect(try FileManager.default.destinationOfSymbolicLink(atPath: entry) == victim)
                #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me")
                #expect(unlink(entry) == 0 && mkfifo(entry, 0o644) == 0)
                let fifo = try #require(cache.store(card, for: composer))
                #expect(fifo.reason.contains("FIFO"), "\(fifo.reason)")
                var status = stat()
                #expect(lstat(entry, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
                // Nothing half-written is left beside it.
                let left = try FileManager.default.contentsOfDirectory(atPath: cache.folder).filter { $0.hasPrefix(".card-") }
                #expect(left.isEmpty, "\(left)")
            }
        }

        @Test func aFolderThatCannotBeWrittenMeansNoCache() throws {
            try withDeck { _, config in
                let cache = CardCache(folder: "/proc/vitrine-no-such-cache")
                let composer = try composer(config)
                cache.store(try composed(composer), for: composer)
                #expect(cache.card(for: composer) == nil)
                #expect(!cache.holdsCard(forImage: composer.card.image))
            }
        }

        @Test func onlyTheNewestEntriesAreKept() throws {
            try withDeck { folder, config in
                let cache = CardCache(folder: folder + "/cache")
                let composer = try composer(config, size: PixelSize(width: 30, height: 20))
                let card = try composed(composer)
                for n in 0..<CardCache.maximumEntries + 3 {
                    var other = composer
                    other.card.title = "Card \(n)"
                    cache.store(card, for: other)
                }
                let entries = try FileManager.default.contentsOfDirectory(atPath: cache.folder)
                #expect(entries.count == CardCache.maximumEntries, "\(entries)")
            }
        }

        @Test func aRestartTakesTheFirstCardFromTheCacheAndDrawsTheSameFrame() throws {
            try withDeck { folder, config in
                let cache = CardCache(folder: folder + "/cache")
                let composer = try composer(config)
                cache.store(try composed(composer), for: composer)
                let reference = try Fixture.render(config, size: Self.size)
                let fonts = FontLibrary(paths: Fixture.fontPaths)
                let first = FirstCard(card: config.cards[0], index: 0, expected: composer, fonts: fonts, cache: cache)
                let headless = try HeadlessRenderer(config: config, size: Self.size, fonts: fonts)
                #expect(headless.deck.adopt(first, pageCount: config.cards.count))
                let pager = PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0, wraps: config.wrap)
                #expect(ImageDifference.between(expected: reference, actual: try RGBAImage(headless.render(pager))) == nil)
                // The thread said where the card came from.
                let again = FirstCard(card: config.cards[0], index: 0, expected: composer, fonts: fonts, cache: cache)
                #expect(again.wait().fromCache)
                // A deck of another size does not use it, and decodes the picture itself.
                let other = FirstCard(card: config.cards[0], index: 0, expected: composer, fonts: fonts, cache: cache)
                let small = try HeadlessRenderer(config: config, size: PixelSize(width: 600, height: 400), fonts: fonts)
                #expect(small.deck.adopt(other, pageCount: config.cards.count))
                let smallReference = try Fixture.render(config, size: PixelSize(width: 600, height: 400))
                #expect(ImageDifference.between(expected: smallReference, actual: try RGBAImage(small.render(pager))) == nil)
            }
        }

        @Test func fullScreenTheDeckReadsTheCacheOnceItKnowsTheCardSize() throws {
            try withDeck { folder, config in
                let cache = CardCache(folder: folder + "/cache")
                let composer = try composer(config)
                cache.store(try composed(composer), for: composer)
                let fonts = FontLibrary(paths: Fixture.fontPaths)
                // No expected card (full screen): the thread leaves the card to the cache and decodes nothing.
                let probe = FirstCard(card: config.cards[0], index: 0, expected: nil, fonts: fonts, cache: cache)
                let output = probe.wait()
                #expect(output.fromCache && output.composed == nil)
                let first = FirstCard(card: config.cards[0], index: 0, expected: nil, fonts: fonts, cache: cache)
                let headless = try HeadlessRenderer(config: config, size: Self.size, fonts: fonts)
                #expect(headless.deck.adopt(first, pageCount: config.cards.count))
                let pager = PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0, wraps: config.wrap)
                #expect(ImageDifference.between(expected: try Fixture.render(config, size: Self.size), actual: try RGBAImage(headless.render(pager))) == nil)
                // With another window size the cache misses and the deck decodes and composes the card itself.
                let other = FirstCard(card: config.cards[0], index: 0, expected: nil, fonts: fonts, cache: cache)
                let wide = try HeadlessRenderer(config: config, size: PixelSize(width: 1200, height: 800), fonts: fonts)
                #expect(wide.deck.adopt(other, pageCount: config.cards.count))
                #expect(ImageDifference.between(expected: try Fixture.render(config, size: PixelSize(width: 1200, height: 800)),
                                                actual: try RGBAImage(wide.render(pager))) == nil)
            }
        }
    }
}
