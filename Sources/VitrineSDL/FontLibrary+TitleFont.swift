import CFontconfig
import CLazyLink
import VitrineCore

extension FontLibrary {
    /// The bundled faces with the title's face as `config`'s `style.titleFont` names it: a font file, or an
    /// installed family found by fontconfig. A font that cannot be found or opened is one warning through `report`,
    /// naming it, and the titles keep DejaVu Sans Bold.
    public static func forStyle(_ config: KioskConfig, report: (String) -> Void) throws(SDLError) -> FontLibrary {
        let library = FontLibrary(paths: try BundledFonts.locate())
        library.useTitleFont(config.style.titleFont, report: report)
        return library
    }

    /// Draws the titles with `font` (nil: the bundled DejaVu Sans Bold); one warning through `report` when it
    /// cannot be found or opened, and then the bundled face.
    public func useTitleFont(_ font: TitleFont?, report: (String) -> Void) {
        guard let font else { return setTitleFace(nil) }
        switch FontLibrary.titleFontFile(font) {
        case .success(let path): setTitleFace(path)
        case .failure(let problem):
            report(FontLibrary.titleFontWarning(problem))
            setTitleFace(nil)
        }
    }

    /// The one-line warning for a title font that cannot be used, naming it and the face used instead.
    public static func titleFontWarning(_ problem: TitleFontProblem) -> String {
        "style.titleFont: \(problem); the titles use the bundled DejaVu Sans Bold"
    }

    /// Why a title font cannot be used: the rest of a one-line warning.
    public struct TitleFontProblem: Error, CustomStringConvertible {
        public var description: String
    }

    /// The file `font` names, checked by opening it; or why it cannot be used.
    public static func titleFontFile(_ font: TitleFont) -> Result<String, TitleFontProblem> {
        let path: String
        switch font {
        case .file(let file):
            path = file
        case .name(let name):
            guard let found = SystemFonts.file(ofFamily: name) else {
                return .failure(TitleFontProblem(description: "no installed font is named \(font) (fc-list : family lists them)"))
            }
            path = found
        }
        do throws(SDLError) {
            _ = try Font(path: path, pixelSize: Int(CardStyle.titleSize))
        } catch {
            return .failure(TitleFontProblem(description: "cannot open the font \(font): \(error.message)"))
        }
        return .success(path)
    }
}

extension SystemFonts {
    /// The file of the installed scalable face of the family `name` (any case), bold where the family has one;
    /// nil when fontconfig knows no such family.
    static func file(ofFamily name: String) -> String? {
        guard isAvailable, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        name.withCString { text in
            text.withMemoryRebound(to: FcChar8.self, capacity: name.utf8.count + 1) { _ = FcPatternAddString(pattern, FC_FAMILY, $0) }
        }
        FcPatternAddInteger(pattern, FC_WEIGHT, FC_WEIGHT_BOLD)
        FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
        guard FcConfigSubstitute(nil, pattern, FcMatchPattern) == FcTrue else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(nil, pattern, FcFalse, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        let set = sorted.pointee
        guard let fonts = set.fonts else { return nil }
        let wanted = name.lowercased()
        for i in 0..<Int(set.nfont) {  // The best match of that family: fontconfig puts other families after it.
            guard let candidate = fonts[i] else { continue }
            var index: Int32 = 0
            var family: UnsafeMutablePointer<FcChar8>?
            var named = false
            while FcPatternGetString(candidate, FC_FAMILY, index, &family) == FcResultMatch, let family {
                if String(cString: family).lowercased() == wanted { named = true; break }
                index += 1
            }
            guard named else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(candidate, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            return String(cString: file)
        }
        return nil
    }
}
