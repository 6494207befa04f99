import Testing
@testable import VitrineCore

/// A video wall's screen: the stage is laid out over the whole wall, frames are moved onto the screen, and touches
/// are moved into the wall.
@Suite struct WallLayoutTests {
    static let screen = PixelSize(width: 640, height: 360)

    static func stage(column: Int, row: Int, columns: Int = 2, rows: Int = 2, screen: PixelSize = screen,
                      pointScale: Double = 1) -> StageLayout {
        StageLayout(screenPixels: screen, pointScale: pointScale, fit: .contain,
                    tile: SyncConfig.Tile(columns: columns, rows: rows, column: column, row: row))
    }

    @Test func theStageIsTheOneOfAWindowTheWallsSize() {
        let stage = Self.stage(column: 0, row: 1)
        let whole = StageLayout(windowPixels: PixelSize(width: 1280, height: 720), fit: .contain)
        #expect(stage.windowPixels == whole.windowPixels)
        #expect(stage.cardRect == whole.cardRect)  // 1080x720, pillarboxed at x 100 in the wall
        #expect(stage.cardRect == PixelRect(x: 100, y: 0, width: 1080, height: 720))
        #expect(stage.pageWidth == 1280)  // a slide moves by the wall's width
        #expect(stage.screenPixels == Self.screen)
        #expect(stage.wall?.screenRect == PixelRect(x: 0, y: 360, width: 640, height: 360))
        #expect(stage.pageControl(pageCount: 5, currentPage: 0) == whole.pageControl(pageCount: 5, currentPage: 0))
    }

    @Test func withoutATileTheStageIsTheScreens() {
        let stage = StageLayout(screenPixels: Self.screen, fit: .contain, tile: nil)
        #expect(stage == StageLayout(windowPixels: Self.screen, fit: .contain))
        #expect(stage.screenPixels == Self.screen)
        #expect(DisplayList([.card(index: 0, destination: stage.cardRect)]).onScreen(of: stage).commands == [.card(index: 0, destination: stage.cardRect)])
    }

    @Test func theRuntimesStageFollowsTheConfigsTile() {
        let tile = SyncConfig.Tile(columns: 4, rows: 4, column: 3, row: 2)
        let stage = KioskRuntime.stage(pixels: PixelSize(width: 1920, height: 1080), pointScale: 1, display: DisplayConfig(), tile: tile)
        #expect(stage.windowPixels == PixelSize(width: 7680, height: 4320))
        #expect(stage.wall?.screenRect == PixelRect(x: 5760, y: 2160, width: 1920, height: 1080))
        #expect(tile.description == "tile 3,2 of a 4x4 wall")
    }

    @Test func aWallOverTheLimitShowsWholeCards() {
        // A 3x3 wall of 4K screens is 11520x6480: each card composed at that size would take 285 MiB.
        let tile = SyncConfig.Tile(columns: 3, rows: 3, column: 1, row: 1)
        let screen = PixelSize(width: 3840, height: 2160)
        let stage = StageLayout(screenPixels: screen, fit: .contain, tile: tile)
        #expect(stage.wall == nil)
        #expect(stage == StageLayout(windowPixels: screen, fit: .contain))
        #expect(WallTile(tile, screenPixels: screen).tooLarge == "sync.tile: a 3x3 wall of 3840x2160 screens is 11520x6480, over the 33.2 "
                + "megapixels (7680x4320) a wall may have, since every screen composes its cards at the wall's size: this screen shows whole cards")
        // 4x4 of 1080p is the largest: exactly 7680x4320.
        #expect(StageLayout(screenPixels: PixelSize(width: 1920, height: 1080), fit: .contain,
                            tile: SyncConfig.Tile(columns: 4, rows: 4, column: 0, row: 0)).wall != nil)
    }

    @Test func eachScreenGetsItsPartOfTheFrame() {
        let pager = PagerSnapshot(pageCount: 5, currentPage: 0, position: 0, wraps: false)
        let background = Color(red: 1, green: 2, blue: 3)
        let wall = DisplayList.frame(stage: Self.stage(column: 0, row: 0), pager: pager, background: background)
        let dots = wall.commands.filter { if case .dot = $0 { true } else { false } }
        #expect(dots.count == 5)
        // Top left: the card moved by nothing, no dots (they are in the wall's bottom-right corner).
        let topLeft = wall.onScreen(of: Self.stage(column: 0, row: 0))
        #expect(topLeft.commands == [.clear(background), .card(index: 0, destination: PixelRect(x: 100, y: 0, width: 1080, height: 720))])
        // Bottom right: the card moved up and left by a screen each way, and the dots with it.
        let bottomRight = wall.onScreen(of: Self.stage(column: 1, row: 1))
        #expect(bottomRight.commands.first == .clear(background))
        #expect(bottomRight.commands[1] == .card(index: 0, destination: PixelRect(x: -540, y: -360, width: 1080, height: 720)))
        #expect(bottomRight.commands.count == 7)
        for (moved, original) in zip(bottomRight.commands.dropFirst(2), dots) {
            guard case .dot(let c, _, _) = moved, case .dot(let o, _, _) = original else { Issue.record("not a dot"); continue }
            #expect(c == Point(x: o.x - 640, y: o.y - 360))
        }
    }

    @Test func aSlideMovesInWallPixelsAndLeavesOutWhatIsOffTheScreen() {
        // Half a page is half the wall: card 0 is wholly off the right-hand screens... and card 1 half on.
        let pager = PagerSnapshot(pageCount: 5, currentPage: 0, position: 0.75, wraps: false)
        let wall = DisplayList.frame(stage: Self.stage(column: 0, row: 0), pager: pager, background: .black, decor: FrameDecor(dots: false))
        #expect(wall.commands.contains(.card(index: 0, destination: PixelRect(x: 100 - 960, y: 0, width: 1080, height: 720))))
        #expect(wall.commands.contains(.card(index: 1, destination: PixelRect(x: 100 + 320, y: 0, width: 1080, height: 720))))
        // Card 0 ends at x 220 of the wall: on the left screens only.
        let right = wall.onScreen(of: Self.stage(column: 1, row: 0)).commands.compactMap(\.cardIndex)
        let left = wall.onScreen(of: Self.stage(column: 0, row: 0)).commands.compactMap(\.cardIndex)
        #expect(right == [1])
        #expect(left == [0, 1])
    }

    @Test func aSwipeOnOneScreenDragsTheWallsCard() {
        // The bottom-left screen at 2 pixels a point: 320x180 points; the wall is 640 points wide.
        let stage = Self.stage(column: 0, row: 1, pointScale: 2)
        var h = KioskSessionHarness(pageCount: 5, stage: stage)
        #expect(h.session.pageWidthInPoints == 640)
        h.drag(from: Point(x: 300, y: 90), cardTravel: -200, release: false)
        // 200 points of 640: the card follows the finger across the wall.
        #expect(abs(h.position - 200.0 / 640.0) < 0.01)
    }

    @Test func dotsTakeTapsOnlyOnTheScreenThatShowsThem() throws {
        let stage = Self.stage(column: 1, row: 1)
        let control = stage.pageControl(pageCount: 5, currentPage: 2)
        let dot = try #require(control.dots.first { $0.page == 4 })
        // The dot in the bottom-right screen's own coordinates.
        let onScreen = Point(x: dot.center.x - 640, y: dot.center.y - 360)
        #expect(onScreen.x > 0 && onScreen.x < 640 && onScreen.y > 0 && onScreen.y < 360)
        var showing = KioskSessionHarness(pageCount: 5, currentPage: 2, stage: stage)
        #expect(showing.tap(at: onScreen) == [.transitionStarted(from: 2, to: 4)])
        // The same place on the bottom-left screen is the card, not the dots: a tap on the card.
        var other = KioskSessionHarness(pageCount: 5, currentPage: 2, stage: Self.stage(column: 0, row: 1))
        #expect(other.tap(at: onScreen) == [.tap(at: Point(x: onScreen.x, y: onScreen.y + 360))])
    }

    @Test func halfPixelsRoundTheSameWayOnEveryScreen() {
        // `rounded()` takes -2.5 to -3 and 1.5 to 2: a centered line 640 pixels to the left would land a pixel off.
        for x in [1.5, 0.5, 2.5, 3.25, 7.75] {
            #expect((x - 640).pixelRounded == x.pixelRounded - 640)
            #expect(x.pixelRounded == x.rounded())
        }
    }
}
