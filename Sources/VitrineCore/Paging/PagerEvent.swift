/// Something the pager reports back: gesture and transition milestones, page changes and taps.
///
/// A transition is the animated move from `currentPage` toward a target. Every `transitionStarted` is followed,
/// sooner or later, by exactly one `transitionFinished`, and no transition starts while another is open.
/// In both events `from` is `currentPage` when the transition started (it cannot change while it is open).
/// In `transitionStarted`, `to` is the target at that moment; a retarget (another `next`, tap or `goTo` during
/// the animation) moves the target and says so with `transitionRetargeted`. In `transitionFinished`, `to` is the
/// final target, always the last one announced: where the card landed, or where it was heading when caught.
public enum PagerEvent: Sendable, Equatable {
    /// A press travelled past the slop horizontally and became a page drag, starting from `page`.
    case dragBegan(page: Int)
    /// A settle or programmatic animation began toward `to`; a snap-back has `to == from`.
    case transitionStarted(from: Int, to: Int)
    /// The open transition now heads for `to` instead (`from` is still its starting page); the card keeps its
    /// position and velocity. Only between a `transitionStarted` and its `transitionFinished`.
    case transitionRetargeted(from: Int, to: Int)
    /// The open transition ended. `completed` is true only when it landed on `to`, `to != from`, and no pointer
    /// interrupted it; a caught transition finishes with `completed: false` at the moment it is caught. (A fade
    /// caught past half way lands instead: it finishes completed at that moment, see `Pager.resolveFade`.)
    case transitionFinished(from: Int, to: Int, completed: Bool)
    /// `currentPage` became `page`; always directly after a `transitionFinished(completed: true)`.
    case pageChanged(page: Int)
    /// A press and release within the slop, at the press point; the app hit-tests the page control with it.
    case tap(at: Point)
}
