/// Ken Burns: a card's picture zooms slowly in and pans toward its focus over the card's time, as a pure function of
/// the time since the card landed, so a replay, `render --time` and the screen show the same framing for the same
/// moment, and a stall never makes it jump.
///
/// The gradient, title and dots never move: only the picture under them does.
public enum KenBurns {
    /// The zoom the picture reaches at the end of the card's time: 1.15 (15 % closer than aspect-fill).
    public static let endZoom = 1.15
    /// The card's time when attract mode gives none (autoplay off): 15 s, after which the picture settles and the
    /// kiosk goes idle again.
    public static let defaultDuration = 15.0
    /// Where the picture pans toward when the card names no `focus`: its middle (a zoom in place).
    public static let defaultFocus = Point(x: 0.5, y: 0.5)

    /// How far through its motion a card is `time` seconds after it landed over a card time of `duration`: 0 at
    /// the landing (and for a card still brought in: nil time), 1 at the end and after; a smoothstep in between, so
    /// the motion starts and settles without a jolt. Never faster than 1.5 / `duration` per second.
    public static func progress(time: Double?, duration: Double) -> Double {
        guard let time, time.isFinite, time > 0 else { return 0 }
        guard duration.isFinite, duration > 0 else { return 1 }
        let x = min(1, time / duration)
        return x * x * (3 - 2 * x)
    }

    /// The part of the card's picture shown at `progress` (0...1), in unit coordinates of the picture (0...1 each
    /// way): at 0 the whole picture, at 1 a window ``endZoom`` times smaller whose middle has moved from the
    /// picture's middle toward `focus` (each coordinate held to 0...1), held so the window never leaves the picture:
    /// the picture always covers the card.
    public static func view(progress: Double, focus: Point = defaultFocus) -> Rect {
        let p = progress.isFinite ? min(1, max(0, progress)) : 0
        let zoom = 1 + (endZoom - 1) * p
        let side = 1 / zoom
        func origin(_ target: Double) -> Double {
            let aim = target.isFinite ? min(1, max(0, target)) : 0.5
            let middle = 0.5 + (aim - 0.5) * p
            return min(1 - side, max(0, middle - side / 2))
        }
        return Rect(x: origin(focus.x), y: origin(focus.y), width: side, height: side)
    }

    /// The part of the picture shown `time` seconds after the card landed (nil: still brought in), over a card
    /// time of `duration`, panning toward `focus`.
    public static func view(time: Double?, duration: Double, focus: Point = defaultFocus) -> Rect {
        view(progress: progress(time: time, duration: duration), focus: focus)
    }

    /// The whole picture: the framing at the landing, and of every card that does not move.
    public static let still = Rect(x: 0, y: 0, width: 1, height: 1)

    /// Whether a card `time` seconds after it landed (nil: still brought in) is still moving over `duration`.
    public static func isMoving(time: Double?, duration: Double) -> Bool {
        guard let time, duration.isFinite, duration > 0 else { return false }
        return time < duration
    }
}
