/// What a card is drawn with, from what the deck renderer has of it: the rule for a card whose picture is not
/// composed yet, so a card on screen is never drawn empty.
///
/// A card's picture is composed in the background (a 24-megapixel photo takes most of a second); until it is, the
/// card shows a preview of its picture (a 1/8-scale decode, a few milliseconds) under its own gradient and texts.
/// The placeholder is only ever what composing gives for a picture that cannot be shown.
public enum CardFace: Equatable, Sendable {
    /// Its composed card: picture, gradient and texts.
    case composed
    /// Its picture composed for the deck before a reload, with that deck's texts and page count: what the old frame
    /// showed, kept until the card is composed anew, so a reload never takes a card's picture away.
    case stale
    /// Its picture's preview, scaled up, under its gradient and texts.
    case preview
    /// Its gradient and texts over the placeholder colour, without the placeholder's notice: no preview can be made
    /// of its picture (not a JPEG), which is still being composed.
    case titleOnly

    /// Whether a preview of a card's picture was made.
    public enum Preview: Equatable, Sendable {
        /// Not tried yet.
        case notTried
        /// Made: the card can show it.
        case made
        /// Tried: none can be made quickly (not a JPEG, or a damaged one); composing tells what the picture is.
        case impossible
    }

    /// The face of a card that is `composed` (for this deck), `stale` (composed for the deck before) or neither,
    /// with its `preview`; nil when the renderer must try the preview first, before the card is drawn.
    public static func face(composed: Bool, stale: Bool, preview: Preview) -> CardFace? {
        if composed { return .composed }
        if stale { return .stale }
        switch preview {
        case .made: return .preview
        case .impossible: return .titleOnly
        case .notTried: return nil
        }
    }

    /// Whether a card drawn with this face shows its picture, or a preview of it.
    public var showsPicture: Bool { self != .titleOnly }
}

extension PagerSnapshot {
    /// The cards a frame keeps ready, those it draws (`list`) and the current page's neighbours (and during a slide
    /// the cards beyond the two sliding), so a swipe either way finds its next card composed: every other card's
    /// composed texture and preview are let go.
    public func keptCards(drawing list: DisplayList) -> Set<Int> { Set(keptCardsByUrgency(drawing: list)) }

    /// ``keptCards(drawing:)`` most urgent first, the order their previews and compositions are made in: the cards
    /// `list` draws, then the current page, the next and the previous (paging forward is the common case).
    ///
    /// Between two pages (a slide), the cards beyond the two that slide are kept too: the one a slide lands on
    /// becomes the current page only at its end, and the next press pages on at once, so the card after it gets its
    /// preview made during the slide, not after it.
    public func keptCardsByUrgency(drawing list: DisplayList) -> [Int] {
        var order: [Int] = []
        let lower = Int(position.rounded(.down)), upper = Int(position.rounded(.up))
        let slots = [currentPage, currentPage + 1, currentPage - 1] + (lower == upper ? [] : [upper + 1, lower - 1])
        let neighbours = slots.compactMap { cardIndex(forSlot: $0) }
        for index in list.commands.compactMap(\.cardIndex) + neighbours where !order.contains(index) { order.append(index) }
        return order
    }
}
