/// A press on the page control, resolved against the dots as they were drawn when the finger went down.
///
/// The dots are windowed around the bound page, so when a transition lands while the finger is down, the dot
/// under it may stand for another page by the time it lifts: the press remembers what the control showed. A press
/// on the control also leaves a running transition alone (`PagerInput.pointerDownOnControl`), so taps add up as
/// key presses do: two taps right of the dots go two pages on, two taps on a dot land on that dot.
struct PageControlPress: Sendable {
    /// The driving pointer that went down on the control, and what the control showed under it (nil: the
    /// current dot, which does nothing).
    private var pending: (pointer: Int, target: PageControlTarget?)?

    /// The pager input for pointer `id` going down at `point` (upright points); records a press on the control.
    ///
    /// Only the first pointer of a gesture counts (the one the pager follows); a press elsewhere clears the record.
    ///
    /// `pauseButton` and `dotsShown` are what the control shows (see ``StageLayout/pageControl(pageCount:currentPage:pauseButton:dotsShown:)``).
    mutating func pointerDown(id: Int, at point: Point, pager: Pager, stage: StageLayout, pauseButton: Bool = false,
                              dotsShown: Bool = true) -> PagerInput {
        guard pager.heldPointers.isEmpty else { return .pointerDown(id: id, at: point) }
        pending = nil
        let pixel = Point(x: point.x * stage.pointScale, y: point.y * stage.pointScale)
        let control = stage.pageControl(pageCount: pager.pageCount, currentPage: pager.currentPage, pauseButton: pauseButton, dotsShown: dotsShown)
        let hit = control.hitRect
        guard control.takesTaps, pixel.x >= hit.minX, pixel.x < hit.maxX, pixel.y >= hit.minY, pixel.y < hit.maxY
        else { return .pointerDown(id: id, at: point) }
        pending = (pointer: id, target: control.target(at: pixel, currentPage: pager.currentPage))
        return .pointerDownOnControl(id: id, at: point)
    }

    /// Whether the gesture's press went down on the control (its tap is the control's).
    var isPending: Bool { pending != nil }

    /// Whether pointer `id`'s press (nil: the pending press, whichever pointer) went down on the pause button.
    func isOnPauseButton(pointer id: Int?) -> Bool {
        pending.map { id == nil || $0.pointer == id } == true && pending?.target == .pauseButton
    }

    /// What the gesture's tap stands for: what the control showed under the press, or nil off the control (and on
    /// the current dot).
    mutating func tapped() -> PageControlTarget? {
        defer { pending = nil }
        return pending?.target
    }
}
