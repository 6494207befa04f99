import Foundation
import Testing
import VitrineCore
import VitrineFixtures
@testable import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// The deck renderer takes `display.exifOrientation` from the runtime's frame, as it takes the rest: a reload
    /// that flips it composes the cards anew, with no comparison of the config at the edge.
    @Suite struct ExifFrame {
        static let size = PixelSize(width: 600, height: 400)

        @Test func aFrameThatFlipsExifOrientationComposesTheCardAnew() throws {
            _ = Fixture.library
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-exif-frame-\(UUID().uuidString).jpg").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            // Upside down by its Exif orientation (3): turned, its red quarter is at the bottom right.
            let jpeg = ImageHeaders.inserting(ImageHeaders.exifSegment(orientation: 3), into: try SDLTests.ImageDecoding.quadrantJPEG())
            try Data(jpeg).write(to: URL(fileURLWithPath: path))
            var config = KioskConfig(cards: [CardConfig(title: "Turned", subtitle: "", image: path)], file: "/deck/kiosk.json")
            config.display.background = Color(red: 0x10, green: 0x10, blue: 0x14)
            let fonts = FontLibrary(paths: Fixture.fontPaths, systemFallback: false)
            let headless = try HeadlessRenderer(config: config, size: Self.size, fonts: fonts)
            let stage = StageLayout(windowPixels: Self.size, pointScale: 1, fit: .contain)
            func draw(exifOrientation: Bool) throws -> RGBAImage {
                let frame = KioskFrame(pager: PagerSnapshot(pageCount: 1, currentPage: 0, position: 0, wraps: false), stage: stage,
                                       rotation: .none, background: config.display.background, progress: nil, deckGeneration: 0,
                                       exifOrientation: exifOrientation)
                #expect(headless.deck.draw(frame, cards: config.cards).isEmpty)
                headless.deck.renderer.present()
                return try RGBAImage(headless.surface)
            }
            let turned = try draw(exifOrientation: true)
            let asStored = try draw(exifOrientation: false)
            #expect(turned != asStored, "the card was composed again without the turn")
            config.display.exifOrientation = false
            let expected = try HeadlessRenderer(config: config, size: Self.size, fonts: fonts)
            let pager = PagerSnapshot(pageCount: 1, currentPage: 0, position: 0, wraps: false)
            #expect(try RGBAImage(expected.render(pager)) == asStored, "as a renderer made with exifOrientation off draws it")
        }
    }
}
