/// The kiosk's own voice (`accessibility`): whether it may speak its cards, and how.
///
/// The `accessibility` object being there allows speech (the S key, a long press on the dots and `ctl speak` turn
/// it on and off); its `speak` says whether it starts on.
public struct SpeechConfig: Sendable, Equatable {
    /// Whether the kiosk starts speaking (`speak`); false: allowed, but off until a visitor or `ctl speak on`.
    public var startsOn = false
    /// The synthesis voice by its speech-dispatcher name (`voice`); nil: the daemon's default for the language.
    public var voice: String? = nil
    /// How fast, -100 (slowest) to 100 (fastest), 0 the daemon's normal rate (`rate`).
    public var rate = 0

    /// The defaults: allowed, off, the default voice at the normal rate.
    public init(startsOn: Bool = false, voice: String? = nil, rate: Int = 0) {
        self.startsOn = startsOn; self.voice = voice; self.rate = rate
    }

    /// The language spoken when neither the card nor the deck names one.
    public static let defaultLanguage = "en"
}

extension Limits {
    /// The longest language tag, in characters: 35, as BCP 47 advises implementations to accept at least.
    public static let languageTagLength = 35
    /// The longest voice name, in bytes: 100.
    public static let voiceNameBytes = 100
}

extension KioskConfig {
    /// The card's language for speech: its own `lang`, else the deck's, else ``SpeechConfig/defaultLanguage``.
    public func language(ofCard index: Int) -> String {
        (cards.indices.contains(index) ? cards[index].lang : nil) ?? accessibility.lang ?? SpeechConfig.defaultLanguage
    }
}

extension KioskSchema {
    /// Whether `tag` looks like a BCP 47 language tag: a language of 2 to 3 letters (or 5 to 8), then subtags of 1
    /// to 8 letters or digits after hyphens ("en", "he", "ar-EG", "zh-Hant-TW", "sr-Latn").
    static func isLanguageTag(_ tag: String) -> Bool {
        guard tag.count <= Limits.languageTagLength else { return false }
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count) || (5...8).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// A `lang` key, at the top level and in a card: a language tag.
    static let languageField = ObjectSchema<String?>.Field("lang", expected: "a language tag such as \"en\", \"he\" or \"ar-EG\"") { lang, value, path, validator in
        guard let tag = validator.string(value, at: path) else { return }
        guard isLanguageTag(tag) else {
            validator.error(path, "expected a language tag such as \"en\", \"he\" or \"ar-EG\" (letters, then subtags after hyphens), found \(ConfigValidator.quoted(tag))")
            return
        }
        lang = tag
    }

    /// The `accessibility` object: whether the kiosk may speak, and how.
    static let speech = ObjectSchema<SpeechConfig>([
        .init("speak", expected: "true or false") { speech, value, path, validator in
            if let on = validator.bool(value, at: path) { speech.startsOn = on }
        },
        .init("voice", expected: "a voice name") { speech, value, path, validator in
            guard let voice = validator.text(value, at: path, nonEmpty: true) else { return }
            guard voice.utf8.count <= Limits.voiceNameBytes else {
                validator.error(path, "\(voice.utf8.count) bytes is over the limit of \(Limits.voiceNameBytes) for a voice name")
                return
            }
            speech.voice = voice
        },
        .init("rate", expected: "a whole number from -100 to 100") { speech, value, path, validator in
            if let rate = validator.integer(value, at: path, in: -100...100) { speech.rate = rate }
        },
    ])

    /// The top-level speech keys, a part of the root table: `accessibility` and the deck's `lang`.
    static let speechFields: [ObjectSchema<RootDraft>.Field] = [
        .init("accessibility", expected: "an object") { draft, value, path, validator in
            var speech = SpeechConfig()
            if validator.decodeObject(value, at: path, schema: KioskSchema.speech, into: &speech) { draft.accessibility.speech = speech }
        },
        languageField.lifted(into: \RootDraft.accessibility.lang),
    ]
}
