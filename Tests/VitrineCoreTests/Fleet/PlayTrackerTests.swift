import Testing
@testable import VitrineCore

/// Which cards land on screen, and what brought each: the rule behind the `plays` topic.
@Suite struct PlayTrackerTests {
    @Test func theFirstCardLandsAtTheStart() {
        let kiosk = FleetDriver()
        #expect(kiosk.landings.map(\.page) == [0])
        #expect(kiosk.reasons == ["start"])
        #expect(kiosk.landings.first?.id == "a0")
    }

    @Test func autoplayLandsOneCardPerInterval() {
        var kiosk = FleetDriver(autoplay: AutoplayConfig(interval: 2))
        kiosk.advance(to: 7)
        #expect(kiosk.landings.map(\.page) == [0, 1, 2, 3])
        #expect(kiosk.reasons == ["start", "autoplay", "autoplay", "autoplay"])
    }

    @Test func eachInputNamesItsLanding() {
        var kiosk = FleetDriver()
        kiosk.send(.keyPress(name: "Right", modifiers: []), at: 1)
        kiosk.advance(to: 2)
        kiosk.swipe(at: 3)
        kiosk.advance(to: 5)
        kiosk.send(.control(.gotoIndex(0), client: -1), at: 6)
        kiosk.advance(to: 7)
        kiosk.send(.paging(.wheel(dx: 0, dy: -1)), at: 8)
        kiosk.advance(to: 9)
        #expect(kiosk.landings.map(\.page) == [0, 1, 2, 0, 1])
        #expect(kiosk.reasons == ["start", "key", "swipe", "command", "wheel"])
    }

    @Test func aDragThatFallsBackLandsNothing() {
        var kiosk = FleetDriver()
        kiosk.send(.paging(.pointerDown(id: 1, at: Point(x: 500, y: 300))), at: 1)
        kiosk.send(.paging(.pointerMove(id: 1, to: Point(x: 450, y: 300))), at: 1.5)
        kiosk.send(.paging(.pointerUp(id: 1, at: Point(x: 450, y: 300))), at: 2)
        kiosk.advance(to: 4)
        #expect(kiosk.landings.map(\.page) == [0])
    }

    @Test func aRetargetedTransitionLandsOnceWithTheLastReason() {
        var kiosk = FleetDriver()
        kiosk.send(.keyPress(name: "Right", modifiers: []), at: 1)
        kiosk.send(.control(.next, client: -1), at: 1.1)
        kiosk.advance(to: 3)
        #expect(kiosk.landings.map(\.page) == [0, 2])
        #expect(kiosk.reasons == ["start", "command"])
    }
}
