import Testing
@testable import VitrineCore

/// Ken Burns: the framing is a pure function of the time since landing, moves smoothly, covers the card, respects
/// the focus, and is off under reduced motion.
@Suite struct KenBurnsTests {
    static let corners = [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 0, y: 1), Point(x: 1, y: 1), Point(x: 0.5, y: 0.5),
                          Point(x: 0.8, y: 0.3), Point(x: 0.5, y: 1)]

    @Test func theFramingZoomsMonotonicallyAndAlwaysCoversTheCard() {
        for focus in Self.corners {
            var previous = KenBurns.view(time: 0, duration: 10, focus: focus)
            #expect(previous == KenBurns.still)
            var t = 0.0
            while t <= 12 {
                let view = KenBurns.view(time: t, duration: 10, focus: focus)
                // Inside the picture: the picture covers the card at every moment.
                #expect(view.x >= 0 && view.y >= 0 && view.x + view.width <= 1 + 1e-12 && view.y + view.height <= 1 + 1e-12, "\(view) at \(t)")
                #expect(view.width <= previous.width && view.width >= 1 / KenBurns.endZoom - 1e-12, "zoom goes back at \(t)")
                #expect(abs(view.width - view.height) < 1e-12)
                // Never farther from the focus than a moment before.
                #expect(distance(view, focus) <= distance(previous, focus) + 1e-12, "moves away from \(focus) at \(t)")
                previous = view
                t += 0.05
            }
            let end = KenBurns.view(time: 10, duration: 10, focus: focus)
            #expect(abs(end.width - 1 / KenBurns.endZoom) < 1e-12)
            #expect(KenBurns.view(time: 99, duration: 10, focus: focus) == end, "settles at the end")
        }
    }

    @Test func theFocusIsWhereThePictureEndsUp() {
        let side = 1 / KenBurns.endZoom
        let topLeft = KenBurns.view(time: 10, duration: 10, focus: Point(x: 0, y: 0))
        #expect(topLeft.x == 0 && topLeft.y == 0)
        let bottomRight = KenBurns.view(time: 10, duration: 10, focus: Point(x: 1, y: 1))
        #expect(abs(bottomRight.x - (1 - side)) < 1e-12 && abs(bottomRight.y - (1 - side)) < 1e-12)
        let middle = KenBurns.view(time: 10, duration: 10)
        #expect(abs(middle.x + side / 2 - 0.5) < 1e-12 && abs(middle.y + side / 2 - 0.5) < 1e-12)
        // A focus within reach is the middle of the last framing.
        let near = KenBurns.view(time: 10, duration: 10, focus: Point(x: 0.55, y: 0.45))
        #expect(abs(near.x + side / 2 - 0.55) < 1e-12 && abs(near.y + side / 2 - 0.45) < 1e-12)
    }

    @Test func noStepIsLargerThanOneFramesMotion() {
        // Smoothstep: at most 1.5 / duration of the motion a second, so a frame moves at most that much.
        let duration = 8.0, frame = 1.0 / 60
        // The window's side changes by at most (endZoom - 1) of the progress, its corner by half that plus 0.5.
        let speed = 1.5 / duration * frame * 1.0001
        let side = speed * (KenBurns.endZoom - 1), corner = speed * (0.5 + (KenBurns.endZoom - 1) / 2)
        var t = 0.0
        var previous = KenBurns.view(time: t, duration: duration, focus: Point(x: 1, y: 0))
        while t < duration + 1 {
            t += frame
            let view = KenBurns.view(time: t, duration: duration, focus: Point(x: 1, y: 0))
            #expect(abs(view.width - previous.width) <= side)
            #expect(abs(view.x - previous.x) <= corner && abs(view.y - previous.y) <= corner)
            previous = view
        }
    }

    func distance(_ view: Rect, _ focus: Point) -> Double {
        let dx = view.x + view.width / 2 - focus.x, dy = view.y + view.height / 2 - focus.y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// A 4-card deck with Ken Burns on every card but card 2 (`still`), card 3 panning toward the top-left corner.
    static func config(autoplay: AutoplayConfig? = nil, motion: String = "kenburns") throws -> KioskConfig {
        let json = """
            {"motion": "\(motion)", "cards": [
              {"title": "A", "image": "a.jpg"},
              {"title": "B", "image": "b.jpg", "duration": 6},
              {"title": "C", "image": "c.jpg", "motion": "still"},
              {"title": "D", "image": "d.jpg", "focus": [0, 0]}
            ]\(autoplay == nil ? "" : #", "autoplay": {"interval": 4}"#)}
            """
        return try KioskConfig.decode(Array(json.utf8), file: "/deck/kiosk.json").config
    }

    @Test func theDeckAndTheCardChooseAndReducedMotionTurnsItOff() throws {
        let deck = try Self.config()
        #expect(deck.motion == .full)
        #expect(deck.kenBurns(forCard: 0)?.duration == KenBurns.defaultDuration)
        #expect(deck.kenBurns(forCard: 2) == nil)
        #expect(deck.kenBurns(forCard: 3)?.focus == Point(x: 0, y: 0))
        let timed = try Self.config(autoplay: AutoplayConfig(interval: 4))
        #expect(timed.kenBurns(forCard: 0)?.duration == 4)
        #expect(timed.kenBurns(forCard: 1)?.duration == 6)
        let plain = try Self.config(motion: "full")
        #expect(plain.kenBurns(forCard: 0) == nil)
        let json = #"{"motion": "reduced", "cards": [{"title": "A", "image": "a.jpg", "motion": "kenburns"}]}"#
        let reduced = try KioskConfig.decode(Array(json.utf8), file: "/deck/kiosk.json").config
        #expect(reduced.motion == .reduced)
        #expect(reduced.kenBurns(forCard: 0) == nil)
        var kiosk = RuntimeFixture.kiosk(reduced)
        kiosk.advance(to: 3)
        #expect(kiosk.runtime.settledFrame.kenBurns.isEmpty)
        #expect(kiosk.runtime.nextDeadline == nil || kiosk.runtime.nextDeadline! > 100)
    }

    @Test func aMovingCardIsDrawnEveryFrameAndThenTheKioskIsIdleAgain() throws {
        var kiosk = RuntimeFixture.kiosk(try Self.config())
        kiosk.advance(to: 1)
        let early = kiosk.frames.filter { $0.t <= 1 }.count
        #expect(early >= 55, "frames in the first second: \(early)")
        kiosk.advance(to: 30)
        let last = try #require(kiosk.frames.last)
        #expect(abs(last.t - KenBurns.defaultDuration) < 1e-9, "the last frame is the end of the motion: \(last.t)")
        #expect(last.frame.kenBurns[0] == KenBurns.view(time: KenBurns.defaultDuration, duration: KenBurns.defaultDuration))
        #expect(kiosk.runtime.nextWake == nil, "idle once the picture settled")
        // Between frames the framing moves at most one frame's motion, whatever the wakes.
        let bound = 1.5 / KenBurns.defaultDuration * (KenBurns.endZoom - 1) * 1.0001
        for (a, b) in zip(kiosk.frames, kiosk.frames.dropFirst()) {
            let va = try #require(a.frame.kenBurns[0]), vb = try #require(b.frame.kenBurns[0])
            #expect(abs(vb.width - va.width) <= bound * (b.t - a.t) + 1e-12)
        }
    }

    @Test func theSameMomentShowsTheSameFramingWhateverCameBefore() throws {
        // The same landing; before the moment, different wakes, a tap, a drag that does not page and frames.
        func framing(_ lines: [String]) throws -> [Int: Rect] {
            var kiosk = RuntimeFixture.kiosk(try Self.config())
            let script = (lines + [#"{"at":3,"key":"right"}"#]).joined(separator: "\n")
            try kiosk.play(ReplayScript.parse(script, file: "s"), windowPoints: RuntimeFixture.pixels,
                           load: RuntimeFixture.loader([:])) { (_: KioskFrame, _: KioskConfig, _: String, _: ReplayStep) in }
            let landed = try #require(RuntimeFixture.pageChanges(kiosk.events).last)
            #expect(landed.page == 1)
            kiosk.advance(to: 7.3)
            return kiosk.runtime.settledFrame.kenBurns
        }
        let plain = try framing([])
        #expect(plain[1] != nil && plain[1] != KenBurns.still)
        #expect(try framing([#"{"at":0.37,"wait":true}"#, #"{"at":1.013,"wait":true}"#, #"{"at":2.5,"wait":true}"#]) == plain)
        #expect(try framing([#"{"at":0.5,"key":"right"}"#, #"{"at":1.5,"key":"left"}"#]) == plain)
    }

    @Test func theOutgoingCardKeepsItsFramingAndTheIncomingOneStartsStill() throws {
        var kiosk = RuntimeFixture.kiosk(try Self.config())
        kiosk.advance(to: 5)
        let before = try #require(kiosk.runtime.settledFrame.kenBurns[0])
        kiosk.send(.paging(.key(.next)), at: 5)
        kiosk.advance(to: 5.1)
        let during = kiosk.runtime.settledFrame
        #expect(during.pager.position != Double(during.pager.currentPage) || during.pager.currentPage == 1)
        #expect(during.kenBurns[0] == before, "the outgoing card keeps its last framing")
        #expect(during.kenBurns[1] == KenBurns.still, "the incoming card shows its landing framing")
        // A drag that does not page pauses the card and it goes on from where it was.
        var held = RuntimeFixture.kiosk(try Self.config())
        held.advance(to: 2)
        held.send(.paging(.pointerDown(id: 0, at: Point(x: 450, y: 300))), at: 2)
        held.send(.paging(.pointerMove(id: 0, to: Point(x: 440, y: 300))), at: 2.5)
        held.send(.paging(.pointerUp(id: 0, at: Point(x: 440, y: 300))), at: 3)
        held.settle(within: 2)
        #expect(held.runtime.session.isIdle)
        held.advance(to: 4)
        // Held from 2 s to 3 s: one second of the four did not count.
        let time = try #require(held.runtime.kenBurnsTime(ofCard: 0))
        #expect(abs(time - 3) < 1e-9, "paused while held: \(time) at \(held.now)")
    }
}
