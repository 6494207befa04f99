/// Every timing value of the running kiosk in one place, each with the reason for its value.
///
/// The runtime's rules (``KioskRuntime``), its idle chores (``IdleChores``) and the replay (``EmbeddedKiosk``)
/// refer to these; the paging engine's own values are in ``PagingTuning``. Times are in seconds of runtime time
/// (the monotonic clock in a window, the script's time in a replay) unless a name says otherwise.
public enum RuntimeTuning {
    // MARK: Frames

    /// The frame interval when the renderer cannot wait for vsync: 1/60 s.
    ///
    /// 60 Hz is the common panel rate. It paces ``KioskRuntime/nextWake`` while frames are wanted, and a presented
    /// frame that took longer than this to build, draw and present counts as over budget.
    public static let frameInterval = 1.0 / 60.0

    /// How long a press on the page dots is held to turn speech on or off: 1 s, twice iOS's long press, so a
    /// visitor resting a finger on the dots does not start it.
    public static let speechLongPress = 1.0

    /// How many times per attract-mode interval the progress bar moves: 60.
    ///
    /// Smooth enough for a 4 pt bar (a step is a few points even on a wide panel), while an idle kiosk with a
    /// progress bar still wakes only 60 times per interval instead of at the frame rate.
    public static let progressBarSteps = 60.0

    // MARK: Wall clock

    /// How often the runtime asks to be woken while anything follows the wall clock: every 60 s.
    ///
    /// A card's window or `display.awake` follows the wall clock; the driver reads it only when woken, so a clock
    /// that jumped (the first NTP sync after a boot in 1970, a daylight-saving change) is seen and the schedules
    /// follow it within a minute, even between boundaries. Schedules are given to the minute.
    public static let wallClockRecheck = 60.0

    /// How far the wall clock may drift from what the runtime expects before it counts as a jump: 1 s.
    ///
    /// More than a loop's own jitter (a late wake, a slow frame), far less than any schedule's minute.
    public static let wallClockJumpTolerance = 1.0

    /// How early a look at the schedule may come and still count as reaching its boundary: 0.001 s.
    ///
    /// The runtime time of a boundary goes through the wall-clock offset and back; a millisecond covers that
    /// floating-point error, so a wake for a boundary never finds it a hair in the future and waits a minute more.
    public static let scheduleBoundarySlack = 0.001

    /// The steps per second the wall clock is rounded to when weighing the awake hours: 1,000 (a millisecond).
    ///
    /// Rounding makes a boundary of the awake hours reached at the very runtime time it was scheduled for,
    /// whatever the floating-point error of the offset; a millisecond is far below anything a person sees.
    public static let awakeClockTicksPerSecond = 1_000.0

    // MARK: Reload

    /// The longest a reload waits for pictures a new config names that do not exist yet: 10 s.
    ///
    /// A deploy that delivers the config before its pictures (rsync, a copy file by file) completes within
    /// seconds; meanwhile the last deck stays. Past 10 s a picture is more likely missing than late, so the new
    /// deck shows, with placeholders for what is still missing, rather than hiding the change for longer.
    public static let completionWait = 10.0

    // MARK: Idle chores

    /// Seconds with nothing happening, and nothing due, before the idle chores run: 2 s.
    ///
    /// Long enough that a settle, a key repeat or a burst of file events is over, so trimming the heap never
    /// competes with drawing; short enough that memory goes back soon after the kiosk comes to rest.
    public static let idleChoresQuiet = 2.0

    /// The longest wait between two runs of the idle chores while the heap still gives memory back: 60 s.
    ///
    /// The wait doubles after each run that gave memory back (other threads finish work after the loop went
    /// idle); a minute bounds how late the last of it goes back, at a cost of one wake a minute.
    public static let idleChoresLongestInterval = 60.0

    // MARK: Detail panel

    /// How long an open detail panel stays without input before it closes: 60 s.
    ///
    /// A visitor who walked away should not leave the panel over the card for the next one, and attract mode
    /// waits while it is open. A minute is time to read what shows without scrolling (about 150 words); one who
    /// reads on scrolls, and every touch starts the minute again.
    public static let detailIdleClose = 60.0

    // MARK: Replay

    /// How long, in simulated seconds after a script's last line, the deck may take to come to rest: 5 s.
    ///
    /// A settle or a fling lasts well under a second; 5 s leaves room for attract mode's next move to finish
    /// while bounding a replay whose deck never rests.
    public static let replaySettleLimit = 5.0
}
