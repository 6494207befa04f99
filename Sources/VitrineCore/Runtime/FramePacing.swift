/// Which frames the runtime hands out to be drawn and when it asks to be woken for the next one.
///
/// A frame is handed out only when the screen would change (or must be drawn again whatever it shows), is owed
/// until it is presented, and frames are paced one ``RuntimeTuning/frameInterval`` after the last check. Pure rules
/// on any clock; ``KioskRuntime`` builds the frames (see `KioskRuntime+Time.swift`).
struct FramePacing: Sendable, Equatable {
    /// Set when the screen must be drawn again whatever the frame says (first frame, expose, a card ready).
    var needsFrame = true
    /// The frame last handed out to be drawn.
    private(set) var lastFrame: KioskFrame?
    /// When a frame was last asked for, drawn or not: frames are paced from it.
    private(set) var lastCheck: Double?
    /// When a frame was handed out that has not been presented yet.
    private(set) var owedSince: Double?
    /// Whether a frame has been presented yet.
    private(set) var firstShown = false
    /// When a frame was last presented.
    private(set) var lastPresented: Double?
    /// Presented frames that took longer than ``RuntimeTuning/frameInterval`` to build, draw and present.
    private(set) var overBudget = 0

    /// Whether `frame` differs from what was handed out last, or the screen must be drawn again anyway.
    func wants(_ frame: @autoclosure () -> KioskFrame) -> Bool {
        needsFrame || lastFrame.map { $0 != frame() } ?? true
    }

    /// A frame check at `now` finding `frame`: whether to hand it out (it is then owed until presented).
    mutating func check(_ frame: KioskFrame, at now: Double) -> Bool {
        lastCheck = max(lastCheck ?? now, now)
        guard needsFrame || frame != lastFrame else { return false }
        needsFrame = false
        lastFrame = frame
        if owedSince == nil { owedSince = now }
        return true
    }

    /// When the next frame is due while frames are wanted: a frame interval after the last check (or `now`).
    func nextFrame(now: Double) -> Double {
        (lastCheck ?? now) + RuntimeTuning.frameInterval
    }

    /// The frame handed out last is on screen at `now`, `duration` seconds after it was asked for (when known):
    /// whether it is the first frame ever presented.
    mutating func presented(at now: Double, duration: Double?) -> Bool {
        owedSince = nil
        lastPresented = now
        if let duration, duration > RuntimeTuning.frameInterval { overBudget += 1 }
        guard !firstShown else { return false }
        firstShown = true
        return true
    }
}
