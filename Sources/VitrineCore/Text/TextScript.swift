/// The writing system of a character, as an ISO 15924 tag ("Latn", "Arab", "Deva"), which HarfBuzz shapes by.
///
/// Found from the Unicode block the character lies in (a table of the scripts a kiosk is likely to show; the rest
/// are `Zyyy` and take the script of the text around them). Digits, spaces, punctuation and symbols are common
/// (`Zyyy`), combining marks inherited (`Zinh`): both take their neighbours' script (``TextRuns``).
public struct TextScript: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// Characters every script uses: digits, spaces, punctuation, symbols, emoji.
    public static let common = TextScript(rawValue: "Zyyy")
    /// Combining marks, which belong to the character before them.
    public static let inherited = TextScript(rawValue: "Zinh")

    /// Whether this script takes the script of the text around it.
    public var isNeutral: Bool { self == .common || self == .inherited }

    /// Blocks by first scalar, last scalar and script, in order.
    static let blocks: [(first: UInt32, last: UInt32, tag: String)] = [
        (0x0041, 0x005A, "Latn"), (0x0061, 0x007A, "Latn"), (0x00AA, 0x00AA, "Latn"), (0x00BA, 0x00BA, "Latn"),
        (0x00C0, 0x00D6, "Latn"), (0x00D8, 0x00F6, "Latn"), (0x00F8, 0x024F, "Latn"), (0x0250, 0x02AF, "Latn"),
        (0x0370, 0x03FF, "Grek"), (0x0400, 0x052F, "Cyrl"), (0x0531, 0x058F, "Armn"), (0x0591, 0x05FF, "Hebr"),
        (0x0600, 0x06FF, "Arab"), (0x0700, 0x074F, "Syrc"), (0x0750, 0x077F, "Arab"), (0x0780, 0x07BF, "Thaa"),
        (0x07C0, 0x07FF, "Nkoo"), (0x0800, 0x083F, "Samr"), (0x0840, 0x085F, "Mand"), (0x0860, 0x086F, "Syrc"),
        (0x0870, 0x08FF, "Arab"), (0x0900, 0x097F, "Deva"), (0x0980, 0x09FF, "Beng"), (0x0A00, 0x0A7F, "Guru"),
        (0x0A80, 0x0AFF, "Gujr"), (0x0B00, 0x0B7F, "Orya"), (0x0B80, 0x0BFF, "Taml"), (0x0C00, 0x0C7F, "Telu"),
        (0x0C80, 0x0CFF, "Knda"), (0x0D00, 0x0D7F, "Mlym"), (0x0D80, 0x0DFF, "Sinh"), (0x0E00, 0x0E7F, "Thai"),
        (0x0E80, 0x0EFF, "Laoo"), (0x0F00, 0x0FFF, "Tibt"), (0x1000, 0x109F, "Mymr"), (0x10A0, 0x10FF, "Geor"),
        (0x1100, 0x11FF, "Hang"), (0x1200, 0x139F, "Ethi"), (0x13A0, 0x13FF, "Cher"), (0x1780, 0x17FF, "Khmr"),
        (0x1800, 0x18AF, "Mong"), (0x1E00, 0x1EFF, "Latn"), (0x1F00, 0x1FFF, "Grek"), (0x2C00, 0x2C5F, "Glag"),
        (0x2C60, 0x2C7F, "Latn"), (0x2D30, 0x2D7F, "Tfng"), (0x2E80, 0x2FDF, "Hani"), (0x3041, 0x309F, "Hira"),
        (0x30A0, 0x30FF, "Kana"), (0x3105, 0x312F, "Bopo"), (0x3131, 0x318F, "Hang"), (0x3400, 0x4DBF, "Hani"),
        (0x4E00, 0x9FFF, "Hani"), (0xA640, 0xA69F, "Cyrl"), (0xA720, 0xA7FF, "Latn"), (0xA980, 0xA9DF, "Java"),
        (0xAC00, 0xD7AF, "Hang"), (0xF900, 0xFAFF, "Hani"), (0xFB00, 0xFB06, "Latn"), (0xFB13, 0xFB17, "Armn"),
        (0xFB1D, 0xFB4F, "Hebr"), (0xFB50, 0xFDFF, "Arab"), (0xFE70, 0xFEFF, "Arab"), (0xFF21, 0xFF3A, "Latn"),
        (0xFF41, 0xFF5A, "Latn"), (0xFF66, 0xFF9F, "Kana"), (0x1E900, 0x1E95F, "Adlm"),
        (0x1EE00, 0x1EEFF, "Arab"), (0x20000, 0x3134F, "Hani"),
    ]

    /// The script of `scalar`: from its block for a letter, `Zinh` for a combining mark, else `Zyyy`.
    ///
    /// Marks inside a script's block (Arabic harakat, Devanagari matras and virama) keep that script, so a run is
    /// not cut inside a word; a mark of a shared block (U+0300…) is inherited.
    public static func of(_ scalar: Unicode.Scalar) -> TextScript {
        let value = scalar.value
        let properties = scalar.properties
        guard properties.isAlphabetic || properties.generalCategory.isMark else { return .common }
        var low = 0, high = blocks.count - 1
        while low <= high {
            let mid = (low + high) / 2
            if value < blocks[mid].first { high = mid - 1 } else if value > blocks[mid].last { low = mid + 1 } else {
                return TextScript(rawValue: blocks[mid].tag)
            }
        }
        return properties.generalCategory.isMark ? .inherited : .common
    }

    /// Whether `scalar` lies in a block of a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko, … and the
    /// right-to-left planes), whatever its own bidi class: a line with one needs the bidirectional algorithm.
    public static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }

    /// Whether `scalar` is an explicit bidi formatting character (marks, embeddings, overrides, isolates).
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
