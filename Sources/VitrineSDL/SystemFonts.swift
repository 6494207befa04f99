import CFontconfig
import CLazyLink
import VitrineSystem

/// One face of a system font file, found by fontconfig to draw glyphs the bundled faces lack.
public struct SystemFace: Hashable, Sendable, CustomStringConvertible {
    /// The font file.
    public var path: String
    /// The face inside the file (non-zero only in collections such as `.ttc`).
    public var index: Int
    /// Whether bold text asked for this face and it has no bold weight, so SDL_ttf emboldens it.
    public var syntheticBold: Bool

    public var description: String { index == 0 ? path : "\(path)#\(index)" }
}

/// The fontconfig queries behind the fallback chain: which installed face covers some characters.
///
/// Every failure (no configuration, no fonts, a query that returns nothing) answers `nil`, so text degrades to the
/// bundled faces and never stops drawing.
enum SystemFonts {
    /// The generic family asked for, so the system's configured sans-serif preferences order the candidates.
    static let family = "sans-serif"
    /// The lightest fontconfig weight counted as bold; lighter faces are emboldened for bold text.
    static let boldThreshold = Int32(FC_WEIGHT_DEMIBOLD)

    /// Whether fontconfig loaded a configuration; loaded once for the process.
    ///
    /// fontconfig is opened by Vitrine (CLazyLink): one that cannot be opened means no fallback faces, said once,
    /// not the end of the kiosk when a card first needs a character the bundled faces lack.
    static let isAvailable: Bool = {
        guard vitrine_lazy_link_open(2) != 0 else {
            Logger.shared.log(.warning, "fontconfig cannot be opened (\(String(cString: vitrine_lazy_link_error(2)))): characters the bundled "
                              + "fonts lack show as boxes; apt-get install libfontconfig1")
            return false
        }
        return FcInit() == FcTrue
    }()

    /// The best installed scalable face covering every scalar of `scalars`, bold for `bold` text, or `nil`.
    ///
    /// Asks fontconfig for a sorted list (`FcFontSort`) for a pattern of the sans-serif family, the scalars'
    /// charset and the weight, then checks each candidate's own charset, because the best match need not cover the
    /// scalars at all.
    ///
    /// With `colour`, only colour faces count (Noto Color Emoji), and none is emboldened.
    static func face(covering scalars: [Unicode.Scalar], bold: Bool, colour: Bool = false) -> SystemFace? {
        guard isAvailable, !scalars.isEmpty, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        guard let wanted = FcCharSetCreate() else { return nil }
        defer { FcCharSetDestroy(wanted) }
        for scalar in scalars { FcCharSetAddChar(wanted, scalar.value) }
        FcPatternAddCharSet(pattern, FC_CHARSET, wanted)
        FcPatternAddInteger(pattern, FC_WEIGHT, bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
        if colour { FcPatternAddBool(pattern, FC_COLOR, FcTrue) }
        family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: family.utf8.count + 1) { _ = FcPatternAddString(pattern, FC_FAMILY, $0) }
        }
        guard FcConfigSubstitute(nil, pattern, FcMatchPattern) == FcTrue else { return nil }
        FcDefaultSubstitute(pattern)

        var result = FcResultNoMatch
        guard let sorted = FcFontSort(nil, pattern, FcTrue, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        let set = sorted.pointee
        guard let fonts = set.fonts else { return nil }
        for i in 0..<Int(set.nfont) {
            guard let candidate = fonts[i], covers(candidate, all: scalars), isScalable(candidate), !colour || isColour(candidate) else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(candidate, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            var index: Int32 = 0
            if FcPatternGetInteger(candidate, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
            var weight: Int32 = FC_WEIGHT_REGULAR
            if FcPatternGetInteger(candidate, FC_WEIGHT, 0, &weight) != FcResultMatch { weight = FC_WEIGHT_REGULAR }
            return SystemFace(path: String(cString: file), index: Int(index), syntheticBold: bold && !colour && weight < boldThreshold)
        }
        return nil
    }

    /// Whether the font pattern's charset has every scalar.
    private static func covers(_ font: OpaquePointer, all scalars: [Unicode.Scalar]) -> Bool {
        var charset: OpaquePointer?
        guard FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { return false }
        return scalars.allSatisfy { FcCharSetHasChar(charset, $0.value) == FcTrue }
    }

    /// Whether the font has colour glyphs (bitmap strikes or colour layers).
    private static func isColour(_ font: OpaquePointer) -> Bool {
        var colour: FcBool = FcFalse
        return FcPatternGetBool(font, FC_COLOR, 0, &colour) == FcResultMatch && colour == FcTrue
    }

    /// Whether the font is an outline font SDL_ttf can draw at any size (a pattern without the property counts).
    private static func isScalable(_ font: OpaquePointer) -> Bool {
        var scalable: FcBool = FcTrue
        return FcPatternGetBool(font, FC_SCALABLE, 0, &scalable) != FcResultMatch || scalable == FcTrue
    }
}
