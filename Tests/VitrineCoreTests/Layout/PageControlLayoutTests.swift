import Testing
@testable import VitrineCore

@Suite struct PageControlLayoutTests {
    let card = Rect(x: 0, y: 0, width: 600, height: 400)  // The reference width: sizes are the UIKit points.

    @Test func oneDotPerCardAtTheBottomTrailingCorner() {
        let control = PageControlLayout(pageCount: 5, currentPage: 2, card: card)
        #expect(control.dots.map(\.page) == [0, 1, 2, 3, 4])
        #expect(control.dots.allSatisfy { $0.diameter == 7 })
        #expect(control.frame.maxX == 600 - 16)  // Trailing padding.
        #expect(control.dots[1].center.x - control.dots[0].center.x == 16)  // UIPageControl's pitch.
        #expect(control.frame.maxY <= card.maxY - 16 + 16 / 2)
        #expect(control.dots.allSatisfy { $0.center.y > card.midY })
    }

    @Test func currentDotIsOpaqueAndTheOthersTranslucent() {
        let control = PageControlLayout(pageCount: 3, currentPage: 1, card: card)
        #expect(control.dots.map(\.opacity) == [0.45, 1, 0.45])
    }

    @Test func manyDotsAreWindowedAroundTheCurrentPageAndNeverOverflow() {
        let control = PageControlLayout(pageCount: 1000, currentPage: 500, card: card)
        #expect(control.dots.count < 1000)
        #expect(control.frame.width <= card.width * PageControlStyle.maximumWidthFraction)
        #expect(control.frame.minX >= card.minX && control.frame.maxX <= card.maxX)
        #expect(control.dots.contains { $0.page == 500 && $0.opacity == 1 })
        // Pages hidden on both sides: both end dots shrink.
        #expect(control.dots.first!.diameter < 7 && control.dots.last!.diameter < 7)
        #expect(control.dots.dropFirst().dropLast().allSatisfy { $0.diameter == 7 })
    }

    @Test func windowClampsAtTheEnds() {
        let first = PageControlLayout(pageCount: 100, currentPage: 0, card: card)
        #expect(first.dots.first!.page == 0 && first.dots.first!.diameter == 7)
        #expect(first.dots.last!.diameter < 7)
        let last = PageControlLayout(pageCount: 100, currentPage: 99, card: card)
        #expect(last.dots.last!.page == 99 && last.dots.last!.diameter == 7)
    }

    @Test func dotsScaleWithTheCard() {
        let big = PageControlLayout(pageCount: 3, currentPage: 0, card: Rect(x: 0, y: 0, width: 1200, height: 800))
        #expect(big.dots[0].diameter == 14)
        #expect(big.pitch == 32)
    }

    @Test func emptyDeckHasNoDotsAndTakesNoTaps() {
        let control = PageControlLayout(pageCount: 0, currentPage: 0, card: card)
        #expect(control.dots.isEmpty)
        #expect(control.target(at: Point(x: 590, y: 380), currentPage: 0) == nil)
    }

    @Test func tapAreaIsAtLeast44PointsTall() {
        let control = PageControlLayout(pageCount: 3, currentPage: 0, card: card, pointScale: 2)
        #expect(control.hitRect.height >= 88)
    }

    @Test func tapsPickADotOrStepTowardTheSideTapped() {
        let control = PageControlLayout(pageCount: 5, currentPage: 2, card: card)
        let y = control.dots[0].center.y
        #expect(control.target(at: Point(x: control.dots[4].center.x, y: y), currentPage: 2) == .page(4))
        #expect(control.target(at: Point(x: control.dots[0].center.x + 2, y: y + 10), currentPage: 2) == .page(0))
        // Between dots, away from any: the side of the current dot decides.
        let gapLeft = (control.dots[0].center.x + control.dots[1].center.x) / 2
        let gapRight = (control.dots[3].center.x + control.dots[4].center.x) / 2
        #expect(control.target(at: Point(x: gapLeft, y: y), currentPage: 2) == .previous)
        #expect(control.target(at: Point(x: gapRight, y: y), currentPage: 2) == .next)
        // The padding left of the dots still belongs to the control.
        #expect(control.target(at: Point(x: control.frame.minX - 8, y: y), currentPage: 2) == .previous)
        // Far away, or on the current dot: nothing.
        #expect(control.target(at: Point(x: 100, y: y), currentPage: 2) == nil)
        #expect(control.target(at: Point(x: control.dots[2].center.x, y: y), currentPage: 2) == nil)
    }
}
