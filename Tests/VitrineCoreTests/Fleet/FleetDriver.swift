@testable import VitrineCore

/// A runtime driven as the window's loop drives it, with a ``FleetReporter`` told of every call as `KioskApp`
/// tells its fleet link: the landings and messages it asked for, in order.
struct FleetDriver {
    var runtime: KioskRuntime
    var reporter = FleetReporter(topics: FleetTopics(prefix: "vitrine", id: "k1"))
    var landings: [(page: Int, id: String?, reason: String)] = []
    var messages: [FleetMessage] = []
    var now = 0.0

    init(cards: Int = 5, autoplay: AutoplayConfig? = nil) {
        runtime = KioskRuntime(config: RuntimeFixture.config(RuntimeFixture.cards(cards), autoplay: autoplay),
                               pixels: RuntimeFixture.pixels, settings: .init(manualTime: true), start: 0)
        step(nil, runtime.advance(to: 0))
    }

    private mutating func step(_ input: RuntimeInput?, _ effects: [KioskEffect]) {
        let (landed, published) = reporter.note(input, effects: effects, runtime: runtime)
        landings += landed
        messages += published
    }

    /// Moves time to `t` through every wake on the way, drawing the frames wanted.
    mutating func advance(to t: Double) {
        while let wake = runtime.nextWake, wake <= t { tick(max(wake, now)) }
        tick(max(t, now))
    }

    private mutating func tick(_ t: Double) {
        now = t
        step(nil, runtime.advance(to: t))
        if runtime.frame(at: t) != nil { step(nil, runtime.framePresented(at: t)) }
    }

    /// Gives `input` at `t`.
    mutating func send(_ input: RuntimeInput, at t: Double) {
        advance(to: t)
        step(input, runtime.handle(input, at: now))
    }

    /// A finger dragging from x 700 to x 200 (points) from `t`, lifted 0.1 s later.
    mutating func swipe(at t: Double) {
        send(.paging(.pointerDown(id: 1, at: Point(x: 700, y: 300))), at: t)
        send(.paging(.pointerMove(id: 1, to: Point(x: 450, y: 300))), at: t + 0.05)
        send(.paging(.pointerUp(id: 1, at: Point(x: 200, y: 300))), at: t + 0.1)
    }

    /// The reasons of the landings so far.
    var reasons: [String] { landings.map(\.reason) }
    /// The `state` documents published so far.
    var states: [String] { messages.filter { $0.topic == "vitrine/k1/state" }.map(\.payload) }
}
