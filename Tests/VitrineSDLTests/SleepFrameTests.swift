import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// The frame of a sleeping screen, drawn as a window and a replay draw it.
    @Suite struct SleepingFrame {
        /// Whether every pixel of `image` is opaque black.
        static func allBlack(_ image: RGBAImage) -> Bool {
            stride(from: 0, to: image.bytes.count, by: 4).allSatisfy { i in
                image.bytes[i] == 0 && image.bytes[i + 1] == 0 && image.bytes[i + 2] == 0 && image.bytes[i + 3] == 255
            }
        }

        @Test(arguments: [Rotation.none, .clockwise90])
        func isAllBlackOverWhateverWasOnScreen(rotation: Rotation) throws {
            _ = Fixture.library
            var config = Fixture.deck()  // Its background is #101014, not black.
            config.display.rotation = rotation
            config.display.awake = try WeeklyHours.parse("mon-fri 09:00-18:00").get()
            config.autoplay = AutoplayConfig(interval: 8, progressBar: true)
            let size = PixelSize(width: 900, height: 600)
            let headless = try HeadlessRenderer(config: config, size: size, fonts: FontLibrary(paths: Fixture.fontPaths))
            // A card on screen first, then the kiosk falls asleep at 18:00 on a Monday.
            var kiosk = EmbeddedKiosk(config: config, pixels: size, localStart: LocalTime.parse("2026-11-30T17:59:58"),
                                      loadConfig: { _ in .failure(.unreadable(path: "-", reason: "none")) })
            kiosk.advance(to: 0)
            let awake = try #require(kiosk.frames.last?.frame)
            #expect(!awake.asleep)
            headless.deck.draw(awake, cards: config.cards)
            headless.deck.renderer.present()
            #expect(!Self.allBlack(try RGBAImage(headless.surface)))
            kiosk.advance(to: 3)
            let asleep = try #require(kiosk.frames.last?.frame)
            #expect(asleep.asleep)
            #expect(headless.deck.draw(asleep, cards: config.cards).isEmpty)
            headless.deck.renderer.present()
            #expect(Self.allBlack(try RGBAImage(headless.surface)))
            // A replay's screenshot while asleep is the same black.
            #expect(kiosk.runtime.settledFrame == asleep)
        }
    }
}
