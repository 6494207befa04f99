import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// A video wall: each screen draws its part of one card laid out over the whole wall, and the screens' frames
    /// put side by side are the frame of one window the wall's size, byte for byte.
    @Suite struct WallTiles {
        /// The frames of every screen of a `columns` × `rows` wall of `screen`-sized screens, stitched in place.
        static func stitched(_ config: KioskConfig, screen: PixelSize, columns: Int = 2, rows: Int = 2, page: Int,
                             offset: Double = 0) throws -> RGBAImage {
            _ = Fixture.library
            let fonts = FontLibrary(paths: Fixture.fontPaths)
            let wall = PixelSize(width: screen.width * columns, height: screen.height * rows)
            var bytes = [UInt8](repeating: 0, count: wall.width * wall.height * 4)
            for row in 0..<rows {
                for column in 0..<columns {
                    let tile = SyncConfig.Tile(columns: columns, rows: rows, column: column, row: row)
                    var problems: [String] = []
                    let surface = try HeadlessRenderer.frame(config: config, size: screen, page: page, offset: offset, fonts: fonts,
                                                             tile: tile, report: { problems.append($0) })
                    #expect(problems.isEmpty, "tile \(column),\(row) reported: \(problems)")
                    let part = try RGBAImage(surface)
                    #expect(part.size == screen)
                    for y in 0..<screen.height {
                        let from = y * screen.width * 4
                        let to = ((row * screen.height + y) * wall.width + column * screen.width) * 4
                        bytes.replaceSubrange(to..<to + screen.width * 4, with: part.bytes[from..<from + screen.width * 4])
                    }
                }
            }
            return RGBAImage(size: wall, bytes: bytes)
        }

        /// The number of bytes that differ between two images of one size.
        static func differingBytes(_ a: RGBAImage, _ b: RGBAImage) -> Int {
            zip(a.bytes, b.bytes).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
        }

        func expectSame(_ config: KioskConfig, screen: PixelSize, page: Int, offset: Double = 0) throws {
            let stitched = try Self.stitched(config, screen: screen, page: page, offset: offset)
            let whole = try Fixture.render(config, size: stitched.size, page: page, offset: offset)
            #expect(whole.size == stitched.size)
            let differing = Self.differingBytes(stitched, whole)
            #expect(differing == 0, "\(differing) bytes differ between the four tiles and the wall drawn whole (page \(page), offset \(offset))")
        }

        @Test func restingCardOverFourScreensIsTheWallsCard() throws {
            // 3:2 screens: the card fills the wall, its seams run through the picture and the title.
            try expectSame(Fixture.deck(), screen: PixelSize(width: 600, height: 400), page: 0)
        }

        @Test func letterboxedWallIsTheWallsCard() throws {
            // 16:9 screens: the 3:2 card is pillarboxed in the wall, not in each screen.
            try expectSame(Fixture.deck(), screen: PixelSize(width: 640, height: 360), page: 2)
        }

        @Test(arguments: [0.5, -0.35])
        func slideCrossingTheSeamsMovesInWallCoordinates(offset: Double) throws {
            try expectSame(Fixture.deck(), screen: PixelSize(width: 640, height: 360), page: 1, offset: offset)
        }

        @Test func longTitleLinesUpAcrossTheLowerSeam() throws {
            // Card 3's title runs across the seam between the two lower screens, shortened at the wall's width.
            try expectSame(Fixture.deck(), screen: PixelSize(width: 600, height: 400), page: 3)
            try expectSame(Fixture.deck(), screen: PixelSize(width: 600, height: 400), page: 3, offset: 0.3)
        }

        @Test func fadeAndCoverAreTheWallsToo() throws {
            var fade = Fixture.deck()
            fade.transition = .fade
            try expectSame(fade, screen: PixelSize(width: 640, height: 360), page: 1, offset: 0.4)
            try expectSame(Fixture.deck(fit: .cover), screen: PixelSize(width: 640, height: 360), page: 4)
        }

        @Test func aTileIsNotTheWholeCardShrunk() throws {
            // Drawn without its tile, a screen shows the whole card: the wall's top-left screen shows a quarter of it.
            let screen = PixelSize(width: 600, height: 400)
            let tile = try Fixture.render(Fixture.deck(), size: screen, page: 0)
            var config = Fixture.deck()
            var sync = SyncConfig(group: "wall")
            sync.tile = SyncConfig.Tile(columns: 2, rows: 2, column: 1, row: 1)
            config.sync = sync
            let part = try Fixture.render(config, size: screen, page: 0)
            let whole = try Fixture.render(Fixture.deck(), size: PixelSize(width: 1200, height: 800), page: 0)
            #expect(Self.differingBytes(tile, part) > 0)
            // The config's sync.tile is the screen at 1,1: the wall's bottom-right quarter.
            #expect(part[0, 0] == whole[600, 400])
            #expect(part[599, 399] == whole[1199, 799])
        }

        @Test func stitchedWallGolden() throws {
            // The long title across the two lower screens, the dots on the bottom-right one: the golden is the four
            // screens put side by side (looked at).
            let stitched = try Self.stitched(Fixture.deck(), screen: PixelSize(width: 640, height: 360), page: 3)
            let failure = Fixture.snapshots.verify(stitched, named: "wall-2x2-page3-1280x720")
            #expect(failure == nil, Comment(rawValue: failure ?? ""))
        }
    }
}
