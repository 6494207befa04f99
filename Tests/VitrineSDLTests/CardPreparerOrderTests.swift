import Dispatch
import Foundation
import Synchronization
import Testing
import VitrineCore
import VitrineFixtures
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// Previews are made on the preparer's queue, before any composition, so the loop never makes one for a card
    /// that was beside the screen (DeckRenderer+Preview.swift).
    @Suite struct CardPreparerOrder {
        /// Writes one solid progressive JPEG of `size` a card, in its own colour; gives their paths.
        static func pictures(_ count: Int, size: PixelSize, acScans: Int = 0, in folder: TemporaryFolder) throws -> [String] {
            try (0..<count).map { i in
                let path = folder.file("card\(i)-\(size.width).jpg")
                let rgb: [UInt8] = [UInt8(40 + 40 * i), UInt8(200 - 30 * i), 90]
                try Data(ImageHeaders.solidProgressiveJPEG(width: size.width, height: size.height, rgb: rgb, acScans: acScans))
                    .write(to: URL(fileURLWithPath: path))
                return path
            }
        }

        static func composers(_ paths: [String]) -> [CardComposer] {
            paths.enumerated().map { i, path in
                CardComposer(card: CardConfig(title: "Card \(i)", image: path), index: i, pageCount: paths.count,
                             size: PixelSize(width: 1200, height: 800), pointScale: 1)
            }
        }

        /// What a preparer's wakes found ready, in order.
        final class Seen: Sendable {
            let list = Mutex<[String]>([])
            func add(_ item: String) { list.withLock { $0.append(item) } }
            var all: [String] { list.withLock { $0 } }
        }

        /// A preparer whose every wake takes what is ready among `composers` and notes it, in order ("preview 2",
        /// "card 0"); `done` is signalled at each wake.
        static func recording(_ composers: [CardComposer], done: DispatchSemaphore) -> (CardPreparer, Seen) {
            let preparer = CardPreparer(fonts: FontLibrary(paths: Fixture.fontPaths))
            let seen = Seen()
            preparer.onReady = { [unowned preparer] in
                for (i, composer) in composers.enumerated() {
                    if case .some(.some) = preparer.takePreview(composer) { seen.add("preview \(i)") }
                    if preparer.take(composer) != nil { seen.add("card \(i)") }
                }
                done.signal()
            }
            return (preparer, seen)
        }

        /// Waits for `count` wakes, at most 30 s in all.
        static func wait(_ done: DispatchSemaphore, count: Int) {
            for n in 0..<count where done.wait(timeout: .now() + 30) == .timedOut {
                Issue.record("wake \(n + 1) of \(count) never came")
                return
            }
        }

        @Test func previewsAreMadeBeforeAnyComposition() throws {
            _ = Fixture.library
            try withTemporaryFolder { folder in
                let composers = Self.composers(try Self.pictures(4, size: PixelSize(width: 600, height: 400), in: folder))
                let done = DispatchSemaphore(value: 0)
                let (preparer, seen) = Self.recording(composers, done: done)
                defer { preparer.stop() }
                preparer.want(compositions: [composers[0], composers[1]], previews: [composers[2], composers[3]])
                Self.wait(done, count: 4)
                #expect(seen.all == ["preview 2", "preview 3", "card 0", "card 1"])
            }
        }

        @Test func aPreviewAskedForGoesBeforeTheCompositionUnderWay() throws {
            _ = Fixture.library
            try withTemporaryFolder { folder in
                // A 24-megapixel picture for a card of 1200x800 (libjpeg decodes it at 1/4): most of a second to
                // compose, a few milliseconds to preview.
                let big = try Self.pictures(1, size: PixelSize(width: 6000, height: 4000), acScans: 20, in: folder)
                let composers = Self.composers(big + [try Self.pictures(2, size: PixelSize(width: 600, height: 400), in: folder)[1]])
                let done = DispatchSemaphore(value: 0)
                let (preparer, seen) = Self.recording(composers, done: done)
                defer { preparer.stop() }
                preparer.want(compositions: [composers[0]], previews: [])
                #expect(XvfbSession.eventually(10) { preparer.isComposing }, "the composition never started")
                preparer.want(compositions: [composers[0]], previews: [composers[1]])
                Self.wait(done, count: 2)
                // The composition gave up for the preview, and was made again after it: not lost.
                #expect(seen.all == ["preview 1", "card 0"])
            }
        }

        @Test func aCardBesideTheScreenHasItsPreviewBeforeItIsPagedTo() throws {
            _ = Fixture.library
            try withTemporaryFolder { folder in
                // Cards 0 and 1 small, card 2 a 24-megapixel picture, still composing when it comes on screen.
                let small = try Self.pictures(2, size: PixelSize(width: 600, height: 400), in: folder)
                let big = folder.file("big.jpg")
                try Data(ImageHeaders.solidProgressiveJPEG(width: 6000, height: 4000, rgb: [30, 90, 200], acScans: 20)).write(to: URL(fileURLWithPath: big))
                var config = KioskConfig(cards: (small + [big]).enumerated().map { CardConfig(title: "Card \($0)", image: $1) },
                                         file: folder.file("deck.json"))
                config.wrap = false
                let fonts = FontLibrary(paths: Fixture.fontPaths)
                let headless = try HeadlessRenderer(config: config, size: PixelSize(width: 1200, height: 800), fonts: fonts)
                let preparer = CardPreparer(fonts: fonts)
                let ready = DispatchSemaphore(value: 0)
                preparer.onReady = { ready.signal() }
                headless.deck.preparer = preparer
                defer { preparer.stop() }
                // At rest on card 0, drawn again at each wake as the app's loop does, until card 1 is composed.
                let rest = PagerSnapshot(pageCount: 3, currentPage: 0, position: 0, wraps: false)
                let deadline = Date().addingTimeInterval(30)
                _ = headless.render(rest)
                while !headless.deck.isComposed(1), Date() < deadline {
                    _ = ready.wait(timeout: .now() + 0.05)
                    _ = headless.render(rest)
                }
                #expect(headless.deck.isComposed(1))
                while ready.wait(timeout: .now()) == .success {}
                let madeInLine = headless.deck.previewsMadeInLine  // Card 0's, at the very start: nothing was ready.
                // On card 1, card 2 is beside the screen: the first wake brings its preview (before its composition),
                // and the slide to it shows that preview, made on the queue.
                let onCard1 = PagerSnapshot(pageCount: 3, currentPage: 1, position: 1, wraps: false)
                _ = headless.render(onCard1)
                #expect(ready.wait(timeout: .now() + 30) == .success, "nothing was made for card 2")
                _ = headless.render(onCard1)
                #expect(!headless.deck.isComposed(2), "card 2 was composed before its preview was made")
                _ = headless.render(PagerSnapshot(pageCount: 3, currentPage: 1, position: 1.5, wraps: false))
                #expect(headless.deck.previewsMadeInLine == madeInLine, "the loop made a preview of a card that was beside the screen")
            }
        }
    }
}
