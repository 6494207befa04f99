import Testing
@testable import VitrineCore

/// The detail panel's rules in the runtime, on manual time: a tap opens it, a tap outside, Escape, a swipe, idle
/// time or a command closes it, attract mode waits meanwhile, and its text scrolls by drag.
@Suite struct DetailRuntimeTests {
    /// Three cards of the 900x600 fixture; card 1 has a detail with `text`.
    static func config(text: String = "Built in 1889 for the fair.", autoplay: AutoplayConfig? = nil) -> KioskConfig {
        var cards = RuntimeFixture.cards(3)
        cards[1].detail = CardDetail(text: text, link: "https://example.org/a1")
        return RuntimeFixture.config(cards, autoplay: autoplay)
    }

    /// A kiosk on card 1 (the one with a detail), at rest at t = 1.
    static func kiosk(_ config: KioskConfig = config()) -> EmbeddedKiosk {
        var kiosk = RuntimeFixture.kiosk(config)
        kiosk.send(.paging(.setPage(1)), at: 0)
        kiosk.advance(to: 1)
        return kiosk
    }

    static func tap(_ kiosk: inout EmbeddedKiosk, at point: Point, t: Double, holding: Double = 0.08) {
        kiosk.send(.paging(.pointerDown(id: 0, at: point)), at: t)
        kiosk.send(.paging(.pointerUp(id: 0, at: point)), at: t + holding)
    }

    /// The detail lines of the event log.
    static func detailLines(_ kiosk: EmbeddedKiosk) -> [String] {
        kiosk.events.compactMap(\.jsonLine).filter { $0.contains(#""event":"detail"#) }
    }

    static let center = Point(x: 450, y: 300)
    static let corner = Point(x: 300, y: 560)  // On the card's subtitle, below the panel.

    @Test func aTapOpensThePanelATapOutsideClosesItAndATapOnItDoesNot() {
        var kiosk = Self.kiosk()
        #expect(kiosk.runtime.settledFrame.detail == nil)
        Self.tap(&kiosk, at: Self.center, t: 2)
        #expect(kiosk.runtime.openDetailCard == 1)
        let frame = kiosk.runtime.settledFrame
        #expect(frame.detail?.link == "https://example.org/a1" && frame.detail?.layout.lines == ["Built in 1889 for the fair."])
        Self.tap(&kiosk, at: Self.center, t: 3)  // On the panel.
        #expect(kiosk.runtime.openDetailCard == 1)
        Self.tap(&kiosk, at: Self.corner, t: 4)
        #expect(kiosk.runtime.openDetailCard == nil && kiosk.runtime.settledFrame.detail == nil)
        #expect(Self.detailLines(kiosk) == [
            #"{"t":2.080,"event":"detailOpened","page":1,"reason":"tap"}"#,
            #"{"t":4.080,"event":"detailClosed","page":1,"reason":"tapOutside"}"#,
        ])
        #expect(kiosk.runtime.session.pager.currentPage == 1)  // Taps never page.
    }

    @Test func aCardWithoutADetailIgnoresTapsAndALongPressOpensNothing() {
        var kiosk = Self.kiosk()
        Self.tap(&kiosk, at: Self.center, t: 2, holding: PagingTuning.tapDuration + 0.1)
        #expect(kiosk.runtime.openDetailCard == nil)
        kiosk.send(.paging(.setPage(2)), at: 3)
        kiosk.advance(to: 4)
        Self.tap(&kiosk, at: Self.center, t: 5)
        #expect(kiosk.runtime.openDetailCard == nil && Self.detailLines(kiosk).isEmpty)
        #expect(kiosk.runtime.session.pager.currentPage == 2 && !kiosk.frames.contains { $0.frame.detail != nil })
    }

    @Test func aSwipeClosesThePanelAndStillPages() {
        var kiosk = Self.kiosk()
        Self.tap(&kiosk, at: Self.center, t: 2)
        var t = 3.0
        kiosk.send(.paging(.pointerDown(id: 0, at: Self.center)), at: t)
        for step in 1...10 {
            t += 0.016
            kiosk.send(.paging(.pointerMove(id: 0, to: Point(x: 450 - Double(step) * 60, y: 300))), at: t)
        }
        kiosk.send(.paging(.pointerUp(id: 0, at: Point(x: -150, y: 300))), at: t)
        kiosk.advance(to: t + 1)
        #expect(kiosk.runtime.session.pager.currentPage == 2)
        #expect(Self.detailLines(kiosk).last == #"{"t":3.016,"event":"detailClosed","page":1,"reason":"swipe"}"#)
    }

    @Test func attractModeWaitsWhileThePanelIsOpen() {
        var autoplay = AutoplayConfig()
        autoplay.interval = 2
        autoplay.resumeAfterIdle = 0
        var kiosk = Self.kiosk(Self.config(autoplay: autoplay))
        kiosk.send(.control(.detail(open: true), client: 1), at: 1.5)
        #expect(kiosk.replies.last?.reply == ControlReply(ok: true, fields: [("page", "1"), ("open", "true")]))
        kiosk.advance(to: 30)
        #expect(kiosk.runtime.session.pager.currentPage == 1 && kiosk.runtime.openDetailCard == 1)
        #expect(kiosk.runtime.settledFrame.progress == nil)
        kiosk.send(.control(.detail(open: false), client: 1), at: 30)
        kiosk.advance(to: 31.9)
        #expect(kiosk.runtime.session.pager.currentPage == 1)  // The card gets its whole interval after.
        kiosk.advance(to: 33)
        #expect(kiosk.runtime.session.pager.currentPage == 2)
        #expect(Self.detailLines(kiosk) == [
            #"{"t":1.500,"event":"detailOpened","page":1,"reason":"control"}"#,
            #"{"t":30.000,"event":"detailClosed","page":1,"reason":"control"}"#,
        ])
    }

    @Test func escapeClosesThePanelInsteadOfQuitting() {
        var kiosk = Self.kiosk()
        Self.tap(&kiosk, at: Self.center, t: 2)
        kiosk.send(.keyPress(name: "Escape", modifiers: []), at: 3)
        #expect(kiosk.runtime.exit == nil && kiosk.runtime.openDetailCard == nil)
        #expect(Self.detailLines(kiosk).last == #"{"t":3.000,"event":"detailClosed","page":1,"reason":"escape"}"#)
        kiosk.send(.keyPress(name: "Escape", modifiers: []), at: 4)
        #expect(kiosk.runtime.exit == .userQuit)
    }

    @Test func aReplayScriptTapsOpensAndPressesEscape() throws {
        var kiosk = Self.kiosk()
        let script = try ReplayScript.parse("""
            {"at":2.00,"touch":"down","x":0.5,"y":0.5}
            {"at":2.05,"touch":"up","x":0.5,"y":0.5}
            {"at":3.00,"key":"escape"}
            {"at":4.00,"control":{"cmd":"detail","action":"open"}}
            """, file: "script")
        kiosk.play(script, windowPoints: RuntimeFixture.pixels, load: RuntimeFixture.loader([:])) { _, _, _, _ in }
        #expect(Self.detailLines(kiosk) == [
            #"{"t":2.050,"event":"detailOpened","page":1,"reason":"tap"}"#,
            #"{"t":3.000,"event":"detailClosed","page":1,"reason":"escape"}"#,
            #"{"t":4.000,"event":"detailOpened","page":1,"reason":"control"}"#,
        ])
        #expect(kiosk.runtime.exit == nil)
    }

    @Test func idleTimeClosesThePanelAndATouchStartsItAgain() {
        var kiosk = Self.kiosk()
        Self.tap(&kiosk, at: Self.center, t: 2)
        Self.tap(&kiosk, at: Self.center, t: 40)  // On the panel: activity.
        #expect(kiosk.runtime.timerDeadline == 40.08 + RuntimeTuning.detailIdleClose)
        kiosk.advance(to: 100)
        #expect(kiosk.runtime.openDetailCard == 1)
        kiosk.advance(to: 100.1)
        #expect(kiosk.runtime.openDetailCard == nil)
        #expect(Self.detailLines(kiosk).last == #"{"t":100.080,"event":"detailClosed","page":1,"reason":"idle"}"#)
    }

    @Test func anotherCardClosesThePanel() {
        var kiosk = Self.kiosk()
        Self.tap(&kiosk, at: Self.center, t: 2)
        kiosk.send(.paging(.key(.next)), at: 3)
        #expect(kiosk.runtime.openDetailCard == nil)
        #expect(Self.detailLines(kiosk).last == #"{"t":3.000,"event":"detailClosed","page":1,"reason":"page"}"#)
    }

    @Test func aReloadClosesThePanelAndANewWindowSizeLaysItOutAgain() throws {
        var kiosk = RuntimeFixture.kiosk(Self.config(), files: ["/deck/kiosk.json": Self.config(text: "Edited.")])
        kiosk.send(.paging(.setPage(1)), at: 0)
        kiosk.advance(to: 1)
        Self.tap(&kiosk, at: Self.center, t: 2)
        kiosk.send(.resized(pixels: PixelSize(width: 1200, height: 800), pointScale: 1), at: 3)
        #expect(kiosk.runtime.openDetailCard == 1)
        let panel = try #require(kiosk.runtime.settledFrame.detail?.layout.panel)
        #expect(panel.width == 1200 - 2 * 32)  // 16 pt at 2x the reference width.
        kiosk.send(.reloadRequested, at: 4)
        kiosk.advance(to: 5)
        #expect(kiosk.runtime.openDetailCard == nil)
        #expect(Self.detailLines(kiosk).last == #"{"t":4.000,"event":"detailClosed","page":1,"reason":"reload"}"#)
    }

    @Test func aVerticalDragOnALongTextScrollsItWithinItsLength() throws {
        let text = (1...80).map { "Line \($0) of a long story." }.joined(separator: "\n")
        var kiosk = Self.kiosk(Self.config(text: text))
        Self.tap(&kiosk, at: Self.center, t: 2)
        let layout = try #require(kiosk.runtime.settledFrame.detail?.layout)
        #expect(layout.lines.count == 80 && layout.scrollLimit > 1000)
        let start = Point(x: Double(layout.textArea.x + 20), y: 400)
        kiosk.send(.paging(.pointerDown(id: 0, at: start)), at: 3)
        kiosk.send(.paging(.pointerMove(id: 0, to: Point(x: start.x, y: 380))), at: 3.05)  // Past the slop: vertical.
        kiosk.send(.paging(.pointerMove(id: 0, to: Point(x: start.x, y: 280))), at: 3.1)
        #expect(kiosk.runtime.settledFrame.detail?.scroll == 100)
        kiosk.send(.paging(.pointerMove(id: 0, to: Point(x: start.x, y: 480))), at: 3.2)  // Back past the top.
        #expect(kiosk.runtime.settledFrame.detail?.scroll == 0)
        kiosk.send(.paging(.pointerMove(id: 0, to: Point(x: start.x, y: -3000))), at: 3.3)
        kiosk.send(.paging(.pointerUp(id: 0, at: Point(x: start.x, y: -3000))), at: 3.3)
        #expect(kiosk.runtime.settledFrame.detail?.scroll == Int(layout.scrollLimit))
        #expect(kiosk.runtime.openDetailCard == 1 && kiosk.runtime.session.pager.currentPage == 1)
    }

    @Test func theControlCommandSaysWhenThereIsNothingToOpen() throws {
        var kiosk = Self.kiosk()
        kiosk.send(.paging(.setPage(0)), at: 1)
        kiosk.send(.control(.detail(open: true), client: 1), at: 2)
        #expect(kiosk.replies.last?.reply == .failure(#"card 0 has no "detail" to open"#))
        kiosk.send(.control(.detail(open: false), client: 1), at: 3)
        #expect(kiosk.replies.last?.reply == ControlReply(ok: true, fields: [("open", "false")]))
        #expect(Self.detailLines(kiosk).isEmpty)
        #expect(try ControlCommand(words: ["detail", "open"]) == .detail(open: true))
        #expect(try ControlCommand.parse(Array(#"{"cmd":"detail","action":"close"}"#.utf8)) == .detail(open: false))
        #expect(ControlCommand.detail(open: true).jsonLine == #"{"cmd":"detail","action":"open"}"#)
        #expect(throws: ControlError(#""detail" needs "action", "open" or "close""#)) {
            try ControlCommand.parse(Array(#"{"cmd":"detail"}"#.utf8))
        }
    }
}
