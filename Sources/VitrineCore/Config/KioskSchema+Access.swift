/// A deck's accessibility settings: top-level keys that change how the kiosk moves and reads.
public struct AccessibilitySettings: Sendable, Equatable {
    /// `motion`: whether cards slide (`full`, the default) or change in place (`reduced`).
    public var motion: Motion = .full
    /// `direction`: which way the deck reads (`rtl`, `ltr`, or `auto`, the default: see
    /// ``KioskConfig/deckDirection``); a right-to-left deck mirrors its layout and paging.
    public var direction: ParagraphDirection = .auto
    /// `"motion": "kenburns"`: full motion, and every picture card's picture zooms and pans (``KenBurns``) unless
    /// the card says `"motion": "still"`.
    public var kenBurns = false
    /// `accessibility`: the kiosk may speak its cards (see ``SpeechConfig``); nil (the default): it never speaks.
    public var speech: SpeechConfig? = nil
    /// `lang`: the deck's language for speech; nil: ``SpeechConfig/defaultLanguage`` unless a card names its own.
    public var lang: String? = nil

    /// The defaults: full motion.
    public init() {}
}

extension KioskConfig {
    /// `motion` (see ``AccessibilitySettings/motion``).
    public var motion: Motion {
        get { accessibility.motion }
        set { accessibility.motion = newValue }
    }

    /// How keys, taps, attract mode and commands change the card: `transition` under `motion`.
    public var pagingTransition: PageTransition { transition.under(accessibility.motion) }
}

extension KioskSchema {
    /// The top-level accessibility keys, a part of the root table.
    static let accessFields: [ObjectSchema<RootDraft>.Field] = [
        .init("motion", expected: "\"full\", \"reduced\" or \"kenburns\"") { draft, value, path, validator in
            guard let motion: DeckMotion = validator.choice(value, at: path) else { return }
            draft.accessibility.motion = motion == .reduced ? .reduced : .full
            draft.accessibility.kenBurns = motion == .kenburns
        },
        .init("direction", expected: "\"auto\", \"ltr\" or \"rtl\"") { draft, value, path, validator in
            if let direction: ParagraphDirection = validator.choice(value, at: path) { draft.accessibility.direction = direction }
        },
    ]
}
