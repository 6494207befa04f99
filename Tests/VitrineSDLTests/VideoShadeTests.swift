import Foundation
import Testing
@testable import VitrineCore
import VitrineSystem
import VitrineTestSupport
@testable import VitrineSDL

extension SDLTests {
    /// A video card's gradient is put into its frames on the decode thread (``VideoFrameSource``'s shade, in YUV),
    /// and only its texts are blended over each frame on the loop.
    @Suite(.enabled(if: FFmpegTool.isInstalled, "needs ffmpeg (CI installs it)"))
    struct VideoShade {
        /// A 2 s lossless clip of a demo picture at 360x240 (10 fps, every frame the same picture).
        static func clip(in folder: TemporaryFolder) throws -> String {
            let clip = folder.file("still.mp4")
            #expect(try FFmpegTool.run(["-loop", "1", "-i", "\(Fixture.root)/Assets/Demo/ember-mesa.jpg", "-t", "2", "-r", "10",
                                        "-vf", "scale=360:240", "-pix_fmt", "yuv420p", "-c:v", "libx264", "-qp", "0", clip]) == 0)
            return clip
        }

        /// The frame drawn into a 360x240 frame, with the scrim `ramp` filled over it row by row as a card's is.
        static func drawn(_ frame: MovingFrame, scrim ramp: GradientRamp?, renderer: Renderer) throws -> RGBAImage {
            guard case .yuv420(let bytes, let pitch) = frame.pixels else { throw SDLError(operation: "test", message: "not YUV") }
            let place = PixelRect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
            #expect(bytes.withUnsafeBytes { renderer.writeYUVIntoOutput($0, pitch: pitch, size: frame.size, at: place) })
            if let ramp {
                for row in ramp.rows where ramp.alpha(row: row) > 0 {
                    renderer.fill(PixelRect(x: 0, y: row, width: frame.size.width, height: 1), Color(red: 0, green: 0, blue: 0, alpha: ramp.alpha(row: row)))
                }
            }
            return try RGBAImage(renderer.readPixels())
        }

        @Test(arguments: [false, true])
        func aFrameDarkenedInYUVShowsWhatTheScrimFilledOverItShows(highContrast: Bool) throws {
            _ = Fixture.library
            try withTemporaryFolder { folder in
                let clip = try Self.clip(in: folder)
                let card = PixelSize(width: 360, height: 240)
                var ramp = GradientRamp(height: card.height)
                if highContrast { ramp = Readability(contrast: .high).gradient(height: card.height, textTop: 180) }
                let shade = (0..<card.height).map { ramp.alpha(row: $0) }
                let plain = try #require(try VideoFrameSource(path: clip, card: card).nextFrame())
                let shaded = try #require(try VideoFrameSource(path: clip, card: card, shade: shade).nextFrame())
                let renderer = try Renderer(surface: Surface(size: card))
                let bare = try Self.drawn(plain, scrim: nil, renderer: renderer)
                let blended = try Self.drawn(plain, scrim: ramp, renderer: renderer)
                let darkened = try Self.drawn(shaded, scrim: nil, renderer: renderer)
                // A colour out of RGB's range is clipped before the scrim darkens it, and darkened before it is
                // clipped in YUV: those pixels (a few around saturated edges, where 4:2:0's chroma spills) may differ
                // more. In range, the two agree within 3 levels (rounded once in YUV, once in RGB), and exactly above the gradient.
                var largest = 0, total = 0, clipped = 0
                for pixel in 0..<(card.width * card.height) {
                    let channels = (pixel * 4)..<(pixel * 4 + 3)
                    if channels.contains(where: { bare.bytes[$0] == 0 || bare.bytes[$0] == 255 }) {
                        clipped += 1
                        continue
                    }
                    for i in channels {
                        let difference = abs(Int(blended.bytes[i]) - Int(darkened.bytes[i]))
                        largest = max(largest, difference)
                        total += difference
                        if pixel / card.width < ramp.startRow { #expect(difference == 0, "row \(pixel / card.width) has no gradient") }
                    }
                }
                let mean = Double(total) / Double((card.width * card.height - clipped) * 3)
                #expect(largest <= 3, "a channel differs by \(largest) levels")
                #expect(mean < 0.5, "channels differ by \(mean) levels on average")
                #expect(clipped * 20 < card.width * card.height, "\(clipped) pixels are clipped: not a test of the range")
            }
        }

        @Test func aPlayingVideoCardBlendsOnlyItsTextsRowsOverItsFrames() throws {
            _ = Fixture.library
            try withTemporaryFolder { folder in
                let clip = try Self.clip(in: folder)
                var config = Fixture.deck()
                config.cards[0].video = CardVideo(path: clip)
                var problems: [String] = []
                let card = PixelSize(width: 360, height: 240)
                let headless = try HeadlessRenderer(config: config, size: card, fonts: FontLibrary(paths: Fixture.fontPaths), report: { problems.append($0) })
                let deck = headless.deck
                defer { deck.stopVideo() }
                let rest = PagerSnapshot(pageCount: config.cards.count, currentPage: 0, position: 0, wraps: config.wrap)
                let playing = PlayingVideo(card: 0, page: 0, path: clip, clock: CardClock(origin: 0))
                var clock = 0.0
                _ = headless.render(rest)
                #expect(XvfbSession.eventually(20) {
                    clock += 0.1
                    return deck.followVideo(playing, at: clock, wake: {})
                }, "no video frame within 20 s")
                let shown = try RGBAImage(headless.render(rest))
                #expect(deck.isHeldByFrame(0))

                // The overlay is the texts' rows, below where the gradient starts and above the card's bottom edge.
                let ramp = GradientRamp(height: card.height)
                let overlay = try #require(deck.playback?.overlay)
                #expect(overlay.top > ramp.startRow + 10, "the overlay starts at row \(overlay.top), with the gradient")
                #expect(overlay.top + overlay.texture.size.height < card.height, "the overlay goes down to the card's bottom edge")

                // The gradient is in the frame: a pixel under it and beside the texts is the frame's, darkened.
                let renderer = try Renderer(surface: Surface(size: card))
                let plain = try #require(try VideoFrameSource(path: clip, card: card).nextFrame())
                let reference = try Self.drawn(plain, scrim: ramp, renderer: renderer)
                for (x, y) in [(card.width - 2, ramp.startRow + 20), (card.width - 2, card.height - 1), (2, card.height - 1)] {
                    let at = (y * card.width + x) * 4
                    for channel in 0..<3 {
                        let difference = abs(Int(shown.bytes[at + channel]) - Int(reference.bytes[at + channel]))
                        #expect(difference <= 2, "(\(x), \(y)) channel \(channel): \(shown.bytes[at + channel]) against \(reference.bytes[at + channel])")
                    }
                }
                #expect(problems.isEmpty, "\(problems)")
            }
        }

        /// The texts' overlay is drawn in a target of the rows they may reach, not the whole card: it is the same
        /// overlay, tall glyphs of fallback faces (emoji, Devanagari) and all.
        @Test func theTextsOverlayDrawnInItsBandIsTheOneDrawnOverTheWholeCard() throws {
            _ = Fixture.library
            let titles = ["Ember Mesa 🌄🏔️", "नमस्ते दुनिया", "Greymantle Ridges", "Trail", "Goldgrass Prairie", "Starwater Tarn"]
            let config = Fixture.deck(titles: titles)
            let size = PixelSize(width: 360, height: 240)
            let headless = try HeadlessRenderer(config: config, size: size, fonts: FontLibrary(paths: Fixture.fontPaths), report: { _ in })
            let deck = headless.deck, renderer = headless.deck.renderer
            for page in 0..<2 {
                let composer = deck.composer(page, pageCount: config.cards.count)
                let list = composer.layout(imageSize: composer.size, fonts: deck.fonts).displayList
                #expect(DeckRenderer.rowsReached(list, height: size.height) == nil, "the list has its scrim")
                var texts = list
                texts.commands.removeAll { if case .scrim = $0 { true } else if case .image = $0 { true } else { false } }
                let band = try #require(DeckRenderer.rowsReached(texts, height: size.height))
                #expect(band.lowerBound > 0 && band.count < size.height, "the band is the whole card")
                var whole = texts
                whole.commands.insert(.clip(nil), at: 0)  // Drawn over the whole card, as before.
                let banded = try #require(try deck.videoOverlay(texts, size: size, page: page, withScrim: false))
                let full = try #require(try deck.videoOverlay(whole, size: size, page: page, withScrim: false))
                #expect(banded.top == full.top && banded.texture.size == full.texture.size)
                func drawn(_ overlay: (texture: Texture, top: Int)) throws -> RGBAImage {
                    renderer.clear(.black)
                    try renderer.draw(overlay.texture, in: Rect(x: 0, y: Double(overlay.top), width: Double(overlay.texture.size.width),
                                                                height: Double(overlay.texture.size.height)), what: "overlay")
                    return try RGBAImage(renderer.readPixels())
                }
                #expect(try drawn(banded) == drawn(full), "card \(page)'s texts differ drawn in their band")
            }
        }
    }
}
