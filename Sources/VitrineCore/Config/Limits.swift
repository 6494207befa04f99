/// Every limit that keeps a bad config from taking the kiosk down, named in one place (the README's Limits table
/// lists them). Image limits are in ``ImageLimits``.
///
/// Each is well past what a real deck needs and well under what would make a command slow or large: whatever
/// passes `check` shows within the start-up budget.
public enum Limits {
    /// The largest config file read: 16 MiB. A 10,000-card deck is about 1 MB, so this allows some 150,000 cards;
    /// a config of `/dev/zero`, or a runaway generator's output, is refused before it fills memory.
    public static let configFileBytes = 16 * 1024 * 1024

    /// The longest title or subtitle, in Unicode scalars: 500. A card shows one line of each (about 40 characters
    /// of title on a 600 pt card, shortened with an ellipsis), so 500 is more than ten times what can show, and
    /// fitting it stays well under a millisecond; a 50 MB title took 37 s and 2.7 GB to render.
    public static let textScalars = 500

    /// The longest side of a window, in pixels: 8192 (an 8K panel is 7680 wide).
    public static let windowSide = 8192

    /// The largest window area, in pixels: 7680x4320, an 8K UHD panel (33.2 megapixels, 133 MB per 32-bit frame).
    /// The renderer keeps the frame and three composed cards of about the window's size, so this bounds a kiosk's
    /// pixel memory near 600 MB; a 16384x16384 window took 20 s and 3.1 GB to render.
    public static let windowPixels = 7680 * 4320

    /// The most characters of a value (a path, a string found in the config) quoted in a message: 120. Longer ones
    /// are shortened with "…" in the middle, so one problem stays one readable line (``Limits/quoted(_:)``).
    public static let messageValueScalars = 120

    /// The most unknown keys one document (a config, a sidecar) names, each in a warning of its own: 20. The rest
    /// are counted in one more line ("and 999980 more unknown keys"), and no message is made for them: a million
    /// unknown keys took 28 s and printed 184 MB of warnings.
    public static let unknownKeyWarnings = 20

    /// The most cards a folder deck makes: 10,000, as many as the largest deck measured (``configFileBytes``). The
    /// image files past it, in the deck's order, are left out with one line saying how many.
    public static let folderCards = 10_000

    /// The most entries of a folder deck's folder that are listed: 100,000 (`render` of such a folder takes 0.15 s). The
    /// entries past it, in the order the system lists them, are not looked at, with one line saying so.
    public static let folderEntries = 100_000

    /// The largest sidecar file read (`beach.json` next to `beach.jpg`): 64 KiB, for a title, a subtitle and an id
    /// of at most ``textScalars`` characters each; a larger one is refused and the card keeps its fallback title.
    public static let sidecarBytes = 64 * 1024

    /// The most bytes read from the start of an image for its title (a JPEG's Exif block, which is at most 64 KiB):
    /// the rest of the file is left for the decoder.
    public static let imageMetadataBytes = 64 * 1024
}

extension Limits {
    /// `text` as it is quoted in a one-line message: shortened to ``messageValueScalars`` with "…" in the middle,
    /// and every control character escaped (`\n`, `\t`, `\u0000`), so a value never breaks or floods a line. With
    /// `quoting`, it is put in double quotes, with quotes and backslashes escaped as in JSON.
    public static func shortened(_ text: String, quoting: Bool = false) -> String {
        var scalars = Array(text.unicodeScalars.prefix(messageValueScalars + 1))
        if scalars.count > messageValueScalars {
            let tail = Array(text.unicodeScalars.suffix(messageValueScalars / 2 - 1))
            scalars = Array(scalars.prefix(messageValueScalars / 2)) + ["…"] + tail
        }
        var result = quoting ? "\"" : ""
        for scalar in scalars {
            switch scalar {
            case "\"" where quoting: result += "\\\""
            case "\\" where quoting: result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if isControl(scalar) {
                    result += "\\u" + codePoint(scalar).dropFirst(2)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return quoting ? result + "\"" : result
    }

    /// Whether `scalar` is a C0 or C1 control character or DEL: what titles, subtitles, paths and hours may not contain.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `U+0000`: how a character is named in a message.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
