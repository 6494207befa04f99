/// Why a sleeping screen woke, as the event log writes it (`{"event":"awake","reason":"input"}`).
public enum WakeReason: String, Sendable, Equatable, CustomStringConvertible {
    /// The awake hours began.
    case hours
    /// A touch, a click, the wheel or a key.
    case input
    /// A control command: `wake`, or one that pages (`next`, `previous`, `goto`).
    case control
    /// A reload took `display.awake` away.
    case config
    /// The wall clock is not set any more (see ``KioskRuntime/wallClockIsSet``).
    case clock

    /// The reason in words, for the log.
    public var description: String {
        switch self {
        case .hours: "the awake hours began"
        case .input: "a touch or a key"
        case .control: "a control command"
        case .config: "display.awake was removed"
        case .clock: "the wall clock is not set"
        }
    }
}

/// What the runtime keeps for the sleeping screen (see `KioskRuntime+Sleep.swift`).
struct SleepState: Sendable {
    /// Whether the screen is asleep.
    var asleep = false
    /// The black frame shown while asleep, made when the screen fell asleep: it stays the same however long the
    /// sleep, so nothing is drawn after it (but for an expose).
    var frame: KioskFrame?
    /// The last touch, key or waking command: outside the awake hours the screen stays awake `wakeFor` after it.
    var lastInput: Double?
    /// The pointer whose press woke the screen: the rest of its gesture is swallowed, so a tap only wakes.
    var swallowedPointer: Int?
    /// Until when wheel clicks are swallowed: the burst whose first click woke the screen.
    var swallowWheelUntil: Double?
}

/// The sleeping screen: outside `display.awake` the kiosk shows one black frame and draws nothing more, attract
/// mode stands still, and only the watchdog's heartbeat, the next awake boundary and a check of the wall clock
/// every ``wallClockRecheck`` seconds wake the loop. A touch, a key or a control command wakes it for
/// `display.wakeFor` seconds after the last input; the input that wakes it does nothing else (a tap only wakes).
/// A wall clock that is not set (``wallClockIsSet``) never sleeps.
extension KioskRuntime {

    /// Whether the screen is asleep.
    public var isAsleep: Bool { sleep.asleep }

    /// The awake hours and the wall clock to the millisecond, or nil when no hours apply (none are set, or the
    /// clock is not). Rounding makes a boundary reached at the very runtime time ``runtimeTime(at:)`` gives for
    /// it, whatever the floating-point error of the offset.
    var awakeClock: (hours: WeeklyHours, local: LocalTime)? {
        guard let hours = config.display.awake, wallClockIsSet, let local = localTime else { return nil }
        let ticks = RuntimeTuning.awakeClockTicksPerSecond
        return (hours, LocalTime(seconds: (local.seconds * ticks).rounded() / ticks))
    }

    /// Why the screen should be awake now, or nil when it should sleep.
    var awakeReason: WakeReason? {
        guard config.display.awake != nil else { return .config }
        guard let (hours, local) = awakeClock else { return .clock }
        if hours.contains(local) { return .hours }
        if let last = sleep.lastInput, now < last + config.display.wakeFor { return .input }
        return nil
    }

    /// When the runtime must look at the hours again while `display.awake` is set: the next boundary of the awake
    /// hours, the end of a wake by input, or the wall-clock recheck, whichever comes first; nil without hours.
    var sleepDeadline: Double? {
        guard config.display.awake != nil else { return nil }
        var due = now + RuntimeTuning.wallClockRecheck
        if let (hours, local) = awakeClock, let next = hours.nextChange(after: local), let t = runtimeTime(at: next), t > now {
            due = min(due, t)
        }
        if !sleep.asleep, let last = sleep.lastInput, last + config.display.wakeFor > now {
            due = min(due, last + config.display.wakeFor)
        }
        return due
    }

    /// Falls asleep or wakes when the hours, the clock or the config say so. Falling asleep waits until nothing
    /// moves and no finger is down.
    mutating func updateSleep() -> [KioskEffect] {
        guard exit == nil else { return [] }
        let reason = awakeReason
        if sleep.asleep, let reason { return wake(reason) }
        if !sleep.asleep, reason == nil, session.isIdle { return fallAsleep() }
        return []
    }

    /// Shows black from now on and lets the display power down.
    mutating func fallAsleep() -> [KioskEffect] {
        var frame = currentFrame(alpha: 1)
        frame.progress = nil
        frame.asleep = true
        sleep.frame = frame
        sleep.asleep = true
        sleep.swallowedPointer = nil
        pacing.needsFrame = true
        let until = awakeClock.flatMap { $0.hours.nextChange(after: $0.local) }
        let note = "asleep outside display.awake" + (until.map { " until \($0)" } ?? "")
        return [.log([TimedKioskEvent(t: now, .asleep(until: until))]), .displaySleep(true, note: note)] + hookEffects(.onSleep)
    }

    /// Wakes the screen for `reason`: the current card is drawn again and attract mode starts a fresh interval.
    mutating func wake(_ reason: WakeReason) -> [KioskEffect] {
        guard sleep.asleep else { return [] }
        sleep.asleep = false
        sleep.frame = nil
        pacing.needsFrame = true
        if let old = autoplay {
            // Attract mode stood still while asleep: its interval starts again now rather than advancing at once.
            var fresh = Autoplay(config: old.config, start: now)
            if old.isHeld { fresh.hold() }
            autoplay = fresh
        }
        return [.log([TimedKioskEvent(t: now, .awake(reason: reason))]), .displaySleep(false, note: "awake: \(reason)")]
            + hookEffects(.onWake)
    }

    /// The effects that run the `kind` power hook, after the display's own power change: its line in the event
    /// log and the run itself; none when the hook is not set.
    func hookEffects(_ kind: PowerHookKind) -> [KioskEffect] {
        guard let run = config.display.hooks.run(kind) else { return [] }
        return [.log([TimedKioskEvent(t: now, .hook(kind, command: run.command))]), .runHook(run)]
    }

    /// Shows `input` to the sleeping screen first; returns true when it is used up: it woke the screen, or it
    /// belongs to the pointer gesture or wheel burst that did. A person's input also restarts the `wakeFor` time.
    ///
    /// A key that quits (lockdown's exit chord, Escape in a window) still quits. A card ready while asleep draws
    /// nothing. The paging control commands wake
    /// the screen and then page, since an operator asked for that card; `status`, `screenshot`, `pause`, `resume`
    /// and `reload` leave it asleep.
    mutating func sleepConsumes(_ input: RuntimeInput, effects: inout [KioskEffect]) -> Bool {
        switch input {
        case .paging(let paging) where KioskSession.isUserInput(paging):
            sleep.lastInput = now
            if let id = sleep.swallowedPointer {
                switch paging {
                case .pointerMove(let moved, _) where moved == id: return true
                case .pointerUp(let lifted, _) where lifted == id:
                    sleep.swallowedPointer = nil
                    return true
                default: break
                }
            }
            if case .wheel = paging, let until = sleep.swallowWheelUntil, now < until {
                sleep.swallowWheelUntil = now + PagingTuning.wheelDebounce
                return true
            }
            guard sleep.asleep else { return false }
            effects += wake(.input)
            autoplay?.noteInput(at: now)
            switch paging {
            case .pointerDown(let id, _): sleep.swallowedPointer = id
            case .wheel: sleep.swallowWheelUntil = now + PagingTuning.wheelDebounce
            default: break
            }
            return true
        case .keyPress(let name, let modifiers):
            guard !lockdown.quits(key: name, modifiers: modifiers) else { return false }
            sleep.lastInput = now
            guard sleep.asleep else { return false }
            effects += wake(.input)
            autoplay?.noteInput(at: now)
            return true
        case .control(.wake, _), .control(.next, _), .control(.previous, _), .control(.gotoIndex, _), .control(.gotoID, _):
            sleep.lastInput = now
            effects += wake(.control)
            return false
        case .cardReady:
            // A card composed in the background changes nothing on a black screen; it waits in the preparer.
            return sleep.asleep
        default:
            return false
        }
    }
}
