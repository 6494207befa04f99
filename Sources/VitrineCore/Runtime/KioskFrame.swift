/// Everything one frame of the kiosk shows: the deck's position, the geometry and the attract-mode bar.
///
/// Two equal frames draw the same pixels (with the same cards composed), so a loop draws only when the frame
/// differs from the one on screen, or when something outside it changed (a card finished composing, an expose).
public struct KioskFrame: Sendable, Equatable {
    /// The pager's bound page and interpolated position.
    public var pager: PagerSnapshot
    /// The page geometry, upright.
    public var stage: StageLayout
    /// How the panel is mounted: the frame is laid out upright on ``stage`` and turned by this on output.
    public var rotation: Rotation
    /// The colour around a letterboxed card.
    public var background: Color
    /// The share of the attract-mode interval gone by, in whole steps of ``KioskRuntime/progressBarSteps``; nil
    /// when no bar shows.
    public var progress: Double?
    /// Counts the decks the runtime has had: a reload that changes the cards makes every later frame differ.
    public var deckGeneration: Int
    /// The cards the pager pages through, as indices into the config's cards, in page order, when schedules or a
    /// shuffle make them differ from the whole deck in its order; nil for the whole deck. Empty is the standby
    /// screen. It changes only with ``deckGeneration``.
    public var shownCards: [Int]?
    /// Whether the screen is asleep (outside `display.awake`): the frame is plain black, whatever else it says.
    public var asleep = false
    /// Whether pictures are turned upright by their Exif orientation (`display.exifOrientation`): a reload that
    /// flips it makes every later frame differ, and the renderer composes its cards anew.
    public var exifOrientation: Bool
    /// The open detail panel, drawn over the card; nil when none is open.
    public var detail: DetailPanelFrame? = nil
    /// What the frame draws over the cards besides the progress bar: the dots, the overlay's lines.
    public var decor = FrameDecor()
    /// How the cards look (`style`): a reload that changes it makes every later frame differ, and the renderer
    /// composes its cards anew (with the new title font).
    public var look = CardLook()
    /// The framing of each Ken Burns card the frame shows, by page: the part of its picture shown, in unit
    /// coordinates (``KenBurns``); a card not listed does not move by itself.
    public var kenBurns: [Int: Rect] = [:]

    /// A frame.
    public init(pager: PagerSnapshot, stage: StageLayout, rotation: Rotation, background: Color, progress: Double?,
                deckGeneration: Int, shownCards: [Int]? = nil, exifOrientation: Bool = true) {
        self.pager = pager
        self.stage = stage
        self.rotation = rotation
        self.background = background
        self.progress = progress
        self.deckGeneration = deckGeneration
        self.shownCards = shownCards
        self.exifOrientation = exifOrientation
    }

    /// The cards the frame's pages show, from the config's `cards`: all of them, or those ``shownCards`` names.
    public func pageCards(of cards: [CardConfig]) -> [CardConfig] {
        guard let shownCards else { return cards }
        return shownCards.compactMap { cards.indices.contains($0) ? cards[$0] : nil }
    }
}
