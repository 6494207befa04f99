/// When an idle kiosk gives memory back: its free heap, and the clean file pages it mapped to get where it is (the
/// SDL edge does the work; this decides when, on any clock).
///
/// The first time is as soon as the start is over (the first card and its neighbours ready). After that, the chores
/// wait until nothing has happened for ``quiet`` seconds (an event or a frame puts them off), and run only when
/// nothing is due for as long. They run again after twice as long each time, up to ``longestInterval`` apart,
/// while the heap still gives memory back: other threads finish work after the loop went idle (the file watcher
/// set up for a large deck, the card cache written). The pages are let go only the first two times after any
/// activity; letting go again would only drop what the chores and the loop map back.
public struct IdleChores: Sendable, Equatable {
    /// Seconds with nothing happening, and nothing due, before the chores run
    /// (see ``RuntimeTuning/idleChoresQuiet``).
    public static let quiet = RuntimeTuning.idleChoresQuiet
    /// The longest wait between two runs while the heap still gives memory back
    /// (see ``RuntimeTuning/idleChoresLongestInterval``).
    public static let longestInterval = RuntimeTuning.idleChoresLongestInterval

    /// What to do now.
    public struct Work: Sendable, Equatable {
        /// Whether to let the clean file pages go too, not only trim the heap.
        public var lettingGoPages: Bool

        /// Work that lets the pages go, or only trims the heap.
        public init(lettingGoPages: Bool) { self.lettingGoPages = lettingGoPages }
    }

    /// When the chores are next due; nil when there are none until something happens.
    public private(set) var due: Double?
    private var interval = RuntimeTuning.idleChoresQuiet
    private var started = false

    /// Chores for a kiosk that started at `now`.
    public init(startedAt now: Double) {
        due = now + RuntimeTuning.idleChoresQuiet
    }

    /// Something happened at `now` (an event handled, a frame drawn): the chores wait for quiet again.
    public mutating func activity(at now: Double) {
        due = now + RuntimeTuning.idleChoresQuiet
        interval = RuntimeTuning.idleChoresQuiet
    }

    /// The kiosk is idle at `now` with its first card and neighbours ready: the first time, the chores are due at once.
    public mutating func startIsOver(at now: Double) {
        guard !started else { return }
        started = true
        due = now
        interval = RuntimeTuning.idleChoresQuiet
    }

    /// The work due at `now` when nothing is due for `nothingDueFor` seconds, or nil.
    public func work(at now: Double, nothingDueFor: Double) -> Work? {
        guard let due, now >= due, nothingDueFor >= RuntimeTuning.idleChoresQuiet else { return nil }
        return Work(lettingGoPages: interval <= 2 * RuntimeTuning.idleChoresQuiet)
    }

    /// The chores ran at `now`; `heapGaveBack` says whether the heap returned memory (then they run again later).
    public mutating func ran(at now: Double, heapGaveBack: Bool) {
        due = nil
        guard heapGaveBack, interval < RuntimeTuning.idleChoresLongestInterval else { return }
        interval *= 2
        due = now + interval
    }
}
