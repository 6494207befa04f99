import Foundation
import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// Colour emoji in a title: Noto Color Emoji (fonts-noto-color-emoji, which `make test` and `.ci/run` install)
    /// has one 109-pixel bitmap strike, which SDL_ttf draws at that size whatever the line's; the line scales it.
    @Suite struct ColourEmoji {
        static let pixelSize = 42
        static let white = Color(red: 255, green: 255, blue: 255)
        static let emojiFont = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

        /// The rows and columns with any ink (alpha over 24) in `surface`, and how many inked pixels are coloured
        /// (channels more than 40 apart: white text has none).
        static func measure(_ surface: Surface) throws -> (rows: Int, columns: Int, coloured: Int) {
            let rgba = try surface.rgbaBytes()
            let size = surface.size
            var rows = Set<Int>(), columns = Set<Int>(), coloured = 0
            for y in 0..<size.height { for x in 0..<size.width {
                let i = (y * size.width + x) * 4
                guard rgba[i + 3] > 24 else { continue }
                rows.insert(y); columns.insert(x)
                let channels = [rgba[i], rgba[i + 1], rgba[i + 2]]
                if let high = channels.max(), let low = channels.min(), high - low > 40 { coloured += 1 }
            } }
            return (rows.count, columns.count, coloured)
        }

        @Test func emojiAreNoTallerThanTheLineAndInColour() throws {
            guard FileManager.default.fileExists(atPath: Self.emojiFont) else {
                Issue.record("\(Self.emojiFont) is missing: apt-get install fonts-noto-color-emoji"); return
            }
            _ = Fixture.library
            let fonts = FontLibrary(paths: Fixture.fontPaths)
            guard case .system(let face) = fonts.glyphSource(for: "😀", weight: .bold), face.path.contains("Emoji") else {
                Issue.record("fontconfig does not pick a colour emoji face for 😀: \(fonts.glyphSource(for: "😀", weight: .bold))"); return
            }
            let plain = try fonts.render("Ember Mesa", weight: .bold, pixelSize: Self.pixelSize, color: Self.white)
            let withEmoji = try fonts.render("Ember Mesa 😀🎉", weight: .bold, pixelSize: Self.pixelSize, color: Self.white)
            let a = try Self.measure(plain.surface), b = try Self.measure(withEmoji.surface)
            print("emoji: line \(plain.surface.size) against \(withEmoji.surface.size) (top \(withEmoji.top)); ink rows \(a.rows) against \(b.rows), \(b.coloured) coloured pixels")
            #expect(Double(withEmoji.surface.size.height) <= Double(plain.surface.size.height) * 1.1)
            // The emoji's ink stays inside the plain title's line box (a browser draws Noto's emoji 1.17 em tall too).
            #expect(b.rows <= plain.surface.size.height, "ink \(b.rows) rows tall in a line \(plain.surface.size.height) tall (text ink \(a.rows))")
            #expect(withEmoji.top >= -plain.surface.size.height / 10)
            #expect(b.coloured > 200, "the emoji are not in colour: \(b.coloured) coloured pixels")
            // The measured width is the drawn width: the layout leaves the right room for them.
            #expect(abs(fonts.width(of: "Ember Mesa 😀🎉", weight: .bold, pixelSize: Self.pixelSize) - withEmoji.surface.size.width) <= 2)
        }
    }
}
