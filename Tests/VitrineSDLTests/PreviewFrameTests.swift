import Dispatch
import Foundation
import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// A card on screen is never drawn empty: while its picture is composed in the background it shows a preview of
    /// it under its gradient and texts (``CardFace``), in paging and across reloads alike.
    @Suite struct PreviewFrames {
        /// The mean colour of each cell of a `columns` x `rows` grid over `image`.
        static func cells(_ image: RGBAImage, columns: Int = 6, rows: Int = 4) -> [[Int]] {
            var means: [[Int]] = []
            let w = image.size.width / columns, h = image.size.height / rows
            for row in 0..<rows {
                for column in 0..<columns {
                    var sum = [0, 0, 0]
                    for y in stride(from: row * h, to: (row + 1) * h, by: 2) {
                        for x in stride(from: column * w, to: (column + 1) * w, by: 2) {
                            let p = image[x, y]
                            for c in 0..<3 { sum[c] += Int(p[c]) }
                        }
                    }
                    means.append(sum.map { $0 / (((w + 1) / 2) * ((h + 1) / 2)) })
                }
            }
            return means
        }

        /// The cells of `actual` whose mean colour is more than `tolerance` from `expected`'s: none when `actual`
        /// shows the same card (a preview is a blurred copy of the picture, with the same gradient and texts).
        static func differingCells(expected: RGBAImage, actual: RGBAImage, tolerance: Int = 24) -> [Int] {
            let a = cells(expected), b = cells(actual)
            return a.indices.filter { i in (0..<3).contains { abs(a[i][$0] - b[i][$0]) > tolerance } }
        }

        /// Draws frames with `draw` until card `index` is composed (waiting on the preparer); returns the frames
        /// drawn before, and the first with the card composed.
        static func framesUntilComposed(_ headless: HeadlessRenderer, card index: Int,
                                        ready: DispatchSemaphore, draw: () throws -> RGBAImage) throws -> (frames: [RGBAImage], final: RGBAImage) {
            var frames: [RGBAImage] = []
            let deadline = Date().addingTimeInterval(20)
            while true {
                // Drawn first: a frame of a new deck is what tells the renderer which cards it has.
                let frame = try draw()
                if headless.deck.isComposed(index) { return (frames, frame) }
                frames.append(frame)
                guard Date() < deadline else { break }
                _ = ready.wait(timeout: .now() + 0.05)
            }
            Issue.record("card \(index) was not composed within 20 s")
            return (frames, try draw())
        }

        @Test func aCardPagedToBeforeItIsComposedShowsItsPreview() throws {
            _ = Fixture.library
            var config = Fixture.deck()
            config.wrap = false
            // Progressive JPEGs (their DC scans) and baseline ones (libjpeg at a small scale) side by side.
            let progressive = "\(Fixture.root)/Tests/VitrineSDLTests/Fixtures/progressive-photo.jpg"
            config.cards[3].image = progressive
            config.cards[5].image = progressive
            let fonts = FontLibrary(paths: Fixture.fontPaths)
            let size = PixelSize(width: 900, height: 600)
            let headless = try HeadlessRenderer(config: config, size: size, fonts: fonts)
            let preparer = CardPreparer(fonts: fonts)
            let ready = DispatchSemaphore(value: 0)
            preparer.onReady = { ready.signal() }
            headless.deck.preparer = preparer
            defer { preparer.stop() }
            let start = PagerSnapshot(pageCount: 6, currentPage: 0, position: 0, wraps: false)
            _ = try Self.framesUntilComposed(headless, card: 0, ready: ready) { try RGBAImage(headless.render(start)) }

            // Quick presses of →: the slide from 2 to 3 shows two cards nobody has asked for yet.
            let sliding = PagerSnapshot(pageCount: 6, currentPage: 2, position: 2.5, wraps: false)
            let slide = try RGBAImage(headless.render(sliding))
            #expect(!headless.deck.isComposed(3) && !headless.deck.isComposed(2))
            let expectedSlide = try Fixture.render(config, size: size, page: 2, offset: 0.5)
            let differing = Self.differingCells(expected: expectedSlide, actual: slide)
            #expect(differing.isEmpty, "the slide from 2 to 3 differs from the composed cards in cells \(differing)")

            // And landing on card 5, not asked for either, until it is composed.
            let landed = PagerSnapshot(pageCount: 6, currentPage: 5, position: 5, wraps: false)
            let (frames, final) = try Self.framesUntilComposed(headless, card: 5, ready: ready) { try RGBAImage(headless.render(landed)) }
            #expect(!frames.isEmpty, "card 5 was drawn before it was composed")
            for (n, frame) in frames.enumerated() {
                let differing = Self.differingCells(expected: final, actual: frame)
                #expect(differing.isEmpty, "frame \(n) before card 5 was composed differs from it in cells \(differing)")
            }
        }

        /// The hot-reload rig on card 1 of three, its cards composed in the background by a preparer that signals
        /// `ready` for each card it has composed.
        static func reloadRig() throws -> (HotReload.Rig, CardPreparer, DispatchSemaphore) {
            let rig = try HotReload.Rig([HotReload.a, HotReload.b, HotReload.c], page: 1)
            let preparer = CardPreparer(fonts: FontLibrary(paths: Fixture.fontPaths))
            let ready = DispatchSemaphore(value: 0)
            preparer.onReady = { ready.signal() }
            rig.headless.deck.preparer = preparer
            return (rig, preparer, ready)
        }

        @Test func aReloadNeverDrawsAFrameWithoutTheCard() throws {
            let (rig, preparer, ready) = try Self.reloadRig()
            defer { preparer.stop() }
            _ = try Self.framesUntilComposed(rig.headless, card: 1, ready: ready) { try rig.frame() }

            // Each way a reload comes: a title edit, the card's image touched, SIGHUP (everything read again), and a
            // deploy that gives the card on screen another picture.
            let edited = HotReload.Card(title: "Alpine Lake at Dawn", image: "b.jpg")
            let reloads: [(String, () throws -> Void)] = [
                ("a title edit", {
                    try rig.write(HotReload.Rig.configText([HotReload.a, edited, HotReload.c]))
                    #expect(rig.reload(changed: [rig.configPath]) == .reloaded(cards: 3, page: 1))
                }),
                ("the image touched", {
                    #expect(utimes("\(rig.folder)/b.jpg", nil) == 0)
                    #expect(rig.reload(changed: ["\(rig.folder)/b.jpg"]) == .reloaded(cards: 3, page: 1))
                }),
                ("SIGHUP", { #expect(rig.send(.reloadRequested) == .reloaded(cards: 3, page: 1)) }),
                ("a deploy with a new picture", {
                    let deployed = HotReload.Card(title: "Alpine Lake at Dawn", image: "x.jpg")
                    try rig.renameReplace(HotReload.Rig.configText([HotReload.a, deployed, HotReload.c]))
                    #expect(rig.reload(changed: [rig.configPath]) == .reloaded(cards: 3, page: 1))
                }),
            ]
            for (name, reload) in reloads {
                try reload()
                let (frames, final) = try Self.framesUntilComposed(rig.headless, card: 1, ready: ready) { try rig.frame() }
                #expect(!frames.isEmpty, "\(name): a frame was drawn before card 1 was composed again")
                for (n, frame) in frames.enumerated() {
                    let differing = Self.differingCells(expected: final, actual: frame)
                    #expect(differing.isEmpty, "\(name): frame \(n) before card 1 was composed again differs from it in cells \(differing)")
                }
            }
        }

        @Test func aTitleEditKeepsTheOldFrameUntilTheCardIsComposedAgain() throws {
            let (rig, preparer, ready) = try Self.reloadRig()
            defer { preparer.stop() }
            let (_, before) = try Self.framesUntilComposed(rig.headless, card: 1, ready: ready) { try rig.frame() }

            // The title changes, the picture does not: until the card is composed with its new title, the screen
            // shows it as it was, picture and all (not a preview of the picture, nor no picture).
            let edited = HotReload.Card(title: "Alpine Lake at Dawn", image: "b.jpg")
            try rig.write(HotReload.Rig.configText([HotReload.a, edited, HotReload.c]))
            #expect(rig.reload(changed: [rig.configPath]) == .reloaded(cards: 3, page: 1))
            let (frames, after) = try Self.framesUntilComposed(rig.headless, card: 1, ready: ready) { try rig.frame() }
            #expect(!frames.isEmpty, "a frame was drawn before card 1 was composed again")
            for (n, frame) in frames.enumerated() {
                #expect(ImageDifference.between(expected: before, actual: frame) == nil, "frame \(n) is the frame before the edit")
            }
            #expect(ImageDifference.between(expected: try rig.freshFrame(page: 1), actual: after) == nil, "then the card with its new title")
        }
    }
}
