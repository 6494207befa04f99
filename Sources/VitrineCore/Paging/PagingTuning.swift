/// Every tuning value of the paging engine in one place, each with the reason for its value.
///
/// Distances are in points (the unit pointer events arrive in), positions in page widths,
/// times in seconds and speeds in points per second unless a name says otherwise.
public enum PagingTuning {
    // MARK: Dragging

    /// How far a pointer travels before a press becomes a drag: 10 pt.
    ///
    /// A finger resting on glass wobbles a few points; 10 pt keeps that from nudging the card and lets a tap
    /// on the page control stay a tap, while a deliberate swipe crosses it within the first frame or two.
    public static let slop = 10.0

    /// The share of a page a drag must cover to commit to the neighbour without a fling: 0.5.
    ///
    /// Past half way the neighbour shows more than the current card, so landing there is what the eye expects.
    public static let commitFraction = 0.5

    /// The pointer speed that counts as a fling: 400 pt/s.
    ///
    /// A relaxed deliberate flick is well above it; a slow repositioning drag stays below it.
    public static let flingVelocity = 400.0

    /// The least distance the card must have moved for a fling to commit: 20 pt.
    ///
    /// Twice the slop: a jittery release right after the slop cannot turn the page by accident.
    public static let flingMinimumDistance = 20.0

    /// How far back release velocity looks: the last 0.1 s of pointer samples.
    ///
    /// Long enough to average several 60–120 Hz samples, short enough that a finger that stopped before
    /// lifting reads as stopped.
    public static let velocityWindow = 0.1

    /// How far a drag may carry the card from the page it began on: 1 page.
    ///
    /// One gesture moves at most one page, so the card stops dead at the neighbour, as UIPageViewController does.
    public static let maxDragPages = 1.0

    // MARK: Rubber band (wrap off, or a single card)

    /// The rubber band's stiffness: 0.55, the slope at the edge (the card first moves 0.55 pt per pointer point).
    ///
    /// This is the coefficient iOS uses for scroll-view bounce, which users already know by feel.
    public static let rubberBandCoefficient = 0.55

    /// The most the card can be pulled past an end, approached but never reached: 0.4 page widths.
    ///
    /// The band is `limit · (1 − 1 / (overscroll · coefficient / limit + 1))` with overscroll in page widths:
    /// smooth, monotonic, and bounded (one full page of overdrag shows about 0.23 pages). Kept below 0.5 so the
    /// page nearest to a stretched card is always the end card.
    public static let rubberBandLimit = 0.4

    // MARK: Settling

    /// How long a settle over one full page takes from rest: 0.35 s; shorter distances take `sqrt(distance)` as much.
    ///
    /// The square root keeps short snap-backs brisk without making full-page settles rushed.
    public static let settleFullPageDuration = 0.35

    /// The shortest settle: 0.1 s.
    ///
    /// Anything shorter reads as a jump at 60 Hz (fewer than six frames); a very fast fling is slowed to fit.
    public static let minSettleDuration = 0.1

    /// The longest settle: 0.6 s.
    ///
    /// A kiosk must feel responsive; past this the card seems to drift rather than settle.
    public static let maxSettleDuration = 0.6

    /// How long a programmatic move (keys, dots, wheel, `goTo`) animates: 0.32 s, with a cubic ease-out.
    ///
    /// Close to UIKit's default page animation; a retarget restarts this duration from where the card is.
    public static let programmaticDuration = 0.32

    /// Positions closer than this, in page widths, count as equal: 1e-9.
    ///
    /// Far below a pixel on any screen, far above Double rounding noise.
    public static let positionEpsilon = 1e-9

    // MARK: Wheel

    /// How long after a wheel page move further wheel events in the same direction are ignored: 0.15 s.
    ///
    /// One notch or one trackpad swipe sends a burst of events within about 100 ms; 150 ms swallows the burst
    /// yet lets a second deliberate notch through.
    public static let wheelDebounce = 0.15

    // MARK: Fixed timestep

    /// The fixed simulation step: 1/120 s.
    ///
    /// Divides evenly into 60 and 120 Hz displays and keeps a settle (≥ 0.1 s) at twelve or more steps.
    public static let fixedStep = 1.0 / 120.0

    /// The longest frame time the fixed-timestep clock will catch up on: 0.25 s.
    ///
    /// After a stall (debugger, swap, suspended VM) the simulation skips ahead instead of running hundreds of
    /// steps at once, which would stall the next frame too (Fiedler's "spiral of death").
    public static let maxFrameTime = 0.25
}
