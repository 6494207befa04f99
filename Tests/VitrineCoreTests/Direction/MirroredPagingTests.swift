import Testing
@testable import VitrineCore

/// Paging in a right-to-left deck, played on the runtime's manual clock as `vitrine replay` plays a script: the
/// next card lies to the left.
@Suite struct MirroredPagingTests {
    /// Five cards titled in Hebrew (`auto` finds the deck right to left), or in English.
    func config(hebrew: Bool, wraps: Bool = true) -> KioskConfig {
        let titles = hebrew ? ["אש", "מים", "אוויר", "אדמה", "אור"] : ["Fire", "Water", "Air", "Earth", "Light"]
        var config = RuntimeFixture.config(titles.enumerated().map { CardConfig(title: $1, image: "/deck/\($0).jpg") })
        config.wrap = wraps
        return config
    }

    /// A press and release at `x` points on the dots' row, as a script's mouse lines.
    func dotsTap(_ kiosk: EmbeddedKiosk, at t: Double, x: (PageControlLayout) -> Double) -> String {
        let stage = kiosk.runtime.session.stage
        let control = stage.pageControl(pageCount: 5, currentPage: 0)
        let y = control.frame.midY / stage.pointScale, px = x(control) / stage.pointScale
        return """
            {"at":\(t),"mouse":"down","x":\(px),"y":\(y)}
            {"at":\(t + 0.05),"mouse":"up","x":\(px),"y":\(y)}
            """
    }

    /// Plays `script` and returns the pages that landed, in order.
    func pages(_ config: KioskConfig, _ script: (EmbeddedKiosk) -> String) throws -> [Int] {
        var kiosk = RuntimeFixture.kiosk(config)
        try kiosk.play(ReplayScript.parse(script(kiosk), file: "script"), windowPoints: RuntimeFixture.pixels,
                       load: RuntimeFixture.loader([:])) { (_: KioskFrame, _: KioskConfig, _: String, _: ReplayStep) in }
        return RuntimeFixture.pageChanges(kiosk.events).map(\.page)
    }

    /// A swipe from left to right, ←, →, a tap left of the dots and one right of them, a swipe from right to left.
    func script(_ kiosk: EmbeddedKiosk) -> String {
        """
        {"at":1,"touch":"down","x":0.2,"y":0.5}
        {"at":1.1,"touch":"move","x":0.4,"y":0.5}
        {"at":1.2,"touch":"move","x":0.7,"y":0.5}
        {"at":1.3,"touch":"up","x":0.8,"y":0.5}
        {"at":3,"key":"left"}
        {"at":5,"key":"right"}
        \(dotsTap(kiosk, at: 7) { $0.hitRect.minX + 2 })
        \(dotsTap(kiosk, at: 9) { $0.hitRect.maxX - 2 })
        {"at":11,"touch":"down","x":0.8,"y":0.5}
        {"at":11.1,"touch":"move","x":0.6,"y":0.5}
        {"at":11.2,"touch":"move","x":0.3,"y":0.5}
        {"at":11.3,"touch":"up","x":0.2,"y":0.5}
        {"at":13,"wait":true}
        """
    }

    @Test func swipeRightArrowLeftAndATapLeftOfTheDotsPageForward() throws {
        let rtl = config(hebrew: true)
        #expect(RuntimeFixture.kiosk(rtl).runtime.session.stage.direction == .rightToLeft)
        // Forward by the swipe (1) and ← (2), back by → (1), forward by the tap left of the dots (2), back by the
        // tap right of them (1) and by the swipe from right to left (0).
        #expect(try pages(rtl, script) == [1, 2, 1, 2, 1, 0])
        // The same script in a left-to-right deck pages the other way round (wrapping back from the first card).
        #expect(try pages(config(hebrew: false), script) == [4, 3, 4, 3, 4, 0])
    }

    @Test func theWheelAndPageKeysFollowTheDeck() throws {
        let script = """
            {"at":1,"wheel":{"dx":-1,"dy":0}}
            {"at":3,"key":"pagedown"}
            {"at":5,"wheel":{"dx":0,"dy":-1}}
            {"at":7,"wheel":{"dx":1,"dy":0}}
            {"at":9,"wait":true}
            """
        // Scrolling toward the left brings the card on the left, the next one; PageDown and scrolling down go on.
        #expect(try pages(config(hebrew: true)) { _ in script } == [1, 2, 3, 2])
    }

    @Test func theRubberBandAtTheFirstCardPullsTheOtherWay() throws {
        var kiosk = RuntimeFixture.kiosk(config(hebrew: true, wraps: false))
        // From right to left at the first card: back, toward no card. The card follows the finger to the left,
        // held back by the band.
        kiosk.send(.paging(.pointerDown(id: 0, at: Point(x: 700, y: 300))), at: 1)
        kiosk.send(.paging(.pointerMove(id: 0, to: Point(x: 500, y: 300))), at: 1.1)
        kiosk.send(.paging(.pointerMove(id: 0, to: Point(x: 300, y: 300))), at: 1.2)
        kiosk.advance(to: 1.3)
        let frame = kiosk.runtime.settledFrame
        #expect(frame.pager.position < 0 && frame.pager.position > -0.4)
        let list = DisplayList.frame(stage: frame.stage, pager: frame.pager, background: .black)
        let first = list.commands.compactMap { command -> PixelRect? in
            if case .card(0, let destination) = command { destination } else { nil }
        }
        #expect(first.count == 1 && first[0].x < 0 && first[0].x > -400)
        kiosk.send(.paging(.pointerUp(id: 0, at: Point(x: 300, y: 300))), at: 1.3)
        kiosk.settle(within: 5)
        #expect(RuntimeFixture.pageChanges(kiosk.events).isEmpty && kiosk.runtime.session.pager.currentPage == 0)
    }

    @Test func theWrapBringsTheLastCardInFromTheRight() throws {
        var kiosk = RuntimeFixture.kiosk(config(hebrew: true))
        // From right to left at the first card: back, which wraps to the last card, coming in from the right.
        kiosk.send(.paging(.pointerDown(id: 0, at: Point(x: 700, y: 300))), at: 1)
        kiosk.send(.paging(.pointerMove(id: 0, to: Point(x: 500, y: 300))), at: 1.1)
        kiosk.send(.paging(.pointerMove(id: 0, to: Point(x: 300, y: 300))), at: 1.2)
        kiosk.advance(to: 1.3)
        let frame = kiosk.runtime.settledFrame
        let cards = DisplayList.frame(stage: frame.stage, pager: frame.pager, background: .black).commands.compactMap { command -> (Int, Int)? in
            if case .card(let index, let destination) = command { (index, destination.x) } else { nil }
        }
        #expect(cards.count == 2)
        #expect(cards.first { $0.0 == 4 }.map { $0.1 > 0 } == true && cards.first { $0.0 == 0 }.map { $0.1 < 0 } == true)
        kiosk.send(.paging(.pointerUp(id: 0, at: Point(x: 200, y: 300))), at: 1.3)
        kiosk.settle(within: 5)
        #expect(RuntimeFixture.pageChanges(kiosk.events).map(\.page) == [4])
    }

    @Test func aTapOnTheCardIsReportedWhereItLanded() {
        var stage = StageLayout(windowPixels: PixelSize(width: 900, height: 600), fit: .contain)
        stage.direction = .rightToLeft
        var session = KioskSession(pageCount: 3, wraps: true, stage: stage)
        _ = session.handle(.pointerDown(id: 0, at: Point(x: 100, y: 200)), at: 1)
        let events = session.handle(.pointerUp(id: 0, at: Point(x: 100, y: 200)), at: 1.05)
        // The pager saw the mirror image; the tap it reports is where the finger was on screen (the detail panel
        // hit-tests with it).
        #expect(events == [.tap(at: Point(x: 100, y: 200))])
    }
}
