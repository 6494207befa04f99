import Testing
import VitrineCore
@testable import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// A card the preparer composed goes into its texture while its own memory goes back to the system, band by
    /// band (``Texture/update(consuming:)``), so the card is never held twice.
    @Suite struct TextureConsuming {
        /// A 1200x800 surface whose every pixel is its own (a pattern from its coordinates), opaque.
        static func patterned() throws -> Surface {
            let size = PixelSize(width: 1200, height: 800)
            let surface = try Surface(size: size)
            surface.withPixels { rows in
                for y in 0..<size.height {
                    let row = rows.pixels(y)
                    for x in 0..<size.width { row[x] = 0xFF00_0000 | UInt32(x & 0xFF) << 16 | UInt32(y & 0xFF) << 8 | UInt32((x ^ y) & 0xFF) }
                }
            }
            return surface
        }

        /// The texture drawn into a surface of its size, read back.
        static func drawn(_ texture: Texture, renderer: Renderer) throws -> RGBAImage {
            texture.setBlendMode(.none)
            try renderer.draw(texture, what: "test")
            return try RGBAImage(renderer.readPixels())
        }

        @Test func theTextureHoldsThePixelsAndTheSurfacesPagesAreGivenBack() throws {
            _ = Fixture.library
            let renderer = try Renderer(surface: Surface(size: PixelSize(width: 1200, height: 800)))
            let expected = try Self.drawn(renderer.makeTexture(from: Self.patterned()), renderer: renderer)

            let spent = try Self.patterned()
            let texture = try renderer.makeTexture(from: spent, consuming: true)
            #expect(ImageDifference.between(expected: expected, actual: try Self.drawn(texture, renderer: renderer)) == nil,
                    "the texture made band by band differs from the one copied whole")
            // The surface's rows went back to the system: they read as zero now, all but a page's worth at the
            // start (the first page is shared with what lies before the pixels).
            let cleared = spent.withPixels { rows in
                (0..<rows.size.height).reduce(0) { count, y in
                    count + (0..<rows.size.width).reduce(0) { $0 + (rows.pixels(y)[$1] == 0 ? 1 : 0) }
                }
            } ?? 0
            #expect(cleared >= 1200 * 800 - 1024 - 1200, "only \(cleared) of \(1200 * 800) pixels were given back")
        }

        @Test func aSurfaceThatIsNotARGBIsCopiedWhole() throws {
            _ = Fixture.library
            let renderer = try Renderer(surface: Surface(size: PixelSize(width: 4, height: 2)))
            let rgba = try Surface(rgba: [UInt8](repeating: 200, count: 4 * 2 * 4), size: PixelSize(width: 4, height: 2))
            let texture = try renderer.makeTexture(from: rgba, consuming: true)
            let image = try Self.drawn(texture, renderer: renderer)
            #expect(image.bytes.prefix(4) == [200, 200, 200, 255])
        }
    }
}
