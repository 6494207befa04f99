/// Estimates a pointer's horizontal velocity from its recent samples.
///
/// The estimate is the average velocity from the oldest sample inside `PagingTuning.velocityWindow` to the
/// newest one. When the window holds a single instant (the pointer was still and then released), the newest
/// older sample is used instead, so a finger that stopped reads as nearly stopped. Memory stays bounded: samples
/// older than the window are dropped, except the newest of them.
struct VelocityTracker: Sendable, Equatable {
    private struct Sample: Sendable, Equatable {
        var time: Double
        var x: Double
    }

    private var samples: [Sample] = []

    /// Records the pointer at `x` points at `time` seconds.
    mutating func add(time: Double, x: Double) {
        samples.append(Sample(time: time, x: x))
        let cutoff = time - PagingTuning.velocityWindow
        if let firstInside = samples.firstIndex(where: { $0.time >= cutoff }), firstInside > 1 {
            samples.removeFirst(firstInside - 1)
        }
    }

    /// The estimated velocity in points per second; positive means moving right.
    var velocity: Double {
        guard let last = samples.last else { return 0 }
        let cutoff = last.time - PagingTuning.velocityWindow
        guard var reference = samples.first(where: { $0.time >= cutoff }) else { return 0 }
        if reference.time >= last.time, let older = samples.last(where: { $0.time < last.time }) {
            reference = older
        }
        let span = last.time - reference.time
        guard span > 0 else { return 0 }
        let v = (last.x - reference.x) / span
        return v.isFinite ? v : 0
    }
}
