/// How a programmatic move shows on screen (keys, page-control taps, the notched wheel, attract mode and page
/// requests): the config's top-level `transition`.
///
/// A drag, its release and a trackpad stream always slide: the card follows the finger.
public enum PageTransition: String, Sendable, Equatable, CaseIterable {
    /// The card slides to its neighbour (the default).
    case slide
    /// The next card fades in over the current one, in place, over ``PagingTuning/fadeDuration``.
    case fade
    /// The next card replaces the current one on the next fixed step, with no frames in between.
    case none
}

/// One composed card drawn over what is under it at an opacity: a layer of a fade.
public struct CardLayer: Sendable, Equatable {
    /// The page slot, not wrapped (see ``PagerSnapshot/cardIndex(forSlot:)``).
    public var slot: Int
    /// How much of the card shows over the layers under it, 0...1; the bottom layer is drawn opaque.
    public var opacity: Double

    /// A layer.
    public init(slot: Int, opacity: Double) {
        self.slot = slot
        self.opacity = opacity
    }
}
