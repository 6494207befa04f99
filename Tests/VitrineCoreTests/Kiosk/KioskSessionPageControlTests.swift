import Testing
@testable import VitrineCore

/// Taps on the page dots, on a 2× stage: the control is laid out in pixels and taps arrive in points.
@Suite struct KioskSessionPageControlTests {
    @Test func theControlSitsInTheBottomTrailingCornerInPoints() {
        let h = KioskSessionHarness(pageCount: 5, currentPage: 2)
        let dots = h.dotCentersInPoints()
        #expect(dots.count == 5)
        // 800×500 points; the dots are in the right half and the bottom quarter.
        #expect(dots.values.allSatisfy { $0.x > 400 && $0.x < 800 && $0.y > 375 && $0.y < 500 })
    }

    @Test(arguments: [0, 1, 3, 4])
    func tapOnADotGoesToThatPage(page: Int) throws {
        var h = KioskSessionHarness(pageCount: 5, currentPage: 2)
        let dot = try #require(h.dotCentersInPoints()[page])
        #expect(h.tap(at: dot) == [.transitionStarted(from: 2, to: page)])
        h.settle()
        #expect(h.currentPage == page)
        #expect(h.events.last == .pageChanged(page: page))
    }

    @Test func tapWithinTheSlopOfADotStillPicksIt() throws {
        var h = KioskSessionHarness(pageCount: 5, currentPage: 2)
        let dot = try #require(h.dotCentersInPoints()[4])
        h.send(.pointerDown(id: 1, at: dot))
        h.time += 0.05
        h.send(.pointerMove(id: 1, to: Point(x: dot.x + 6, y: dot.y + 6)))
        #expect(h.send(.pointerUp(id: 1, at: Point(x: dot.x + 6, y: dot.y + 6))) == [.transitionStarted(from: 2, to: 4)])
    }

    @Test func tapOnTheCurrentDotDoesNothing() throws {
        var h = KioskSessionHarness(pageCount: 5, currentPage: 2)
        let dot = try #require(h.dotCentersInPoints()[2])
        #expect(h.tap(at: dot) == [])
        #expect(h.session.isIdle)
    }

    @Test func tapBetweenDotsLeftOfTheCurrentOneGoesToThePreviousPage() throws {
        var h = KioskSessionHarness(pageCount: 5, currentPage: 2)
        let dots = h.dotCentersInPoints()
        let d0 = try #require(dots[0]), d1 = try #require(dots[1])
        // Halfway between dots 0 and 1: on neither dot, so a step back (to 1), not a jump to page 0.
        #expect(h.tap(at: Point(x: (d0.x + d1.x) / 2, y: d0.y)) == [.transitionStarted(from: 2, to: 1)])
        h.settle()
        #expect(h.currentPage == 1)
    }

    @Test func tapBetweenDotsRightOfTheCurrentOneGoesToTheNextPage() throws {
        var h = KioskSessionHarness(pageCount: 5, currentPage: 2)
        let dots = h.dotCentersInPoints()
        let d3 = try #require(dots[3]), d4 = try #require(dots[4])
        #expect(h.tap(at: Point(x: (d3.x + d4.x) / 2, y: d3.y)) == [.transitionStarted(from: 2, to: 3)])
        h.settle()
        #expect(h.currentPage == 3)
    }

    @Test func tapOnTheControlsPaddingStepsTowardThatSide() throws {
        var h = KioskSessionHarness(pageCount: 5, currentPage: 2)
        let control = h.session.stage.pageControl(pageCount: 5, currentPage: 2)
        let y = control.hitRect.midY / 2
        #expect(h.tap(at: Point(x: (control.hitRect.minX + 2) / 2, y: y)) == [.transitionStarted(from: 2, to: 1)])
        h.settle()
        #expect(h.tap(at: Point(x: (control.hitRect.maxX - 2) / 2, y: y)) == [.transitionStarted(from: 1, to: 2)])
    }

    @Test func tapJustOutsideTheControlDoesNothing() {
        var h = KioskSessionHarness(pageCount: 5, currentPage: 2)
        let control = h.session.stage.pageControl(pageCount: 5, currentPage: 2)
        #expect(h.tap(at: Point(x: (control.hitRect.minX - 4) / 2, y: control.hitRect.midY / 2)) == [])
        #expect(h.tap(at: Point(x: control.hitRect.midX / 2, y: (control.hitRect.minY - 4) / 2)) == [])
        #expect(h.session.isIdle)
    }

    @Test func dotsAreHitTestedInPixelsNotPoints() throws {
        // Taps arrive in points and the session scales them by 2 before hit-testing: without that, this tap
        // (about x 665 pt) would be looked for at 665 px, in the card's middle, and do nothing.
        var h = KioskSessionHarness(pageCount: 5, currentPage: 2)
        let dot = try #require(h.dotCentersInPoints()[0])
        let pixel = try #require(h.session.stage.pageControl(pageCount: 5, currentPage: 2).dots.first).center
        #expect(dot.x * 2 == pixel.x && dot.y * 2 == pixel.y)
        #expect(h.tap(at: dot) == [.transitionStarted(from: 2, to: 0)])
    }

    @Test func dragStartingOnTheControlStillPages() throws {
        var h = KioskSessionHarness(pageCount: 5, currentPage: 2)
        let dot = try #require(h.dotCentersInPoints()[0])  // A tap here would go to page 0.
        h.drag(from: dot, cardTravel: -480)  // 60% of the 800-point window.
        #expect(h.events == [.dragBegan(page: 2), .transitionStarted(from: 2, to: 3)])
        h.settle()
        #expect(h.currentPage == 3)
    }

    @Test func dotsFollowTheNewCurrentPageAfterItChanges() throws {
        var h = KioskSessionHarness(pageCount: 5, currentPage: 2)
        let d4 = try #require(h.dotCentersInPoints()[4])
        h.tap(at: d4)
        h.settle()
        #expect(h.currentPage == 4)
        // Now the current dot is 4: tapping it again does nothing, tapping dot 2 goes back.
        #expect(h.tap(at: d4) == [])
        let d2 = try #require(h.dotCentersInPoints()[2])
        #expect(h.tap(at: d2) == [.transitionStarted(from: 4, to: 2)])
    }
}
