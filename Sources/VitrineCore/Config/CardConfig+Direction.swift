/// Which way a deck and its cards read (`direction`, top level and per card), and how `auto` is decided.
extension CardConfig {
    /// The card's own `direction`: where its title and subtitle sit and how they read as paragraphs; `auto` (the
    /// default) takes the deck's. Paging always follows the deck.
    public var direction: ParagraphDirection {
        get { extras?.direction ?? .auto }
        set { extras = CardExtras.make(schedule: schedule, detail: detail, video: video, direction: newValue, motion: motionSettings, lang: lang) }
    }
}

extension KioskConfig {
    /// The deck's direction: the `direction` key, or for `auto` (the default) the direction most titles start in
    /// (``ParagraphDirection/deckDirection(cards:)``).
    public var deckDirection: TextDirection { accessibility.direction.deckDirection(cards: cards) }

    /// How the cards look: `style` with the deck's direction (``deckDirection``, worked out again: keep it).
    public func look(direction: TextDirection) -> CardLook {
        var look = self.look
        look.direction = direction
        look.paragraph = accessibility.direction
        return look
    }
}

extension ParagraphDirection {
    /// The direction this key fixes; nil for `auto`.
    public var fixed: TextDirection? {
        switch self {
        case .auto: nil
        case .leftToRight: .leftToRight
        case .rightToLeft: .rightToLeft
        }
    }

    /// The direction of a deck whose `direction` key is this and whose cards are `cards`.
    ///
    /// `ltr` and `rtl` are themselves. `auto` is right to left when more titles start with a right-to-left letter
    /// than with a left-to-right one: each title votes with its first strong character (UAX #9, as a paragraph's
    /// direction is found, ``firstStrongDirection(in:)``), or with its card's own `direction` when that is set; a
    /// title with no letter (or none) does not vote, and a tie is left to right.
    public func deckDirection(cards: some Sequence<CardConfig>) -> TextDirection {
        if let fixed { return fixed }
        var balance = 0
        for card in cards {
            if let vote = card.direction.fixed ?? Self.firstStrongDirection(in: card.title) {
                balance += vote == .rightToLeft ? 1 : -1
            }
        }
        return balance > 0 ? .rightToLeft : .leftToRight
    }
}

extension KioskSchema {
    /// A card's `direction`.
    static let cardDirectionField = ObjectSchema<CardDraft>.Field("direction", expected: "\"auto\", \"ltr\" or \"rtl\"") { card, value, path, validator in
        if let direction: ParagraphDirection = validator.choice(value, at: path) { card.direction = direction }
    }

    /// A folder deck sidecar's `direction`, read as a card's.
    static let sidecarDirectionField = ObjectSchema<SidecarText>.Field("direction", expected: "\"auto\", \"ltr\" or \"rtl\"") { text, value, path, validator in
        if let direction: ParagraphDirection = validator.choice(value, at: path) { text.direction = direction }
    }
}
