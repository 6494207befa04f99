extension EmbeddedKiosk {
    /// How long, in simulated seconds after the script's last line, the deck may take to come to rest
    /// (see ``RuntimeTuning/replaySettleLimit``).
    public static let settleLimit = RuntimeTuning.replaySettleLimit
    /// The control client number a replay's `control` lines come from.
    public static let replayClient = 0

    /// Plays `script` on this kiosk's manual clock, then lets the deck come to rest (at most ``settleLimit``).
    ///
    /// Pointer lines become pointer input (touch coordinates are normalized to `windowPoints`), `reload` lines
    /// answer a reload with the config read from their path by `load`, and `screenshot` calls `screenshot` with the
    /// frame as the simulation stands at that time. Everything else the kiosk does (attract mode, timers, the
    /// watchdog) happens on the way, as in a window.
    public mutating func play<Failure: Error>(_ script: ReplayScript, windowPoints: PixelSize, load: ConfigLoader,
                                              screenshot: (KioskFrame, KioskConfig, String, ReplayStep) throws(Failure) -> Void) throws(Failure) {
        // A group member's replay plays its group from the script, as if the broker were up from the start.
        if runtime.config.sync != nil { send(.group(.linked(true)), at: now) }
        for step in script.steps {
            advance(to: step.at)
            switch step.action {
            case .screenshot(let path):
                var shot = step
                shot.landed = runtime.landedClock
                try screenshot(runtime.settledFrame, runtime.config, path, shot)
            case .page(let page):
                send(.paging(.setPage(page)), at: step.at)
            case .key(let key):
                send(.paging(.key(key)), at: step.at)
            case .wheel(let dx, let dy):
                send(.paging(.wheel(dx: dx, dy: dy)), at: step.at)
            case .mouse(let phase, let x, let y):
                send(.paging(EmbeddedKiosk.pointer(phase, id: -1, at: Point(x: x, y: y))), at: step.at)
            case .touch(let phase, let x, let y):
                let point = Point(x: x * Double(windowPoints.width), y: y * Double(windowPoints.height))
                send(.paging(EmbeddedKiosk.pointer(phase, id: 0, at: point)), at: step.at)
            case .reload(let path):
                send(.configLoaded(load(path), changedImages: nil), at: step.at)
            case .escape:
                send(.keyPress(name: "Escape", modifiers: []), at: step.at)
            case .press(let name):
                send(.keyPress(name: name, modifiers: []), at: step.at)
            case .wait:
                break
            case .control(let command):
                send(.control(command, client: EmbeddedKiosk.replayClient), at: step.at)
            case .group(var command, let start):
                command.start = start.flatMap { runtime.groupWall(at: $0) }
                send(.group(.command(command)), at: step.at)
            }
        }
        settle(within: RuntimeTuning.replaySettleLimit)
    }

    /// The pointer input a script line stands for.
    static func pointer(_ phase: ReplayPhase, id: Int, at point: Point) -> KioskInput {
        switch phase {
        case .down: .pointerDown(id: id, at: point)
        case .move: .pointerMove(id: id, to: point)
        case .up: .pointerUp(id: id, at: point)
        }
    }
}
