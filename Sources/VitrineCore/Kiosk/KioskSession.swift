/// A running deck without the screen: the pager, the page geometry and the rules that route input to them.
///
/// `vitrine run` feeds it SDL's input and `vitrine replay` a script's; both draw ``snapshot(alpha:)``. Pointer
/// input arrives in points; layout is in pixels, `stage.pointScale` pixels to the point.
public struct KioskSession: Sendable {
    /// The paging engine; its `currentPage` is the bound page.
    public internal(set) var pager: Pager
    /// The page geometry, in pixels of the logical (upright) screen.
    public private(set) var stage: StageLayout
    /// How the panel is mounted; pointer input arrives in physical points and is turned back.
    public private(set) var rotation: Rotation
    /// The latest press on the page control, resolved when the finger went down.
    private var controlPress = PageControlPress()
    /// A panel drawn over the page control (the open detail panel), in upright pixels: a press there is not a
    /// press on the dots.
    var controlShield: PixelRect?
    /// When the gesture's first pointer went down, for telling a tap from a long press.
    private var pressStart = -Double.infinity
    /// Whether the page dots show and take taps (`style.dots`); hidden, a press there is a press on the card.
    public var dotsShown = true

    /// A session over `pageCount` cards on `stage` (laid out for the upright screen), starting at `currentPage`.
    public init(pageCount: Int, wraps: Bool, stage: StageLayout, rotation: Rotation = .none, currentPage: Int = 0) {
        pager = Pager(pageCount: pageCount, wraps: wraps, currentPage: currentPage)
        self.stage = stage
        self.rotation = rotation
    }

    /// The panel's size in points, as pointer input measures it.
    public var physicalSizeInPoints: Size {
        let screen = stage.screenPixels  // A wall's screen: its own size, not the wall's.
        let logical = Size(width: Double(screen.width) / stage.pointScale, height: Double(screen.height) / stage.pointScale)
        return rotation.swapsAxes ? Size(width: logical.height, height: logical.width) : logical
    }

    /// A physical pointer position turned into the upright layout's points: on a video wall's screen, the wall's.
    private func logical(_ p: Point) -> Point {
        let upright = rotation.logicalPoint(fromPhysical: p, physicalSize: physicalSizeInPoints)
        guard let wall = stage.wall else { return upright }
        let origin = wall.screenRect
        return Point(x: upright.x + Double(origin.x) / stage.pointScale, y: upright.y + Double(origin.y) / stage.pointScale)
    }

    /// A point of the upright layout in its pixels.
    func pixel(_ p: Point) -> Point { Point(x: p.x * stage.pointScale, y: p.y * stage.pointScale) }

    /// A physical pointer position in the upright layout's pixels.
    func logicalPixel(_ p: Point) -> Point { pixel(logical(p)) }

    /// The width of a page in points: how far a finger moves to drag one page.
    public var pageWidthInPoints: Double { stage.pageWidth / stage.pointScale }

    /// Whether nothing moves and no pointer is held: the loop may sleep until the next input.
    public var isIdle: Bool { pager.isIdle }

    /// Takes a new window geometry; the pager keeps its page (its offset is in page widths).
    public mutating func setStage(_ newStage: StageLayout) { stage = newStage }

    /// Whether `input` comes from a person (pointers, keys, wheel) rather than the program.
    public static func isUserInput(_ input: KioskInput) -> Bool {
        switch input {
        case .setPage, .advance: false
        default: true
        }
    }

    /// Applies one input at simulated time `time` and returns what the pager reports, page-control taps resolved.
    public mutating func handle(_ input: KioskInput, at time: Double) -> [PagerEvent] {
        let width = pageWidthInPoints
        let pagerInput: PagerInput
        switch input {
        case .pointerDown(let id, let point):
            if pager.heldPointers.isEmpty { pressStart = time }
            if !dotsShown {
                pagerInput = .pointerDown(id: id, at: logical(point))
            } else if let shield = controlShield, Self.rect(shield, contains: pixel(logical(point))) {
                pagerInput = .pointerDown(id: id, at: logical(point))
            } else {
                pagerInput = controlPress.pointerDown(id: id, at: logical(point), pager: pager, stage: stage)
            }
        case .pointerMove(let id, let point): pagerInput = .pointerMove(id: id, to: logical(point))
        case .pointerUp(let id, let point): pagerInput = .pointerUp(id: id, at: logical(point))
        case .wheel(let dx, let dy): pagerInput = .wheel(dx: dx, dy: dy)
        case .key(.previous): pagerInput = .previous
        case .key(.next), .advance: pagerInput = .next
        case .key(.first): pagerInput = .first
        case .key(.last): pagerInput = .last
        case .key(.number(let n)):
            guard n >= 1, n <= pager.pageCount else { return [] }
            pagerInput = .goTo(n - 1)
        case .setPage(let page):
            guard page >= 0, page < pager.pageCount else { return [] }
            pagerInput = .goTo(page)
        }
        var events: [PagerEvent] = []
        for event in pager.handle(pagerInput, at: time, pageWidth: width) {
            if case .tap = event {
                // A tap on the dots is theirs; one on the card is reported if it was short (not a long press).
                if controlPress.isPending {
                    if let request = controlPress.tapped() { events += pager.handle(request, at: time, pageWidth: width) }
                } else if time - pressStart <= PagingTuning.tapDuration {
                    events.append(event)
                }
            } else {
                events.append(event)
            }
        }
        return events
    }

    /// Whether the pixel `point` lies in `rect`.
    static func rect(_ rect: PixelRect, contains point: Point) -> Bool {
        point.x >= Double(rect.x) && point.x < Double(rect.x + rect.width) && point.y >= Double(rect.y) && point.y < Double(rect.y + rect.height)
    }

    /// Advances animations to simulated time `time`.
    public mutating func step(to time: Double) -> [PagerEvent] {
        pager.step(to: time)
    }

    /// What to draw: the bound page and the position, interpolated `alpha` of the way from the previous step.
    public func snapshot(alpha: Double = 1) -> PagerSnapshot {
        var snapshot = PagerSnapshot(pageCount: pager.pageCount, currentPage: pager.currentPage,
                                     position: pager.interpolatedPosition(alpha: alpha), wraps: pager.isWrapping)
        snapshot.blend = pager.blend(alpha: alpha)
        return snapshot
    }
}
