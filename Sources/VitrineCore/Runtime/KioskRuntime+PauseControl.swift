extension KioskRuntime {
    /// The key that pauses and resumes attract mode for a visitor (WCAG 2.2.2): Space.
    static func isPauseKey(_ name: String) -> Bool { name.lowercased() == "space" }

    /// A visitor's pause control (Space): holds attract mode while it runs, releases it while held, as `ctl pause`
    /// and `ctl resume` do. It is not paging input, so resuming does not wait `resumeAfterIdle`: the next advance is
    /// one interval after the press. Nothing happens without attract mode.
    mutating func togglePauseByVisitor() -> [KioskEffect] {
        guard var running = autoplay else { return [] }
        if running.isHeld { running.resume(at: now) } else { running.hold() }
        autoplay = running
        pacing.needsFrame = true
        // The button's text alternative as it now reads, spoken when speech is on.
        return say(label: (running.isHeld ? PauseButtonGlyph.play : .pause).label)
    }
}
