import Foundation
import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// The first card prepared on another thread while the display opens gives the frame the deck would draw.
    @Suite struct FirstCardAhead {
        static let size = PixelSize(width: 900, height: 600)

        /// The composer the app expects for the deck's first card in a `size` window.
        static func expected(_ config: KioskConfig, size: PixelSize = size) -> CardComposer? {
            KioskApp.expectedFirstCard(options: KioskApp.Options(config: config, windowSize: size, fullscreen: false))
        }

        /// The first frame of `config` drawn by a headless deck that first adopted `first`, and what it reported.
        static func frameAdopting(_ config: KioskConfig, expected: CardComposer?) throws -> (frame: RGBAImage, adopted: Bool, problems: [String]) {
            var problems: [String] = []
            let fonts = FontLibrary(paths: Fixture.fontPaths)
            let first = FirstCard(card: config.cards[0], index: 0, expected: expected, fonts: fonts)
            let headless = try HeadlessRenderer(config: config, size: size, fonts: fonts, report: { problems.append($0) })
            let adopted = headless.deck.adopt(first, pageCount: config.cards.count)
            #expect((headless.deck.isComposed(0) || headless.deck.isHeldByFrame(0)) == adopted)
            let pager = PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0, wraps: config.wrap)
            let frame = try RGBAImage(headless.render(pager))
            headless.render(pager)  // A second frame reports nothing new.
            return (frame, adopted, problems)
        }

        @Test func aCardComposedAheadDrawsTheSameFrame() throws {
            _ = Fixture.library
            let config = Fixture.deck()
            let expected = try #require(Self.expected(config))
            #expect(expected.size == Self.size)
            let reference = try Fixture.render(config, size: Self.size)
            let ahead = try Self.frameAdopting(config, expected: expected)
            #expect(ahead.adopted)
            #expect(ahead.problems.isEmpty)
            #expect(ImageDifference.between(expected: reference, actual: ahead.frame) == nil)
        }

        @Test func theThreadComposesTheCardAtTheExpectedSize() throws {
            _ = Fixture.library
            let config = Fixture.deck()
            let expected = try #require(Self.expected(config))
            let first = FirstCard(card: config.cards[0], index: 0, expected: expected, fonts: FontLibrary(paths: Fixture.fontPaths))
            let output = first.wait()
            // The demo's JPEG is decoded straight into the card (JPEGCardStream): no whole picture is handed over.
            #expect(output.streamed)
            #expect(throws: SDLError.self) { try output.decoded.get() }
            let composed = try #require(output.composed)
            #expect(composed.composer == expected)
            #expect(composed.problems.isEmpty)
            let surface = try #require(composed.surface)
            // The card fills the frame; above the page dots its pixels are the frame's.
            let card = try RGBAImage(surface)
            let reference = try Fixture.render(config, size: Self.size)
            for y in stride(from: 0, to: Self.size.height / 2, by: 7) {
                for x in stride(from: 0, to: Self.size.width, by: 5) { #expect(card[x, y] == reference[x, y], "(\(x), \(y))") }
            }
            // Handed over once: the pictures go with the caller.
            let again = first.wait()
            #expect(again.composed == nil)
            #expect(throws: SDLError.self) { try again.decoded.get() }
        }

        @Test func aCardComposedForAnotherSizeIsComposedAgainByTheDeck() throws {
            _ = Fixture.library
            let config = Fixture.deck()
            let other = try #require(Self.expected(config, size: PixelSize(width: 600, height: 400)))
            let ahead = try Self.frameAdopting(config, expected: other)
            #expect(ahead.adopted)
            #expect(ImageDifference.between(expected: try Fixture.render(config, size: Self.size), actual: ahead.frame) == nil)
        }

        @Test func onlyTheDecodeRunsAheadWhenTheSizeIsUnknown() throws {
            _ = Fixture.library
            var config = Fixture.deck()
            #expect(KioskApp.expectedFirstCard(options: KioskApp.Options(config: config, windowSize: Self.size, fullscreen: true)) == nil)
            config.display.renderer = .accelerated
            #expect(Self.expected(config) == nil)
            config.display.renderer = .software
            let ahead = try Self.frameAdopting(config, expected: nil)
            #expect(ahead.adopted)
            #expect(ImageDifference.between(expected: try Fixture.render(config, size: Self.size), actual: ahead.frame) == nil)
        }

        @Test func aBadFirstImageIsThePlaceholderReportedOnce() throws {
            _ = Fixture.library
            var config = Fixture.deck()
            config.cards[0].image = "\(Fixture.root)/Tests/no-such-image.jpg"
            var referenceProblems: [String] = []
            let reference = try HeadlessRenderer.frame(config: config, size: Self.size, page: 0, offset: 0,
                                                       fonts: FontLibrary(paths: Fixture.fontPaths), report: { referenceProblems.append($0) })
            for expected in [Self.expected(config), nil] {
                let ahead = try Self.frameAdopting(config, expected: expected)
                #expect(ImageDifference.between(expected: try RGBAImage(reference), actual: ahead.frame) == nil)
                #expect(ahead.problems == referenceProblems)
                #expect(ahead.problems.count == 1)
                #expect(ahead.problems.first?.contains("image unavailable: \(config.cards[0].image)") == true)
            }
        }

        /// A config file naming `config`'s cards, in a fresh temporary file.
        static func writeConfig(_ config: KioskConfig) throws -> String {
            let cards = config.cards.map { #"{"title": "\#($0.title)", "subtitle": "\#($0.subtitle)", "image": "\#($0.image)"}"# }
            let path = "/tmp/vitrine-first-card-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).json"
            let text = #"{"cards": [\#(cards.joined(separator: ", "))]}"#
            #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
            return path
        }

        @Test(arguments: [false, true])
        func startedFromTheConfigFileBeforeItIsValidated(wrongGuess: Bool) throws {
            _ = Fixture.library
            let config = Fixture.deck()
            var written = config
            if wrongGuess { written.cards[0].image = config.cards[1].image }  // The file says otherwise: decoded again.
            let file = try Self.writeConfig(written)
            defer { unlink(file) }
            let reference = try Fixture.render(config, size: Self.size)
            let fonts = FontLibrary(paths: Fixture.fontPaths)
            let first = FirstCard(configFile: file, fonts: fonts)
            first.proceed(card: config.cards[0], index: 0, expected: Self.expected(config))
            let headless = try HeadlessRenderer(config: config, size: Self.size, fonts: fonts)
            #expect(headless.deck.adopt(first, pageCount: config.cards.count))
            let pager = PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0, wraps: config.wrap)
            #expect(ImageDifference.between(expected: reference, actual: try RGBAImage(headless.render(pager))) == nil)
        }

        @Test func warmingUpTheTextOnAnotherThreadLeavesTheCardAsItWas() throws {
            _ = Fixture.library
            let config = Fixture.deck()
            let expected = try #require(Self.expected(config))
            let decoded = PreparedImage.decode(path: config.cards[0].image, options: expected.decodeOptions)
            let cold = try expected.composeSurface(decoded: decoded, fonts: FontLibrary(paths: Fixture.fontPaths)).surface
            let fonts = FontLibrary(paths: Fixture.fontPaths)
            let warmed = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                expected.warmUpText(fonts: fonts)
                warmed.signal()
            }
            let warm = try expected.composeSurface(decoded: decoded, fonts: fonts).surface  // Meanwhile, on this thread.
            warmed.wait()
            #expect(ImageDifference.between(expected: try RGBAImage(cold), actual: try RGBAImage(warm)) == nil)
            let after = try expected.composeSurface(decoded: decoded, fonts: fonts).surface
            #expect(ImageDifference.between(expected: try RGBAImage(cold), actual: try RGBAImage(after)) == nil)
        }

        @Test func withoutAPlanTheThreadStopsAfterItsGuess() {
            _ = Fixture.library
            let first = FirstCard(configFile: "/nonexistent/deck.json", fonts: FontLibrary(paths: Fixture.fontPaths))
            let output = first.wait()  // The config failed: no proceed. This must not hang.
            #expect(output.composed == nil)
            #expect(first.card == nil)
        }

        @Test func aDeckWhoseFirstCardChangedIgnoresIt() throws {
            _ = Fixture.library
            let config = Fixture.deck()
            var other = config
            other.cards[0].title = "Another Title"
            let fonts = FontLibrary(paths: Fixture.fontPaths)
            let first = FirstCard(card: other.cards[0], index: 0, expected: Self.expected(other), fonts: fonts)
            let headless = try HeadlessRenderer(config: config, size: Self.size, fonts: fonts)
            #expect(!headless.deck.adopt(first, pageCount: config.cards.count))
            #expect(!headless.deck.isComposed(0))
            first.wait()
        }
    }
}

extension SDLTests {
    /// The heap limits `run` sets are ones glibc accepts (it refuses a mapping threshold over 32 MiB silently but for
    /// the return value).
    @Test func heapLimitsAreAccepted() {
        #expect(SDLLibrary.tuneHeap())
        #expect(Int(SDLLibrary.heapPictureLimit) >= 3840 * 2160 * 4)
    }
}
