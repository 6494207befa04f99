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
                note: sync: moves with group "wall" on vitrine/group/wall/cmd, transitions 0.250 s after a command
                wall: tile 0,1 of a 2x2 wall: this screen shows its part of one card laid out over 4 screens (2400x1600 for screens of 1200x800)
                ok: 1 card, 1 image, 2 fonts

                """, "\(result.out)")
        }
    }
}

/// `vitrine replay` on a wall's screen: the config's tile is taken, and input lands in wall coordinates.
@Suite struct WallReplayTests {
    @Test func aTapOnTheDotsPagesOnlyOnTheScreenThatShowsThem() throws {
        try withTemporaryFolder { folder in
            let images = ["ember-mesa", "alpine-lake", "misty-hills"]
            let cards = images.enumerated().map { #"{"id":"c\#($0.offset)","title":"Card \#($0.offset)","image":"\#(Checkout.demoImage($0.element))"}"# }
            func deck(column: Int) throws -> String {
                try folder.write("deck-\(column).json", #"{"cards":[\#(cards.joined(separator: ","))],"mqtt":{"broker":"mqtt://127.0.0.1:9"},"#
                                 + #""sync":{"group":"wall","tile":{"columns":2,"rows":2,"column":\#(column),"row":1}}}"#)
            }
            // Page 2's dot, in the bottom-right screen's own pixels.
            let stage = StageLayout(screenPixels: PixelSize(width: 300, height: 200), fit: .contain,
                                    tile: SyncConfig.Tile(columns: 2, rows: 2, column: 1, row: 1))
            let dot = try #require(stage.pageControl(pageCount: 3, currentPage: 0).dots.first { $0.page == 2 }).center
            let (x, y) = (dot.x - 300, dot.y - 200)
            let script = try folder.write("script.jsonl", """
                {"at":0.5,"mouse":"down","x":\(x),"y":\(y)}
                {"at":0.55,"mouse":"up","x":\(x),"y":\(y)}
                {"at":2,"screenshot":"\(folder.file("after.png"))"}
                """)
            let run = { (column: Int) in
                try VitrineProcess.run(["replay", "--config", deck(column: column), "--script", script, "--size", "300x200", "--events", "-"],
                                       timeout: .seconds(30))
            }
            let showing = try run(1)
            #expect(showing.code == 0, "\(showing.err)")
            #expect(showing.out.contains(#""event":"pageChanged","page":2"#), "\(showing.out)")
            // The screen after it is card 2's bottom-right quarter, as render draws it.
            let expected = folder.file("expected.png")
            let render = try VitrineProcess.run(["render", "--config", deck(column: 1), "--size", "300x200", "--page", "2", "--output", expected],
                                                timeout: .seconds(20))
            #expect(render.code == 0, "\(render.err)")
            #expect(try RGBAImage(contentsOfPNG: folder.file("after.png")) == RGBAImage(contentsOfPNG: expected))
            let other = try run(0)
            #expect(other.code == 0, "\(other.err)")
            #expect(!other.out.contains(#""event":"pageChanged","page":2"#), "\(other.out)")
        }
    }
}
