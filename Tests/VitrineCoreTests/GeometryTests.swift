import Testing
@testable import VitrineCore

@Suite struct GeometryTests {
    @Test func pixelAlignmentRoundsEdgesSoNeighboursShareThem() {
        let left = Rect(x: 0.4, y: 0, width: 100.3, height: 10).pixelAligned
        let right = Rect(x: 100.7, y: 0, width: 100.3, height: 10).pixelAligned
        #expect(left == PixelRect(x: 0, y: 0, width: 101, height: 10))
        #expect(right.x == left.x + left.width)
    }

    @Test func intersectionIsNilForDisjointRects() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersection(Rect(x: 10, y: 0, width: 5, height: 5)) == nil)
        #expect(a.intersection(Rect(x: 5, y: 5, width: 10, height: 10)) == Rect(x: 5, y: 5, width: 5, height: 5))
    }
}
