@testable import VitrineCore

/// Drives a `KioskSession` on a simulated clock at the fixed 1/120 s step and records what it reports.
struct KioskSessionHarness {
    var session: KioskSession
    var time = 0.0
    /// Every event so far.
    var events: [PagerEvent] = []
    /// One entry per step: whether `currentPage` changed and whether that step reported `pageChanged`.
    var pageChanges: [(changed: Bool, reported: Bool)] = []

    /// A 1600×1000-pixel window at 2 pixels per point: pages are 800 points wide, the card 1500×1000 pixels.
    static let hiDPIStage = StageLayout(windowPixels: PixelSize(width: 1600, height: 1000), pointScale: 2, fit: .contain)

    init(pageCount: Int = 5, wraps: Bool = false, currentPage: Int = 0, stage: StageLayout = hiDPIStage) {
        session = KioskSession(pageCount: pageCount, wraps: wraps, stage: stage, currentPage: currentPage)
    }

    var currentPage: Int { session.pager.currentPage }
    var position: Double { session.snapshot().position }

    /// Applies one input now and returns its events.
    @discardableResult
    mutating func send(_ input: KioskInput) -> [PagerEvent] {
        let before = currentPage
        let new = session.handle(input, at: time)
        events += new
        pageChanges.append((currentPage != before, new.contains(.pageChanged(page: currentPage))))
        return new
    }

    /// One fixed step.
    @discardableResult
    mutating func step() -> [PagerEvent] {
        let before = currentPage
        time += PagingTuning.fixedStep
        let new = session.step(to: time)
        events += new
        pageChanges.append((currentPage != before, new.contains(.pageChanged(page: currentPage))))
        return new
    }

    /// Steps at 1/120 s until idle (at most `limit` seconds) and returns the events of those steps.
    @discardableResult
    mutating func settle(limit: Double = 2) -> [PagerEvent] {
        let start = time
        var new: [PagerEvent] = []
        while !session.isIdle, time - start < limit { new += step() }
        return new
    }

    /// Press and release pointer 1 at `point` (points), 50 ms apart.
    @discardableResult
    mutating func tap(at point: Point) -> [PagerEvent] {
        var new = send(.pointerDown(id: 1, at: point))
        time += 0.05
        new += send(.pointerUp(id: 1, at: point))
        return new
    }

    /// A slow horizontal drag with pointer 1 from `start` (points): across the slop, then `cardTravel` points of
    /// card travel (negative = toward the next page) in 100 moves over 2 s, then released where it stopped.
    mutating func drag(from start: Point, cardTravel: Double, release: Bool = true) {
        send(.pointerDown(id: 1, at: start))
        let slopX = start.x + (cardTravel < 0 ? -1 : 1) * PagingTuning.slop
        time += 0.004
        send(.pointerMove(id: 1, to: Point(x: slopX, y: start.y)))
        for i in 1...100 {
            time += 0.02
            send(.pointerMove(id: 1, to: Point(x: slopX + cardTravel * Double(i) / 100, y: start.y)))
        }
        if release { send(.pointerUp(id: 1, at: Point(x: slopX + cardTravel, y: start.y))) }
    }

    /// The page control as laid out now, with its dots' centers converted to points.
    func dotCentersInPoints() -> [Int: Point] {
        let stage = session.stage
        let control = stage.pageControl(pageCount: session.pager.pageCount, currentPage: currentPage)
        var centers: [Int: Point] = [:]
        for dot in control.dots {
            centers[dot.page] = Point(x: dot.center.x / stage.pointScale, y: dot.center.y / stage.pointScale)
        }
        return centers
    }
}
