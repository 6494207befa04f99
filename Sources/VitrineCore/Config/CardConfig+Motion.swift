/// A card's own `motion`: Ken Burns on this card, or none on it whatever the deck says.
public enum CardMotion: String, Sendable, Equatable, CaseIterable {
    /// The picture zooms and pans toward the card's `focus` over the card's time (``KenBurns``).
    case kenburns
    /// The picture stays still, even in a `"motion": "kenburns"` deck.
    case still
}

/// A card's `motion` and `focus` keys, as a config's card or a folder deck's sidecar gives them.
public struct CardMotionSettings: Sendable, Equatable {
    /// `motion`; nil: as the deck says.
    public var motion: CardMotion?
    /// `focus` (`[x, y]`, each 0...1 of the picture from its top-left corner): where Ken Burns pans toward; nil:
    /// the picture's middle.
    public var focus: Point?

    /// Neither key.
    public init(motion: CardMotion? = nil, focus: Point? = nil) {
        self.motion = motion
        self.focus = focus
    }
}

/// The deck's top-level `motion`: the accessibility setting, or full motion with Ken Burns on every card.
enum DeckMotion: String, CaseIterable {
    case full, reduced, kenburns
}

extension CardConfig {
    /// The card's `motion` and `focus`, kept in ``CardExtras`` with the schedule, detail and video.
    public var motionSettings: CardMotionSettings {
        get { extras?.motion ?? CardMotionSettings() }
        set { extras = CardExtras.make(schedule: schedule, detail: detail, video: video, direction: direction, motion: newValue, lang: lang) }
    }
}

extension KioskConfig {
    /// How card `index` moves by itself: its Ken Burns focus and time, or nil when its picture stays still.
    ///
    /// A card moves when it says `"motion": "kenburns"`, or when the deck does and the card does not say
    /// `"still"`; never under `"motion": "reduced"`, and never a video card (a video moves by itself). Its time is
    /// its attract-mode duration (the card's `duration`, else `autoplay.interval`); with autoplay off,
    /// ``KenBurns/defaultDuration``. After it, the picture stays where the motion ended.
    public func kenBurns(forCard index: Int) -> (focus: Point, duration: Double)? {
        guard accessibility.motion != .reduced, cards.indices.contains(index) else { return nil }
        let card = cards[index]
        let settings = card.motionSettings
        let on = settings.motion.map { $0 == .kenburns } ?? accessibility.kenBurns
        guard on, card.video == nil else { return nil }
        let duration = autoplay.map { card.schedule.duration ?? $0.interval } ?? KenBurns.defaultDuration
        return (settings.focus ?? KenBurns.defaultFocus, duration)
    }
}

extension KioskSchema {
    /// A card's `motion` and `focus` keys, in a config's card and in a folder deck's sidecar.
    static let cardMotionFields: [ObjectSchema<CardMotionSettings>.Field] = [
        .init("motion", expected: "\"kenburns\" or \"still\"") { settings, value, path, validator in
            if let motion: CardMotion = validator.choice(value, at: path) { settings.motion = motion }
        },
        .init("focus", expected: "[x, y], each from 0 to 1") { settings, value, path, validator in
            if let focus = validator.focus(value, at: path) { settings.focus = focus }
        },
    ]
}

extension ConfigValidator {
    /// The point `[x, y]` (each a number from 0 to 1) in `value`, or nil after recording one error for the whole
    /// value.
    mutating func focus(_ value: JSONDocument.Node, at path: ConfigPath) -> Point? {
        let expected = "expected [x, y] with x and y numbers from 0 (left, top) to 1 (right, bottom)"
        guard document.kind(of: value) == .array else {
            error(path, "\(expected), found \(kind(of: value))")
            return nil
        }
        let elements = Array(document.elements(of: value))
        let numbers = elements.compactMap { document.number($0) }
        guard elements.count == 2, numbers.count == 2 else {
            error(path, "\(expected), found an array of \(elements.count) \(elements.count == 1 ? "element" : "elements")"
                  + (numbers.count == elements.count ? "" : " that are not all numbers"))
            return nil
        }
        guard numbers.allSatisfy({ $0.isFinite && (0...1).contains($0) }) else {
            error(path, "\(expected), found [\(numbers.map(Self.format).joined(separator: ", "))]")
            return nil
        }
        return Point(x: numbers[0], y: numbers[1])
    }
}
