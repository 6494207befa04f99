@testable import VitrineCore

/// Drives a pager on a simulated clock, stepping at the fixed 1/120 s, and records everything it reports.
struct PagerHarness {
    var pager: Pager
    var time = 0.0
    var width = 800.0
    /// Every event so far, with its time.
    var log: [(t: Double, event: PagerEvent)] = []
    /// The visual position after every step.
    var positions: [Double] = []
    /// The y every pointer helper uses.
    let y = 300.0

    init(pageCount: Int, wraps: Bool = true, currentPage: Int = 0, transition: PageTransition = .slide) {
        pager = Pager(pageCount: pageCount, wraps: wraps, currentPage: currentPage)
        pager.transition = transition
    }

    var events: [PagerEvent] { log.map(\.event) }

    /// Applies an input now and returns its events.
    @discardableResult
    mutating func send(_ input: PagerInput) -> [PagerEvent] {
        let events = pager.handle(input, at: time, pageWidth: width)
        log += events.map { (time, $0) }
        return events
    }

    /// Runs fixed steps for `duration` seconds and returns their events.
    @discardableResult
    mutating func run(for duration: Double) -> [PagerEvent] {
        let steps = Int((duration / PagingTuning.fixedStep).rounded())
        var events: [PagerEvent] = []
        for _ in 0..<steps {
            time += PagingTuning.fixedStep
            let stepEvents = pager.step(to: time)
            log += stepEvents.map { (time, $0) }
            events += stepEvents
            positions.append(pager.visualPosition)
        }
        return events
    }

    /// Steps until idle (at most `limit` seconds) and returns how long it took.
    @discardableResult
    mutating func settle(limit: Double = 2) -> Double {
        let start = time
        while !pager.isIdle, time - start < limit { run(for: PagingTuning.fixedStep) }
        return time - start
    }

    /// A horizontal drag with pointer 1: down at `startX`, across the slop, then `cardTravel` points of card
    /// travel (negative = toward next), in `moves` even moves over `duration`, optionally released.
    mutating func drag(from startX: Double = 400, cardTravel: Double, duration: Double = 0.3, moves: Int = 30,
                       release: Bool = true) {
        send(.pointerDown(id: 1, at: Point(x: startX, y: y)))
        let direction: Double = cardTravel < 0 ? -1 : 1
        let slopX = startX + direction * PagingTuning.slop
        time += 0.004
        send(.pointerMove(id: 1, to: Point(x: slopX, y: y)))
        for i in 1...moves {
            time += duration / Double(moves)
            send(.pointerMove(id: 1, to: Point(x: slopX + cardTravel * Double(i) / Double(moves), y: y)))
        }
        if release { send(.pointerUp(id: 1, at: Point(x: slopX + cardTravel, y: y))) }
    }

    /// The largest change of position between consecutive recorded steps.
    ///
    /// Measured modulo the deck size: landing on an unwrapped page renormalises the position by whole decks,
    /// which shows the same picture and is not a jump.
    func maxStepDelta() -> Double {
        let n = Double(max(pager.pageCount, 1))
        return zip(positions.dropFirst(), positions).map { current, previous in
            let d = current - previous
            return abs(d - n * (d / n).rounded())
        }.max() ?? 0
    }
}

/// Counts matching events.
func count(_ events: [PagerEvent], _ predicate: (PagerEvent) -> Bool) -> Int {
    events.filter(predicate).count
}

extension PagerEvent {
    var isFinished: Bool { if case .transitionFinished = self { true } else { false } }
    var isStarted: Bool { if case .transitionStarted = self { true } else { false } }
    var isPageChanged: Bool { if case .pageChanged = self { true } else { false } }
}
