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

    @Test func tapJustOutsideTheControlIsATapOnTheCard() {
        var h = KioskSessionHarness(pageCount: 5, currentPage: 2)
        let control = h.session.stage.pageControl(pageCount: 5, currentPage: 2)
        let left = Point(x: (control.hitRect.minX - 4) / 2, y: control.hitRect.midY / 2)
        let above = Point(x: control.hitRect.midX / 2, y: (control.hitRect.minY - 4) / 2)
        #expect(h.tap(at: left) == [.tap(at: left)])
        #expect(h.tap(at: above) == [.tap(at: above)])
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

    @Test func twoTapsRightOfTheCurrentDotWithin100msLandTwoPagesOn() throws {
        var h = KioskSessionHarness(pageCount: 5, currentPage: 1)
        let dots = h.dotCentersInPoints()
        let d3 = try #require(dots[3]), d4 = try #require(dots[4])
        let right = Point(x: (d3.x + d4.x) / 2, y: d3.y)
        h.send(.pointerDown(id: 1, at: right))
        h.time += 0.03
        h.send(.pointerUp(id: 1, at: right))
        h.time += 0.04
        h.send(.pointerDown(id: 1, at: right))  // 70 ms after the first press: the slide is running
        h.time += 0.03
        h.send(.pointerUp(id: 1, at: right))
        h.settle()
        #expect(h.currentPage == 3)
        #expect(h.events == [.transitionStarted(from: 1, to: 2), .transitionRetargeted(from: 1, to: 3),
                             .transitionFinished(from: 1, to: 3, completed: true), .pageChanged(page: 3)])
    }

    @Test func twoQuickTapsOnTheSameDotLandOnThatDot() throws {
        var h = KioskSessionHarness(pageCount: 5, currentPage: 0)
        let d3 = try #require(h.dotCentersInPoints()[3])
        h.tap(at: d3)
        h.tap(at: d3)  // 50 ms later, while the card slides toward 3
        h.settle()
        #expect(h.currentPage == 3)
        #expect(h.events == [.transitionStarted(from: 0, to: 3), .transitionFinished(from: 0, to: 3, completed: true),
                             .pageChanged(page: 3)])
    }

    @Test func fiveTapsAddUpLikeFiveKeyPresses() throws {
        var taps = KioskSessionHarness(pageCount: 10, currentPage: 2)
        let dots = taps.dotCentersInPoints()
        let last = try #require(dots.values.max { $0.x < $1.x })
        let right = Point(x: last.x + 12, y: last.y)  // right of the last dot, still on the control
        var keys = KioskSessionHarness(pageCount: 10, currentPage: 2)
        for _ in 0..<5 {
            taps.tap(at: right)
            keys.send(.key(.next))
            keys.time += 0.05
        }
        taps.settle()
        keys.settle()
        #expect(taps.currentPage == 7 && keys.currentPage == 7)
        #expect(taps.events == keys.events)
    }

    @Test func aTapMeansTheDotThatWasUnderTheFingerWhenItWentDown() throws {
        // 30 cards: the dots are windowed around the current page, and the window moves when it changes.
        var h = KioskSessionHarness(pageCount: 30, currentPage: 10)
        let before = h.dotCentersInPoints()
        #expect(before.count < 30 && before[10] != nil)
        let page = try #require(before.keys.filter { $0 > 12 }.min())
        let dot = try #require(before[page])
        h.send(.key(.next))
        h.time += 0.05
        h.send(.pointerDown(id: 1, at: dot))
        while h.currentPage == 10 { h.step() }  // the slide lands while the finger is down...
        #expect(h.dotCentersInPoints()[page + 1].map { abs($0.x - dot.x) < 1e-9 } == true)  // ...and the dots move
        h.send(.pointerUp(id: 1, at: dot))
        h.settle()
        #expect(h.currentPage == page)
    }

    @Test func aDragFromTheControlCatchesARunningSlideWhenItStartsDragging() throws {
        var h = KioskSessionHarness(pageCount: 5, currentPage: 1)
        let d0 = try #require(h.dotCentersInPoints()[0])
        h.send(.key(.next))
        h.time += 0.05
        #expect(h.send(.pointerDown(id: 1, at: d0)) == [])  // a press on the control leaves the slide running
        h.step()
        h.time += 0.004
        let moved = h.send(.pointerMove(id: 1, to: Point(x: d0.x - 12, y: d0.y)))
        #expect(moved == [.dragBegan(page: 1)])  // caught short of half way: from page 1, the transition held
        #expect(h.session.pager.heldTarget == 2)
    }
}
