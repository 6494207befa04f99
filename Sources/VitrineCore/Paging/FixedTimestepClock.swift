/// What one frame of a `FixedTimestepClock` asks for: how many fixed steps to run, and how far into the next.
public struct FixedTimestepFrame: Sendable, Equatable {
    /// How many simulation steps to run this frame.
    public let steps: Int
    /// The simulated time of this frame's first step (each later step is one `stepDuration` on).
    public let firstStepTime: Double
    /// The length of one step, in seconds.
    public let stepDuration: Double
    /// How far the leftover time is into the next step, in `0..<1`, for interpolating the rendered state.
    public let alpha: Double

    /// Creates a frame description.
    public init(steps: Int, firstStepTime: Double, stepDuration: Double, alpha: Double) {
        self.steps = steps
        self.firstStepTime = firstStepTime
        self.stepDuration = stepDuration
        self.alpha = alpha
    }

    /// The simulated time of step `index` (0-based) of this frame.
    public func stepTime(_ index: Int) -> Double { firstStepTime + Double(index) * stepDuration }
}

/// A fixed-timestep accumulator, after Glenn Fiedler's "Fix Your Timestep!".
///
/// Real frame time goes into an accumulator that is drained in fixed steps of `PagingTuning.fixedStep`, so the
/// simulation behaves the same at any frame rate; the remainder becomes `alpha` for interpolation. A frame longer
/// than `PagingTuning.maxFrameTime` is cut to it (the "spiral of death" clamp), so after a stall the simulated
/// time falls behind real time instead of running hundreds of steps.
///
/// A loop stamps inputs with `simulatedTime` (not wall time), so inputs and steps share one timeline:
/// ```
/// let frame = clock.advance(to: wallSeconds)
/// for input in pending { log(pager.handle(input, at: clock.simulatedTime, pageWidth: w)) }
/// for i in 0..<frame.steps { log(pager.step(to: frame.stepTime(i))) }
/// draw(pager.interpolatedPosition(alpha: frame.alpha))
/// ```
public struct FixedTimestepClock: Sendable {
    /// The length of one step, in seconds.
    public let stepDuration: Double
    /// The longest real frame time taken into account, in seconds.
    public let maxFrameTime: Double
    /// Real time not yet simulated, in seconds (below one step after `advance`).
    public private(set) var accumulator: Double = 0
    /// How many steps have been handed out since the start.
    public private(set) var stepCount: Int = 0
    /// The real time of the previous `advance`, or nil before the first.
    private var lastRealTime: Double?

    /// Creates a clock; the defaults are `PagingTuning.fixedStep` and `PagingTuning.maxFrameTime`.
    public init(stepDuration: Double = PagingTuning.fixedStep, maxFrameTime: Double = PagingTuning.maxFrameTime) {
        self.stepDuration = stepDuration > 0 && stepDuration.isFinite ? stepDuration : PagingTuning.fixedStep
        self.maxFrameTime = maxFrameTime > 0 && maxFrameTime.isFinite ? maxFrameTime : PagingTuning.maxFrameTime
    }

    /// The simulated time reached by the steps handed out so far, in seconds from the start.
    public var simulatedTime: Double { Double(stepCount) * stepDuration }

    /// Restarts the real-time reference at `realTime` without simulating the time since the last `advance`.
    ///
    /// For a loop that slept on events while nothing moved: the sleep needs no steps, and the first input after it
    /// should not wait behind a clamped burst of empty ones.
    public mutating func resume(at realTime: Double) {
        guard realTime.isFinite else { return }
        lastRealTime = realTime
        accumulator = 0
    }

    /// Takes the real time now, in seconds, and returns the steps to run for it.
    ///
    /// The first call only sets the reference. Real time going backwards or non-finite counts as no time passing.
    public mutating func advance(to realTime: Double) -> FixedTimestepFrame {
        var frameTime = 0.0
        if realTime.isFinite {
            if let last = lastRealTime { frameTime = max(0, realTime - last) }
            lastRealTime = max(lastRealTime ?? realTime, realTime)
        }
        accumulator += min(frameTime, maxFrameTime)
        var steps = 0
        while accumulator >= stepDuration {
            accumulator -= stepDuration
            steps += 1
        }
        let first = Double(stepCount + 1) * stepDuration
        stepCount += steps
        return FixedTimestepFrame(steps: steps, firstStepTime: first, stepDuration: stepDuration,
                                  alpha: accumulator / stepDuration)
    }
}
