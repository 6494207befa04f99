/// One input to the pager: a pointer event, a wheel event or a programmatic page request.
///
/// Touch and the primary mouse button both arrive as pointer events, in points. Keys, page-control dots and
/// programmatic page changes all arrive as `next`, `previous`, `first`, `last` or `goTo`.
public enum PagerInput: Sendable, Equatable {
    /// A pointer (finger or primary mouse button) went down. Only the first pointer of a gesture drives it.
    case pointerDown(id: Int, at: Point)
    /// A pointer went down on a control drawn over the card (the page dots): as `pointerDown`, except that a moving
    /// card is left alone unless the press becomes a drag, so a tap on the control adds to a running transition.
    case pointerDownOnControl(id: Int, at: Point)
    /// A pointer moved; ignored unless it is the driving pointer.
    case pointerMove(id: Int, to: Point)
    /// A pointer went up; when it is the driving pointer the gesture ends here.
    case pointerUp(id: Int, at: Point)
    /// The system took every pointer away (focus lost, touch cancelled): the gesture returns to its page.
    case pointerCancel
    /// A wheel or trackpad scroll, in notches. `dx > 0` (right) or `dy < 0` (down) means next; the larger axis
    /// decides. Whole notches page (one page per burst); fractional deltas are a trackpad stream the card follows.
    case wheel(dx: Double, dy: Double)
    /// Go one page forward.
    case next
    /// Go one page back.
    case previous
    /// Go to the first page (the shortest way round when wrapping).
    case first
    /// Go to the last page (the shortest way round when wrapping).
    case last
    /// Go to a page index in `0..<pageCount` (the shortest way round when wrapping); other indices are ignored.
    case goTo(Int)
}

extension PagerInput {
    /// The input as it reads in a right-to-left deck, whose pages are `width` points wide: pointers mirrored across
    /// the page (x becomes `width − x`), so the pager's forward is a move to the right. Other inputs are unchanged
    /// (the session mirrors horizontal scrolling itself).
    func mirrored(width: Double) -> PagerInput {
        func flip(_ p: Point) -> Point { Point(x: width - p.x, y: p.y) }
        switch self {
        case .pointerDown(let id, let point): return .pointerDown(id: id, at: flip(point))
        case .pointerDownOnControl(let id, let point): return .pointerDownOnControl(id: id, at: flip(point))
        case .pointerMove(let id, let point): return .pointerMove(id: id, to: flip(point))
        case .pointerUp(let id, let point): return .pointerUp(id: id, at: flip(point))
        default: return self
        }
    }
}
