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

    /// The longest press that is still a tap on the card: 0.5 s.
    ///
    /// A tap is quick (about 0.1 s); a finger held longer is resting or reading, not asking for more (0.5 s is
    /// where iOS starts a long press). A tap on the page control has no such limit.
    public static let tapDuration = 0.5

    /// The share of a page a drag must cover to commit to the neighbour without a fling: 0.5.
    ///
    /// Past half way the neighbour shows more than the current card, so landing there is what the eye expects.
    public static let commitFraction = 0.5

    /// The pointer speed that counts as a fling: 400 pt/s.
    ///
    /// A relaxed deliberate flick is well above it; a slow repositioning drag stays below it. A fling that catches
    /// a running settle sends the card one page beyond that settle's target, so quick flicks add up as keys do.
    public static let flingVelocity = 400.0

    /// The least distance the card must have moved for a fling to commit: 20 pt.
    ///
    /// Twice the slop: a jittery release right after the slop cannot turn the page by accident.
    public static let flingMinimumDistance = 20.0

    /// How far back release velocity looks: the pointer samples of the last 0.1 s, fitted with a quadratic.
    ///
    /// Six to twelve samples at 60–120 Hz, enough for a least-squares fit to smooth a point of jitter, and short
    /// enough to follow a finger that speeds up or slows down: the fit's slope at the newest sample is the
    /// finger's speed at lift. Android's and Flutter's velocity trackers fit the same 100 ms.
    public static let velocityWindow = 0.1

    /// The fastest release speed a fit may report: 8000 pt/s; a faster reading counts as 8000.
    ///
    /// Far beyond a real flick (a fast one is 3000–5000 pt/s), so it never trims one; it only bounds what a fit
    /// through samples a millisecond apart can make of a point of jitter. Flutter caps flings at the same speed.
    public static let maxReleaseSpeed = 8000.0

    /// How long a finger must keep still before the lift for its release speed to be 0: 0.04 s.
    ///
    /// A moving finger reports every 8–17 ms, so 40 ms without movement is a pause, not a gap between reports;
    /// Flutter assumes a pointer stopped after the same 40 ms. A finger that drags, stops and lifts lets go of a
    /// card at rest, which then goes where the drag distance says (half a page or more commits), from where it is.
    public static let stoppedFingerDelay = 0.04

    /// How far a still finger may wobble and still count as still: 2 pt.
    ///
    /// A fingertip resting on glass reports a point or two of jitter. Counting that as movement would let a
    /// wobble toward the origin read as a fling back and undo a drag past half way; a real drag moves more than
    /// 2 pt within 40 ms at any speed over 50 pt/s, far below a fling.
    public static let stillJitter = 2.0

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

    /// The shortest settle a fast release is stretched toward: 0.1 s.
    ///
    /// Anything shorter reads as a jump at 60 Hz (fewer than six frames). A release settles in `2 · distance /
    /// speed` (its speed falls smoothly from the release speed to rest); when that is shorter than this, the settle
    /// is lengthened toward it, but only as far as the speed can still only fall (`2.5 · distance / speed`): the
    /// card never leaves slower than the finger and never overshoots.
    public static let minSettleDuration = 0.1

    /// The longest settle: 0.6 s.
    ///
    /// A kiosk must feel responsive; past this the card seems to drift rather than settle. A release too slow to
    /// bring the card home within it by only slowing down takes exactly this long: the least speed-up that
    /// still arrives in time (a smooth rise and fall, peaking at most 1.875 × distance ÷ 0.6 s).
    public static let maxSettleDuration = 0.6

    /// How long a programmatic move (keys, dots, wheel, `goTo`) animates: 0.32 s, with a cubic ease-out.
    ///
    /// Close to UIKit's default page animation; a retarget restarts this duration from where the card is.
    public static let programmaticDuration = 0.32

    /// How long a fade (`"transition": "fade"`) takes: 0.32 s, with the same cubic ease-out.
    ///
    /// The programmatic move's duration and curve, so a fading kiosk paces like a sliding one: the next card is
    /// half in at the same moment the sliding card is half across, and both are home together.
    public static let fadeDuration = programmaticDuration

    /// Positions closer than this, in page widths, count as equal: 1e-9.
    ///
    /// Far below a pixel on any screen, far above Double rounding noise.
    public static let positionEpsilon = 1e-9

    // MARK: Wheel

    /// How long a burst of notched wheel clicks lasts: a click within 0.15 s of the previous click in the same
    /// direction belongs to the same burst, and a burst turns one page.
    ///
    /// One flick of a notched wheel sends its clicks within about 100 ms of each other; 150 ms swallows the burst
    /// yet lets a deliberate second click through. A trackpad that the system reports as whole clicks (SDL 2 on
    /// X11 has no precise scrolling) sends them without such pauses, so one swipe is one burst and one page.
    public static let wheelDebounce = 0.15

    /// The smallest wheel delta that counts, in notches: 0.1; smaller deltas are ignored altogether.
    ///
    /// About one point of scroll. Resting fingers and sensor noise on a trackpad send hundredths of a notch,
    /// while a deliberate swipe, even a slow one at 120 pt/s, sends about a point per 120 Hz report. Like
    /// Swiper's `thresholdDelta`: a nudge does nothing, and it cannot open a trackpad stream or keep one open.
    public static let wheelDeltaThreshold = 0.1

    /// How many notches of precise (trackpad) scrolling carry the card one page: 30, whatever the page's size.
    ///
    /// A trackpad is small next to the screen, so a swipe is measured on the trackpad, as macOS measures its swipe
    /// between pages, not in screen points: SDL reports precise scrolling in notches of about ten pixels of
    /// scroll, and a comfortable two-finger swipe across a third of a laptop trackpad comes to a few dozen of
    /// them (an estimate, not measured on hardware here). Thirty notches a page lets one such swipe carry the
    /// card past half way on a 1280-point window and on a 3840-point kiosk alike; a stream moves at most one page.
    public static let trackpadNotchesPerPage = 30.0

    /// The quiet time that ends a trackpad stream: 0.08 s without a delta.
    ///
    /// Trackpads report every 8–17 ms while the fingers move, and a slow finger through libinput can go 40–50
    /// ms between reports, so a shorter gap would split one swipe into two gestures (and two pages). A longer one
    /// would hold the card visibly still after the fingers lift, before it settles. The pager stays non-idle
    /// while a stream is open, so the loop keeps stepping and notices the gap. The same gap bounds any one wheel
    /// gesture: fractional deltas that follow a whole notch more closely than this belong to its burst (its page
    /// is already decided) instead of opening a stream that could turn a second page.
    public static let wheelStreamGap = 0.08

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
