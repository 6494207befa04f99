import Testing
@testable import VitrineCore

@Suite struct RotationTests {
    /// A landscape 3:2 panel, in points.
    let panel = Size(width: 1200, height: 800)

    /// The logical (upright) screen size for `rotation` on `panel`, as a `Size`.
    func logical(_ rotation: Rotation) -> Size {
        let size = rotation.logicalSize(ofPhysical: PixelSize(width: Int(panel.width), height: Int(panel.height)))
        return Size(width: Double(size.width), height: Double(size.height))
    }

    func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    /// A spread of points over `size`, corners and edges included, some off the whole-number grid.
    func samplePoints(in size: Size) -> [Point] {
        var points: [Point] = []
        for i in 0...10 {
            for j in 0...10 {
                points.append(Point(x: size.width * Double(i) / 10, y: size.height * Double(j) / 10))
            }
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<200 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let u = Double(state >> 11) / Double(1 << 53)
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let v = Double(state >> 11) / Double(1 << 53)
            points.append(Point(x: u * size.width, y: v * size.height))
        }
        return points
    }

    @Test func logicalSizeSwapsForQuarterTurnsOnly() {
        let physical = PixelSize(width: 1920, height: 1080)
        #expect(Rotation.none.logicalSize(ofPhysical: physical) == PixelSize(width: 1920, height: 1080))
        #expect(Rotation.clockwise90.logicalSize(ofPhysical: physical) == PixelSize(width: 1080, height: 1920))
        #expect(Rotation.upsideDown.logicalSize(ofPhysical: physical) == PixelSize(width: 1920, height: 1080))
        #expect(Rotation.clockwise270.logicalSize(ofPhysical: physical) == PixelSize(width: 1080, height: 1920))
        #expect(Rotation.allCases.filter(\.swapsAxes) == [.clockwise90, .clockwise270])
    }

    @Test func rawValuesAreDegreesClockwise() {
        #expect(Rotation.allCases.map(\.rawValue) == [0, 90, 180, 270])
    }

    @Test(arguments: Rotation.allCases)
    func logicalToPhysicalToLogicalIsTheIdentity(rotation: Rotation) {
        for p in samplePoints(in: logical(rotation)) {
            let physical = rotation.physicalPoint(fromLogical: p, physicalSize: panel)
            #expect(physical.x >= -1e-9 && physical.x <= panel.width + 1e-9, "\(p) -> \(physical)")
            #expect(physical.y >= -1e-9 && physical.y <= panel.height + 1e-9, "\(p) -> \(physical)")
            let back = rotation.logicalPoint(fromPhysical: physical, physicalSize: panel)
            #expect(close(back, p), "\(rotation): \(p) -> \(physical) -> \(back)")
        }
    }

    @Test(arguments: Rotation.allCases)
    func physicalToLogicalToPhysicalIsTheIdentity(rotation: Rotation) {
        let size = logical(rotation)
        for p in samplePoints(in: panel) {
            let logicalPoint = rotation.logicalPoint(fromPhysical: p, physicalSize: panel)
            #expect(logicalPoint.x >= -1e-9 && logicalPoint.x <= size.width + 1e-9, "\(p) -> \(logicalPoint)")
            #expect(logicalPoint.y >= -1e-9 && logicalPoint.y <= size.height + 1e-9, "\(p) -> \(logicalPoint)")
            let back = rotation.physicalPoint(fromLogical: logicalPoint, physicalSize: panel)
            #expect(close(back, p), "\(rotation): \(p) -> \(logicalPoint) -> \(back)")
        }
    }

    /// Where the logical corners top-left, top-right, bottom-right, bottom-left are drawn on the 1200×800 panel.
    static let expectedCorners: [(Rotation, [Point])] = [
        (.none, [Point(x: 0, y: 0), Point(x: 1200, y: 0), Point(x: 1200, y: 800), Point(x: 0, y: 800)]),
        // Turned clockwise: the picture's top edge runs down the panel's right edge.
        (.clockwise90, [Point(x: 1200, y: 0), Point(x: 1200, y: 800), Point(x: 0, y: 800), Point(x: 0, y: 0)]),
        (.upsideDown, [Point(x: 1200, y: 800), Point(x: 0, y: 800), Point(x: 0, y: 0), Point(x: 1200, y: 0)]),
        // Turned counter-clockwise: the picture's top edge runs up the panel's left edge.
        (.clockwise270, [Point(x: 0, y: 800), Point(x: 0, y: 0), Point(x: 1200, y: 0), Point(x: 1200, y: 800)]),
    ]

    @Test func cornersLandOnTheRightCorners() {
        for (rotation, physicalCorners) in Self.expectedCorners {
            let size = logical(rotation)
            let logicalCorners = [Point(x: 0, y: 0), Point(x: size.width, y: 0),
                                  Point(x: size.width, y: size.height), Point(x: 0, y: size.height)]
            for (l, p) in zip(logicalCorners, physicalCorners) {
                #expect(rotation.physicalPoint(fromLogical: l, physicalSize: panel) == p, "\(rotation): logical \(l)")
                #expect(rotation.logicalPoint(fromPhysical: p, physicalSize: panel) == l, "\(rotation): physical \(p)")
            }
        }
    }

    @Test func centerStaysTheCenter() {
        for rotation in Rotation.allCases {
            let size = logical(rotation)
            let center = Point(x: size.width / 2, y: size.height / 2)
            #expect(rotation.physicalPoint(fromLogical: center, physicalSize: panel) == Point(x: 600, y: 400))
        }
    }

    /// The direction the viewer's "left" (logical −x) takes on the panel: (dx, dy) per logical point.
    static let physicalLeft: [Rotation: (Double, Double)] = [
        .none: (-1, 0),
        .clockwise90: (0, -1),   // The picture's left edge is at the panel's top.
        .upsideDown: (1, 0),
        .clockwise270: (0, 1),   // The picture's left edge is at the panel's bottom.
    ]

    @Test(arguments: Rotation.allCases)
    func viewersLeftwardSwipeStaysLeftwardAfterMappingBack(rotation: Rotation) {
        let size = logical(rotation)
        let starts = samplePoints(in: size).filter { $0.x > 100 }
        for start in starts {
            for distance in [1.0, 10, 37.5, 100] {
                let end = Point(x: start.x - distance, y: start.y)
                let physicalStart = rotation.physicalPoint(fromLogical: start, physicalSize: panel)
                let physicalEnd = rotation.physicalPoint(fromLogical: end, physicalSize: panel)
                let (ux, uy) = Self.physicalLeft[rotation]!
                #expect(abs((physicalEnd.x - physicalStart.x) - ux * distance) < 1e-9, "\(rotation) \(start)")
                #expect(abs((physicalEnd.y - physicalStart.y) - uy * distance) < 1e-9, "\(rotation) \(start)")
                let a = rotation.logicalPoint(fromPhysical: physicalStart, physicalSize: panel)
                let b = rotation.logicalPoint(fromPhysical: physicalEnd, physicalSize: panel)
                #expect(b.x < a.x, "\(rotation): leftward swipe from \(start) arrived as \(a) -> \(b)")
                #expect(abs((a.x - b.x) - distance) < 1e-9)
                #expect(abs(a.y - b.y) < 1e-9, "a horizontal swipe must stay horizontal")
            }
        }
    }

    @Test(arguments: Rotation.allCases)
    func viewersUpwardSwipeStaysVerticalAfterMappingBack(rotation: Rotation) {
        let start = Point(x: 300, y: 500)
        let end = Point(x: 300, y: 200)
        let a = rotation.logicalPoint(fromPhysical: rotation.physicalPoint(fromLogical: start, physicalSize: panel), physicalSize: panel)
        let b = rotation.logicalPoint(fromPhysical: rotation.physicalPoint(fromLogical: end, physicalSize: panel), physicalSize: panel)
        #expect(abs(a.x - b.x) < 1e-9)
        #expect(b.y < a.y)
    }
}
