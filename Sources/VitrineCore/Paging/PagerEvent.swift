/// Something the pager reports back: gesture and transition milestones, page changes and taps.
///
/// A transition is the animated move from `currentPage` toward a target. Every `transitionStarted` is followed,
/// sooner or later, by exactly one `transitionFinished`, and no transition starts while another is open.
/// In both events `from` is `currentPage` when the transition started (it cannot change while it is open).
/// In `transitionStarted`, `to` is the target at that moment; a retarget (another `next`, tap or `goTo` during
/// the animation, or the release of a finger or trackpad stream that caught the moving card) moves the target and
/// says so with `transitionRetargeted`. A gesture that catches a sliding card holds its transition open until it
/// lets go, so quick flicks make one transition, as quick key presses do. In `transitionFinished`, `to` is the
/// final target, always the last one announced: where the card landed, or where it was heading when it stopped.
public enum PagerEvent: Sendable, Equatable {
    /// A press travelled past the slop horizontally and became a page drag, starting from `page`.
    case dragBegan(page: Int)
    /// A settle or programmatic animation began toward `to`; a snap-back has `to == from`.
    case transitionStarted(from: Int, to: Int)
    /// The open transition now heads for `to` instead (`from` is still its starting page); the card keeps its
    /// position and velocity. Only between a `transitionStarted` and its `transitionFinished`.
    case transitionRetargeted(from: Int, to: Int)
    /// The open transition ended. `completed` is true only when it landed on `to` and `to != from`. A fade
    /// caught by a pointer finishes at that moment: `completed: false`, or landed and completed past half way (see
    /// `Pager.resolveFade`); a transition held by a gesture when the deck is replaced finishes with `completed:
    /// false`.
    case transitionFinished(from: Int, to: Int, completed: Bool)
    /// `currentPage` became `page`; always directly after a `transitionFinished(completed: true)`.
    case pageChanged(page: Int)
    /// A press and release within the slop, at the press point; the app hit-tests the page control with it.
    case tap(at: Point)
}
