import Testing
@testable import VitrineCore

/// Pointer input through a `KioskSession` on a turned panel: physical points in, upright paging out.
@Suite struct RotatedSessionTests {
    /// The physical panel: 1200×800 pixels, one pixel per point.
    static let panel = PixelSize(width: 1200, height: 800)
    static let panelPoints = Size(width: 1200, height: 800)

    /// A harness on the logical stage for `rotation`, starting on page `page` of five, no wrap.
    func harness(_ rotation: Rotation, page: Int = 1) -> KioskSessionHarness {
        var h = KioskSessionHarness(pageCount: 5, wraps: false, currentPage: page)
        let stage = StageLayout(windowPixels: rotation.logicalSize(ofPhysical: Self.panel), fit: .contain)
        h.session = KioskSession(pageCount: 5, wraps: false, stage: stage, rotation: rotation, currentPage: page)
        return h
    }

    /// A slow drag of pointer 1 from `from` to `to` in physical points: 60 moves over 1.2 s, then released there.
    func drag(_ h: inout KioskSessionHarness, from: Point, to: Point) {
        h.send(.pointerDown(id: 1, at: from))
        for i in 1...60 {
            h.time += 0.02
            let f = Double(i) / 60
            h.send(.pointerMove(id: 1, to: Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)))
        }
        h.send(.pointerUp(id: 1, at: to))
        h.settle()
    }

    /// A swipe the viewer sees as going `leftward` (or rightward) across 62.5% of the upright page, in physical points.
    func viewerSwipe(_ rotation: Rotation, leftward: Bool) -> (Point, Point) {
        let size = rotation.logicalSize(ofPhysical: Self.panel)
        let width = Double(size.width), y = Double(size.height) * 0.3
        let travel = width * 0.625
        let a = Point(x: leftward ? width * 0.8 : width * 0.2, y: y)
        let b = Point(x: leftward ? a.x - travel : a.x + travel, y: y)
        return (rotation.physicalPoint(fromLogical: a, physicalSize: Self.panelPoints),
                rotation.physicalPoint(fromLogical: b, physicalSize: Self.panelPoints))
    }

    @Test func rotatedSessionLaysOutAPortraitStageAndMeasuresThePanelInPoints() {
        let h = harness(.clockwise90)
        #expect(h.session.stage.windowPixels == PixelSize(width: 800, height: 1200))
        #expect(h.session.physicalSizeInPoints == Size(width: 1200, height: 800))
        #expect(h.session.pageWidthInPoints == 800)
        #expect(harness(.none).session.physicalSizeInPoints == Size(width: 1200, height: 800))
    }

    @Test func physicalSizeInPointsAccountsForThePointScale() {
        let stage = StageLayout(windowPixels: PixelSize(width: 1600, height: 2400), pointScale: 2, fit: .contain)
        let session = KioskSession(pageCount: 3, wraps: false, stage: stage, rotation: .clockwise270)
        #expect(session.physicalSizeInPoints == Size(width: 1200, height: 800))
        #expect(session.pageWidthInPoints == 800)
    }

    @Test func upwardPhysicalDragOnA90DegreePanelPagesForwardFromTheFirstPage() {
        // Logical portrait stage 800×1200; the viewer's leftward swipe from x 600 to 100 at y 400 is, on the panel,
        // a drag straight up from (800, 600) to (800, 100).
        var h = harness(.clockwise90, page: 0)
        drag(&h, from: Point(x: 800, y: 600), to: Point(x: 800, y: 100))
        #expect(h.currentPage == 1)
        #expect(h.events.first == .dragBegan(page: 0))
        #expect(h.events.last == .pageChanged(page: 1))
        #expect(h.session.isIdle)
    }

    @Test func theSameDragOnAnUnturnedPanelIsVerticalAndDoesNotPage() {
        var h = harness(.none, page: 0)
        drag(&h, from: Point(x: 800, y: 600), to: Point(x: 800, y: 100))
        #expect(h.currentPage == 0)
        #expect(h.events == [])
        #expect(h.position == 0)
    }

    @Test(arguments: Rotation.allCases)
    func viewersLeftwardSwipePagesForward(rotation: Rotation) {
        var h = harness(rotation, page: 1)
        let (from, to) = viewerSwipe(rotation, leftward: true)
        drag(&h, from: from, to: to)
        #expect(h.currentPage == 2, "\(rotation): \(from) -> \(to)")
        #expect(h.events.contains(.pageChanged(page: 2)))
    }

    @Test(arguments: Rotation.allCases)
    func viewersRightwardSwipePagesBack(rotation: Rotation) {
        var h = harness(rotation, page: 1)
        let (from, to) = viewerSwipe(rotation, leftward: false)
        drag(&h, from: from, to: to)
        #expect(h.currentPage == 0, "\(rotation): \(from) -> \(to)")
    }

    @Test(arguments: Rotation.allCases)
    func viewersVerticalSwipeNeverPages(rotation: Rotation) {
        var h = harness(rotation, page: 1)
        let size = rotation.logicalSize(ofPhysical: Self.panel)
        let x = Double(size.width) / 2
        let a = rotation.physicalPoint(fromLogical: Point(x: x, y: Double(size.height) * 0.8), physicalSize: Self.panelPoints)
        let b = rotation.physicalPoint(fromLogical: Point(x: x, y: Double(size.height) * 0.1), physicalSize: Self.panelPoints)
        drag(&h, from: a, to: b)
        #expect(h.currentPage == 1)
        #expect(h.events == [], "\(rotation)")
    }

    /// What the one physical drag straight up the panel, (800, 600) → (800, 100), does on each mounting.
    static let upwardDragOutcome: [(Rotation, Int)] = [
        (.none, 1),          // Vertical: ignored.
        (.clockwise90, 2),   // The viewer's leftward swipe: forward.
        (.upsideDown, 1),    // Still vertical.
        (.clockwise270, 0),  // The viewer's rightward swipe: back.
    ]

    @Test func oneUpwardPhysicalDragOnEachMounting() {
        for (rotation, expected) in Self.upwardDragOutcome {
            var h = harness(rotation, page: 1)
            drag(&h, from: Point(x: 800, y: 600), to: Point(x: 800, y: 100))
            #expect(h.currentPage == expected, "\(rotation)")
        }
    }

    @Test func leftwardPhysicalDragOnAnUpsideDownPanelPagesBack() {
        // Turned 180°, the panel's leftward is the viewer's rightward.
        var h = harness(.upsideDown, page: 1)
        drag(&h, from: Point(x: 1000, y: 400), to: Point(x: 200, y: 400))
        #expect(h.currentPage == 0)
        var plain = harness(.none, page: 1)
        drag(&plain, from: Point(x: 1000, y: 400), to: Point(x: 200, y: 400))
        #expect(plain.currentPage == 2)
    }
}
