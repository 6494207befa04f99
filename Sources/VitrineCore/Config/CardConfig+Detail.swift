/// What a tap on a card opens (`"detail": {"text": "…", "link": "https://…"}`): more text to read and a link to
/// take home as a QR code. At least one of the two is there.
public struct CardDetail: Sendable, Equatable {
    /// The text, wrapped on the panel; may hold line feeds (paragraphs). Empty when the detail has only a link.
    public var text: String
    /// An `http` or `https` address, shown as a QR code; nil for none.
    public var link: String?

    /// A detail with `text` and an optional `link`.
    public init(text: String = "", link: String? = nil) {
        self.text = text
        self.link = link
    }
}

/// A card's schedule and detail behind one reference: a card with neither costs 8 bytes for both (a card's detail
/// as a field of its own took it from 40 to 48 bytes, `CardConfigPackingTests`). Never changed once made.
final class CardExtras: Sendable, Equatable {
    let schedule: CardSchedule
    let detail: CardDetail?
    /// The card's video (`CardConfig+Video.swift`).
    let video: CardVideo?
    /// The card's own `direction` (`CardConfig+Direction.swift`).
    let direction: ParagraphDirection
    /// The card's `motion` and `focus` (`CardConfig+Motion.swift`).
    let motion: CardMotionSettings?
    /// The card's language for speech (`lang`, `KioskSchema+Speech.swift`).
    let lang: String?

    private init(schedule: CardSchedule, detail: CardDetail?, video: CardVideo?, direction: ParagraphDirection,
                 motion: CardMotionSettings?, lang: String?) {
        self.schedule = schedule
        self.detail = detail
        self.video = video
        self.direction = direction
        self.motion = motion
        self.lang = lang
    }

    /// The box for `schedule`, `detail`, `video`, `direction`, `motion` and `lang`; nil when the schedule is empty,
    /// there is neither detail, video, motion nor language and the direction is `auto`.
    static func make(schedule: CardSchedule, detail: CardDetail?, video: CardVideo? = nil,
                     direction: ParagraphDirection = .auto, motion: CardMotionSettings? = nil, lang: String? = nil) -> CardExtras? {
        let motion = motion == CardMotionSettings() ? nil : motion
        return schedule == CardSchedule() && detail == nil && video == nil && direction == .auto && motion == nil && lang == nil
            ? nil : CardExtras(schedule: schedule, detail: detail, video: video, direction: direction, motion: motion, lang: lang)
    }

    static func == (a: CardExtras, b: CardExtras) -> Bool {
        a === b || (a.schedule == b.schedule && a.detail == b.detail && a.video == b.video && a.direction == b.direction
                    && a.motion == b.motion && a.lang == b.lang)
    }
}

extension CardConfig {
    /// What a tap on the card opens; nil (the default) for a card a tap leaves alone.
    public var detail: CardDetail? {
        get { extras?.detail }
        set { extras = CardExtras.make(schedule: schedule, detail: newValue, video: video, direction: direction, motion: motionSettings, lang: lang) }
    }

    /// The card's language for speech (`lang`); nil: the deck's.
    public var lang: String? {
        get { extras?.lang }
        set { extras = CardExtras.make(schedule: schedule, detail: detail, video: video, direction: direction, motion: motionSettings, lang: newValue) }
    }
}

extension Limits {
    /// The longest detail text, in Unicode scalars: 2,000. About a page of a paperback, what a visitor reads
    /// standing (the panel scrolls past what fits); longer texts belong on the page the link leads to.
    public static let detailTextScalars = 2_000

    /// The longest detail link, in bytes: 500. A QR code of 500 bytes is version 17 at level M (85 modules), which
    /// still scans from a phone at arm's length on a 1080p panel; longer addresses need a shortener.
    public static let detailLinkBytes = 500
}

extension KioskSchema {
    /// A card's `detail` key, in a config's card and in a folder deck's sidecar.
    static let detailField = ObjectSchema<CardDetail?>.Field("detail", expected: "an object with \"text\" and/or \"link\"") { detail, value, path, validator in
        var draft = DetailDraft()
        guard validator.decodeObject(value, at: path, schema: KioskSchema.detail, into: &draft) else { return }
        guard draft.text != nil || draft.link != nil || draft.failed else {
            validator.error(path, "expected \"text\", \"link\" or both, found an empty object")
            return
        }
        guard !draft.failed else { return }
        detail = CardDetail(text: draft.text ?? "", link: draft.link)
    }

    /// A `detail` object while it is checked.
    struct DetailDraft {
        var text: String? = nil
        var link: String? = nil
        /// Whether a member had an error (then the detail is not used).
        var failed = false
    }

    /// The `detail` object: its text and link.
    static let detail = ObjectSchema<DetailDraft>([
        .init("text", expected: "a string") { draft, value, path, validator in
            draft.text = validator.detailText(value, at: path)
            if draft.text == nil { draft.failed = true }
        },
        .init("link", expected: "a link such as \"https://example.org/\"") { draft, value, path, validator in
            draft.link = validator.detailLink(value, at: path)
            if draft.link == nil { draft.failed = true }
        },
    ])
}

extension ConfigValidator {
    /// A detail's text in `value`, or nil after recording an error: a non-empty string of at most
    /// ``Limits/detailTextScalars`` Unicode scalars, with no control character but the line feed.
    mutating func detailText(_ value: JSONDocument.Node, at path: ConfigPath) -> String? {
        guard let text = string(value, at: path, nonEmpty: true) else { return nil }
        let scalars = text.unicodeScalars.count
        guard scalars <= Limits.detailTextScalars else {
            error(path, "\(scalars) characters is over the limit of \(Limits.detailTextScalars)")
            return nil
        }
        if let control = text.unicodeScalars.first(where: { $0 != "\n" && Limits.isControl($0) }) {
            error(path, "contains a control character (\(Limits.codePoint(control))); a detail's text may hold line feeds, no other")
            return nil
        }
        return text
    }

    /// A detail's link in `value`, or nil after recording an error: `http://` or `https://` and a host, at most
    /// ``Limits/detailLinkBytes`` bytes, with no space or control character.
    mutating func detailLink(_ value: JSONDocument.Node, at path: ConfigPath) -> String? {
        guard let link = string(value, at: path, nonEmpty: true) else { return nil }
        let bytes = link.utf8.count
        guard bytes <= Limits.detailLinkBytes else {
            error(path, "\(bytes) bytes is over the limit of \(Limits.detailLinkBytes) for a link (a QR code that large is hard to scan)")
            return nil
        }
        let lower = link.lowercased()
        let scheme = ["https://", "http://"].first { lower.hasPrefix($0) }
        guard let scheme, link.utf8.count > scheme.utf8.count, !link.utf8.dropFirst(scheme.utf8.count).starts(with: "/".utf8) else {
            error(path, "expected a link starting with \"https://\" or \"http://\" and a host, found \(Self.quoted(link))")
            return nil
        }
        if let bad = link.unicodeScalars.first(where: { $0 == " " || Limits.isControl($0) }) {
            error(path, "contains \(bad == " " ? "a space" : "a control character (\(Limits.codePoint(bad)))"); write it as %20 or leave it out")
            return nil
        }
        return link
    }
}
