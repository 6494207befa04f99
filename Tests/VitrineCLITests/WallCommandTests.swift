import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

/// `vitrine render --wall --tile` and `vitrine check` on a video wall's screen.
@Suite struct WallCommandTests {
    static let card = #"{"title":"Canyon at the Edge","image":"\#(Checkout.demoImage("canyon"))"}"#

    @Test func renderDrawsOneScreenOfTheWall() throws {
        try withTemporaryFolder { folder in
            let config = try folder.write("deck.json", #"{"cards":[\#(Self.card)]}"#)
            let whole = folder.path + "/whole.png", tile = folder.path + "/tile.png"
            let a = try VitrineProcess.run(["render", "--config", config, "--size", "600x400", "--output", whole], timeout: .seconds(20))
            let b = try VitrineProcess.run(["render", "--config", config, "--size", "300x200", "--wall", "2x2", "--tile", "1,1", "--output", tile],
                                           timeout: .seconds(20))
            #expect(a.code == 0 && b.code == 0, "\(a.err) \(b.err)")
            let wall = try RGBAImage(contentsOfPNG: whole), part = try RGBAImage(contentsOfPNG: tile)
            #expect(part.size == PixelSize(width: 300, height: 200))
            var same = true
            for y in 0..<200 where same {
                for x in 0..<300 where part[x, y] != wall[300 + x, 200 + y] { same = false; break }
            }
            #expect(same, "the tile is not the bottom-right quarter of the wall")
        }
    }

    @Test func aTileOutsideTheWallIsAUsageError() throws {
        let outside = try VitrineProcess.run(["render", "--wall", "2x2", "--tile", "2,0", "--output", "/tmp/never.png"], timeout: .seconds(10))
        #expect(outside.code == 64)
        #expect(outside.err.contains("--tile 2,0 is outside a 2x2 wall (columns 0 to 1, rows 0 to 1)"), "\(outside.err)")
        let alone = try VitrineProcess.run(["render", "--wall", "3x1", "--output", "/tmp/never.png"], timeout: .seconds(10))
        #expect(alone.code == 64)
        #expect(alone.err.contains("--wall 3x1 needs --tile COLUMN,ROW"), "\(alone.err)")
        let bad = try VitrineProcess.run(["render", "--wall", "17x1", "--tile", "0,0", "--output", "/tmp/never.png"], timeout: .seconds(10))
        #expect(bad.code == 64)
        #expect(bad.err.contains("--wall takes two whole numbers from 1 to 16 as 2x2; got '17x1'"), "\(bad.err)")
    }

    @Test func checkDescribesTheWall() throws {
        try withTemporaryFolder { folder in
            let config = try folder.write("deck.json", #"{"cards":[\#(Self.card)],"mqtt":{"broker":"mqtt://broker.lan"},"#
                                          + #""sync":{"group":"wall","tile":{"columns":2,"rows":2,"column":0,"row":1}}}"#)
            let result = try VitrineProcess.run(["check", "--config", config], timeout: .seconds(20))
            #expect(result.code == 0, "\(result.out) \(result.err)")
            #expect(result.out == """
                wall: tile 0,1 of a 2x2 wall: this screen shows its part of one card laid out over 4 screens (2400x1600 for screens of 1200x800)
                ok: 1 card, 1 image, 2 fonts

                """, "\(result.out)")
        }
    }
}
