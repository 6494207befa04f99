extension KioskRuntime {
    /// The key that pauses and resumes attract mode for a visitor (WCAG 2.2.2): Space.
    static func isPauseKey(_ name: String) -> Bool { name.lowercased() == "space" }

    /// A visitor's pause control (Space, the pause button): holds attract mode and the motion on screen while they
    /// run, releases them while held, as `ctl pause` and `ctl resume` do. It is not paging input, so resuming does
    /// not wait `resumeAfterIdle`: the next advance is one interval after the press. Without attract mode it holds
    /// only the card's motion, and does nothing while no pause button shows (nothing moves by itself).
    mutating func togglePauseByVisitor() -> [KioskEffect] {
        guard autoplay != nil || session.pauseButtonShown || isHoldOn else { return [] }
        setHold(!isHoldOn)
        // The button's text alternative as it now reads, spoken when speech is on.
        return say(label: (isHoldOn ? PauseButtonGlyph.play : .pause).label(pauseScope))
    }
}
