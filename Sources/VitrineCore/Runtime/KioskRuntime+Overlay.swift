extension KioskRuntime {
    /// What the frame draws over the cards now: the dots unless `style.dots` is false, the pause button while
    /// attract mode is on or the card moves by itself, and the overlay's lines at the wall clock's minute (none while the wall clock is unknown or not set, ``wallClockIsSet``).
    /// The pause button shows what a tap on it does: play while a visitor holds attract mode, else pause.
    var decor: FrameDecor {
        var decor = FrameDecor(config: config, at: overlayTime, names: settings.localeNames)
        decor.pauseButton = session.pauseButtonShown ? (isHoldOn ? .play : .pause) : nil
        return decor
    }

    /// The runtime time of the wall clock's next minute, when an overlay shows and the screen is awake: the lines
    /// change only then, so an idle kiosk with a clock wakes once a minute and no more.
    var overlayDeadline: Double? {
        guard let overlay = config.overlay, overlay.clock != nil || overlay.date != nil, !sleep.asleep,
              let local = overlayTime else { return nil }
        let next = LocalTime(seconds: ((local.seconds / 60).rounded(.down) + 1) * 60)
        return runtimeTime(at: next)
    }

    /// The wall clock now to the millisecond: a wake at a minute's runtime time may read the wall clock a hair
    /// before it (the offset's rounding), which must show the new minute, not wake again at once.
    private var overlayTime: LocalTime? {
        guard let local = localTime, local.seconds.isFinite else { return nil }
        return LocalTime(seconds: (local.seconds * 1000).rounded() / 1000)
    }
}

extension KioskFrame {
    /// Whether this frame is `other` with only the overlay's lines changed (the minute went by).
    func differsOnlyInOverlay(from other: KioskFrame?) -> Bool {
        guard let other, decor.overlay != other.decor.overlay else { return false }
        var same = self
        same.decor.overlay = other.decor.overlay
        return same == other
    }
}
