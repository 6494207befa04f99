/// One thing to say: a text in a language.
public struct Utterance: Sendable, Equatable {
    /// What to say.
    public var text: String
    /// Its language tag ("en", "he", "ar-EG").
    public var lang: String

    /// An utterance of `text` in `lang`.
    public init(text: String, lang: String) {
        self.text = text
        self.lang = lang
    }
}

/// What the kiosk asks its voice to say, in order, after cancelling whatever it is still saying.
public struct SpeechRequest: Sendable, Equatable {
    /// The utterances, in order; empty: only cancel.
    public var utterances: [Utterance]
    /// The synthesis voice (`accessibility.voice`); nil: the daemon's default.
    public var voice: String?
    /// The rate, -100...100 (`accessibility.rate`).
    public var rate: Int

    /// A request to say `utterances` with `voice` at `rate`.
    public init(utterances: [Utterance], voice: String? = nil, rate: Int = 0) {
        self.utterances = utterances
        self.voice = voice
        self.rate = rate
    }
}

/// What `ctl speak` asks: turn speech on or off, or say the card on screen again.
public enum SpeechAction: String, Sendable, Equatable, CaseIterable {
    case on, off, again
}

/// Whether the kiosk speaks now (see `KioskRuntime+Speech.swift`).
struct SpeechState: Sendable {
    /// Whether speech is on: from `accessibility.speak`, then the S key, a long press on the dots and `ctl speak`.
    var on = false
}

extension KioskRuntime {
    /// How long a press on the dots must be held to turn speech on or off: 1 s.
    public static let speechLongPress = RuntimeTuning.speechLongPress

    /// The key that turns speech on and off: S.
    static func isSpeechKey(_ name: String) -> Bool { name.lowercased() == "s" }

    /// Whether speech is on now.
    public var isSpeaking: Bool { speech.on }

    /// `effects` with speech after every card that landed in them (a `pageChanged` of a transition, the start, a
    /// schedule) and after the screen woke: the card's title, then its subtitle, in its language, each logged as
    /// `spoken` right after the line it follows. Nothing while speech is off or the screen is asleep.
    func voiced(_ effects: [KioskEffect]) -> [KioskEffect] {
        guard speech.on, config.accessibility.speech != nil, !sleep.asleep,
              effects.contains(where: { if case .log = $0 { true } else { false } }) else { return effects }
        var result: [KioskEffect] = []
        result.reserveCapacity(effects.count + 2)
        for effect in effects {
            result.append(effect)
            guard case .log(let lines) = effect else { continue }
            for line in lines {
                switch line.event {
                case .pager(.pageChanged(let card)), .started(let card), .pageShownBySchedule(let card):
                    result += say(card: card, at: line.t)
                case .awake:
                    if let card = currentCard { result += say(card: card, at: line.t) }
                default:
                    break
                }
            }
        }
        return result
    }

    /// Speech for card `card` (an index into the config's cards) at `t`: its title, then its subtitle (those it
    /// has), logged as `spoken` lines; the request cancels what is still being said, even with nothing to say.
    func say(card: Int, at t: Double) -> [KioskEffect] {
        guard let settings = config.accessibility.speech, config.cards.indices.contains(card) else { return [] }
        let lang = config.language(ofCard: card)
        let texts = [config.cards[card].title, config.cards[card].subtitle].filter { !$0.isEmpty }
        let request = SpeechRequest(utterances: texts.map { Utterance(text: $0, lang: lang) }, voice: settings.voice, rate: settings.rate)
        let lines = texts.map { TimedKioskEvent(t: t, .spoken(page: card, text: $0, lang: lang)) }
        return (lines.isEmpty ? [] : [.log(lines)]) + [.speak(request)]
    }

    /// Speech for a label of the kiosk's own (the pause button's text alternative), in the deck's language.
    func say(label: String) -> [KioskEffect] {
        guard speech.on, let settings = config.accessibility.speech, !sleep.asleep else { return [] }
        let lang = config.accessibility.lang ?? SpeechConfig.defaultLanguage
        return [.log([TimedKioskEvent(t: now, .spoken(page: nil, text: label, lang: lang))]),
                .speak(SpeechRequest(utterances: [Utterance(text: label, lang: lang)], voice: settings.voice, rate: settings.rate))]
    }

    /// Turns speech on or off (`on` nil: the other way) for `reason`; on, the card on screen is spoken at once.
    /// Nothing happens when the config does not allow speech.
    mutating func setSpeech(_ on: Bool?, reason: String) -> [KioskEffect] {
        guard config.accessibility.speech != nil else { return [] }
        let new = on ?? !speech.on
        guard new != speech.on else { return [] }
        speech.on = new
        var effects: [KioskEffect] = [.log([TimedKioskEvent(t: now, .speech(on: new, reason: reason))])]
        if new {
            if let card = currentCard, !sleep.asleep { effects += say(card: card, at: now) }
        } else {
            effects.append(.stopSpeaking)
        }
        return effects
    }

    /// Carries out `ctl speak on|off|again` and answers it.
    mutating func controlSpeech(_ action: SpeechAction, client: Int) -> [KioskEffect] {
        guard config.accessibility.speech != nil else {
            return [.reply(client: client, .failure(#"speech is not allowed: the config has no "accessibility" object"#))]
        }
        var effects: [KioskEffect]
        switch action {
        case .on: effects = setSpeech(true, reason: "control")
        case .off: effects = setSpeech(false, reason: "control")
        case .again:
            guard speech.on else { return [.reply(client: client, .failure("speech is off: 'ctl speak on' first"))] }
            effects = currentCard.map { sleep.asleep ? [] : say(card: $0, at: now) } ?? []
        }
        return effects + [.reply(client: client, ControlReply(ok: true, fields: [("speaking", "\(speech.on)")]))]
    }
}
