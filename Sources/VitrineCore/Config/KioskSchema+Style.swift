/// The `style` and `overlay` objects: how the cards look, and a clock or date over them.
extension KioskSchema {
    /// The top-level keys kept here (`style`, `overlay`), added to ``root``.
    static let frameFields: [ObjectSchema<RootDraft>.Field] = [
        .init("style", expected: "an object") { draft, value, path, validator in
            var style = StyleDraft(configFile: validator.file)
            if validator.decodeObject(value, at: path, schema: KioskSchema.style, into: &style) { draft.style = style.style }
        },
        .init("overlay", expected: "an object") { draft, value, path, validator in
            var overlay = OverlayConfig()
            if validator.decodeObject(value, at: path, schema: KioskSchema.overlay, into: &overlay) { draft.overlay = overlay }
        },
    ]

    /// The `style` object while it is checked: the config's file, against which a font file is resolved.
    struct StyleDraft {
        let configFile: String
        var style = StyleConfig()
    }

    /// The `style` object.
    static let style = ObjectSchema<StyleDraft>([
        .init("transition", expected: "seconds") { draft, value, path, validator in
            if let seconds = validator.number(value, at: path, in: StyleConfig.transitionRange) { draft.style.transition = seconds }
        },
        .init("titleFont", expected: "a font file or a fontconfig name") { draft, value, path, validator in
            guard let name = validator.text(value, at: path, nonEmpty: true) else { return }
            draft.style.titleFont = TitleFont.reading(name, configFile: draft.configFile)
        },
        .init("textColor", expected: "a color") { draft, value, path, validator in
            if let color = validator.color(value, at: path) { draft.style.textColor = color }
        },
        .init("textPosition", expected: "a text position") { draft, value, path, validator in
            if let position: TextPosition = validator.choice(value, at: path) { draft.style.textPosition = position }
        },
        .init("dots", expected: "true or false") { draft, value, path, validator in
            if let dots = validator.bool(value, at: path) { draft.style.dots = dots }
        },
    ])

    /// The `overlay` object.
    static let overlay = ObjectSchema<OverlayConfig>([
        .init("clock", expected: "a time pattern such as \"HH:mm\"") { overlay, value, path, validator in
            overlay.clock = validator.clockPattern(value, at: path)
        },
        .init("date", expected: "a date pattern such as \"EEE d MMM\"") { overlay, value, path, validator in
            overlay.date = validator.clockPattern(value, at: path)
        },
        .init("position", expected: "a position") { overlay, value, path, validator in
            if let position: TextPosition = validator.choice(value, at: path) { overlay.position = position }
        },
    ])
}

extension ConfigValidator {
    /// The clock pattern in `value` (``ClockPattern``), or nil after recording one error naming the bad letter.
    mutating func clockPattern(_ value: JSONDocument.Node, at path: ConfigPath) -> ClockPattern? {
        guard let text = text(value, at: path, nonEmpty: true) else { return nil }
        switch ClockPattern.parse(text) {
        case .success(let pattern): return pattern
        case .failure(let problem):
            error(path, problem.message)
            return nil
        }
    }
}
