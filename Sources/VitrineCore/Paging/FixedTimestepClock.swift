/// What one frame of a `FixedTimestepClock` asks for: how many fixed steps to run, and how far into the next.
public struct FixedTimestepFrame: Sendable, Equatable {
    /// How many simulation steps to run this frame.
    public let steps: Int
    /// The number of this frame's first step since the clock started, counting from 1.
    public let firstStepIndex: Int
    /// The length of one step, in seconds.
    public let stepDuration: Double
    /// How far the leftover time is into the next step, in `0..<1`, for interpolating the rendered state.
    public let alpha: Double

    /// Creates a frame description.
    public init(steps: Int, firstStepIndex: Int, stepDuration: Double, alpha: Double) {
        self.steps = steps
        self.firstStepIndex = firstStepIndex
        self.stepDuration = stepDuration
        self.alpha = alpha
    }

    /// The simulated time of this frame's first step.
    public var firstStepTime: Double { stepTime(0) }

    /// The simulated time of step `index` (0-based) of this frame: from the step's number since the start, not
    /// summed from the frame's first step, so a step has the same time however the clock was moved (a replay's
    /// fling once snapped back because 0.29166… + 0.00833… is 0.30000000000000004).
    public func stepTime(_ index: Int) -> Double { Double(firstStepIndex + index) * stepDuration }
}

/// A fixed-timestep accumulator, after Glenn Fiedler's "Fix Your Timestep!".
///
/// Real frame time goes into an accumulator that is drained in fixed steps of `PagingTuning.fixedStep`, so the
/// simulation behaves the same at any frame rate; the remainder becomes `alpha` for interpolation. A frame longer
/// than `PagingTuning.maxFrameTime` is cut to it (the "spiral of death" clamp), so after a stall the simulated
/// time falls behind real time instead of running hundreds of steps.
///
/// A loop stamps inputs with simulated time (not wall time), so inputs and steps share one timeline:
/// ```
/// let frame = clock.advance(to: wallSeconds)
/// for input in pending { log(pager.handle(input, at: clock.simulatedTime, pageWidth: w)) }
/// for i in 0..<frame.steps { log(pager.step(to: frame.stepTime(i))) }
/// draw(pager.interpolatedPosition(alpha: frame.alpha))
/// ```
public struct FixedTimestepClock: Sendable {
    /// The length of one step, in seconds.
    public let stepDuration: Double
    /// The longest real frame time taken into account, in seconds; `.infinity` for a manual clock, which never
    /// stalls (replay and tests move it by hand, and every second of it is simulated).
    public let maxFrameTime: Double
    /// How many steps have been handed out since the start.
    public private(set) var stepCount: Int = 0
    /// The real time of the previous `advance`, or nil before the first.
    private var lastRealTime: Double?
    /// Real time minus simulated time: the start's real time, plus every stall cut by the clamp and every pause
    /// (``resume(at:)``). Kept as one offset rather than a running sum of frame times, so on a manual clock the
    /// steps fall exactly on multiples of the step, however the time was moved.
    private var lag = 0.0

    /// Creates a clock; the defaults are `PagingTuning.fixedStep` and `PagingTuning.maxFrameTime`.
    public init(stepDuration: Double = PagingTuning.fixedStep, maxFrameTime: Double = PagingTuning.maxFrameTime) {
        self.stepDuration = stepDuration > 0 && stepDuration.isFinite ? stepDuration : PagingTuning.fixedStep
        self.maxFrameTime = maxFrameTime > 0 && !maxFrameTime.isNaN ? maxFrameTime : PagingTuning.maxFrameTime
    }

    /// The simulated time reached by the steps handed out so far, in seconds from the start.
    public var simulatedTime: Double { Double(stepCount) * stepDuration }

    /// Real time not yet simulated at the last `advance`, in seconds (below one step after it).
    public var accumulator: Double {
        guard let lastRealTime else { return 0 }
        return Swift.max(0, lastRealTime - lag - simulatedTime)
    }

    /// The simulated time that real time `realTime` stands for (the last step plus the time since), for stamping
    /// an input that arrives between steps.
    public func simulatedTime(at realTime: Double) -> Double {
        guard let lastRealTime, realTime.isFinite else { return simulatedTime }
        return Swift.max(simulatedTime, Swift.max(realTime, lastRealTime) - lag)
    }

    /// The real time that simulated time `time` stands for: when a step's events happened, for the log.
    public func realTime(atSimulated time: Double) -> Double { time + lag }

    /// Restarts the real-time reference at `realTime` without simulating the time since the last `advance`.
    ///
    /// For a loop that slept on events while nothing moved: the sleep needs no steps, and the first input after it
    /// should not wait behind a clamped burst of empty ones.
    public mutating func resume(at realTime: Double) {
        guard realTime.isFinite else { return }
        lastRealTime = realTime
        lag = realTime - simulatedTime
    }

    /// Takes the real time now, in seconds, and returns the steps to run for it.
    ///
    /// The first call only sets the reference. Real time going backwards or non-finite counts as no time passing.
    public mutating func advance(to realTime: Double) -> FixedTimestepFrame {
        let first = stepCount + 1
        guard realTime.isFinite, let last = lastRealTime else {
            if realTime.isFinite { resume(at: realTime) }
            return FixedTimestepFrame(steps: 0, firstStepIndex: first, stepDuration: stepDuration, alpha: accumulator / stepDuration)
        }
        let now = max(last, realTime)
        let frameTime = now - last
        if frameTime > maxFrameTime { lag += frameTime - maxFrameTime }
        lastRealTime = now
        // A billionth of a second of slack, so a step that falls exactly on `now` is not lost to rounding.
        let due = Int(((now - lag) / stepDuration + 1e-9).rounded(.down))
        let steps = max(0, due - stepCount)
        stepCount += steps
        return FixedTimestepFrame(steps: steps, firstStepIndex: first, stepDuration: stepDuration,
                                  alpha: min(accumulator / stepDuration, 1))
    }
}
