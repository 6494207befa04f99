/// The config keys of large text, HiDPI scale and contrast: `text.scale`, `display.scale` and `contrast`, all
/// landing in `DisplayConfig.readability` (see ``Readability``).
extension KioskSchema {
    /// The `text` object.
    static let text = ObjectSchema<Readability>([
        .init("scale", expected: "a number from 1 to 2") { readability, value, path, validator in
            if let scale = validator.number(value, at: path, in: Readability.textScaleRange) { readability.textScale = scale }
        },
    ])

    /// The top-level keys: `text` and `contrast`.
    static let readabilityRootFields: [ObjectSchema<RootDraft>.Field] = [
        .init("text", expected: "an object") { draft, value, path, validator in
            _ = validator.decodeObject(value, at: path, schema: KioskSchema.text, into: &draft.display.readability)
        },
        .init("contrast", expected: "\"normal\" or \"high\"") { draft, value, path, validator in
            if let contrast: Contrast = validator.choice(value, at: path) { draft.display.readability.contrast = contrast }
        },
    ]

    /// `display.scale`.
    static let displayScaleField = ObjectSchema<DisplayConfig>.Field("scale", expected: "a number from 0.5 to 4") { display, value, path, validator in
        if let scale = validator.number(value, at: path, in: Readability.displayScaleRange) { display.readability.displayScale = scale }
    }
}
