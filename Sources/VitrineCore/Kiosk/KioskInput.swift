/// A navigation key, named for what it does on a kiosk.
public enum KioskKey: Equatable, Sendable {
    /// PageUp: the previous card.
    case previous
    /// PageDown: the next card.
    case next
    /// ←: the card on the left, as the arrow shows: the previous card, or the next in a right-to-left deck.
    case left
    /// →: the card on the right: the next card, or the previous in a right-to-left deck.
    case right
    /// Home: the first card.
    case first
    /// End: the last card.
    case last
    /// 1 to 9: that card, counted from 1.
    case number(Int)
}

/// One input to a running kiosk, in window points: what `run` reads from SDL and `replay` reads from a script.
public enum KioskInput: Equatable, Sendable {
    /// A finger or the primary mouse button went down; `id` tells fingers apart.
    case pointerDown(id: Int, at: Point)
    /// The pressed pointer moved.
    case pointerMove(id: Int, to: Point)
    /// The pointer was released.
    case pointerUp(id: Int, at: Point)
    /// A wheel or trackpad scroll in notches: positive dx is right, positive dy is away from the user (up).
    /// Whole notches are wheel clicks; fractional ones are a trackpad's precise deltas (see `Pager`'s wheel).
    case wheel(dx: Double, dy: Double)
    /// A navigation key (auto-repeat included).
    case key(KioskKey)
    /// The program (the binding's other side, or a replay script) asks for a card; it animates there.
    case setPage(Int)
    /// Attract mode moves on to the next card, as "next" does, but no person asked for it.
    case advance
}
