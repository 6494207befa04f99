/// What a sidecar gives a folder deck's card: its texts (each nil when the sidecar leaves it out) and its timing.
struct SidecarText: Sendable, Equatable {
    var id: String? = nil
    var title: String? = nil
    var subtitle: String? = nil
    /// `duration`, `from`, `until` and `hours`, as a config's card has them.
    var schedule = CardSchedule()
    /// `detail`, as a config's card has it.
    var detail: CardDetail? = nil
    /// `motion` and `focus`, as a config's card has them.
    var motion = CardMotionSettings()
    /// `direction` and `lang`, as a config's card has them: a Hebrew caption in a mostly English folder.
    var direction = ParagraphDirection.auto
    var lang: String? = nil
}

extension FolderDeck {
    /// The keys of a sidecar: `title`, `subtitle`, `id`, the timing keys, `detail`, `motion`, `focus`, `direction`
    /// and `lang`, each optional, checked as a config card's are.
    static let sidecarSchema = ObjectSchema<SidecarText>([
        .init("title", expected: "a non-empty string") { text, value, path, validator in
            text.title = validator.text(value, at: path, nonEmpty: true)
        },
        .init("subtitle", expected: "a string") { text, value, path, validator in
            text.subtitle = validator.text(value, at: path)
        },
        .init("id", expected: "a non-empty string") { text, value, path, validator in
            text.id = validator.string(value, at: path, nonEmpty: true)
        },
    ] + KioskSchema.scheduleFields.map { $0.lifted(into: \SidecarText.schedule) } + [KioskSchema.detailField.lifted(into: \SidecarText.detail)]
      + KioskSchema.cardMotionFields.map { $0.lifted(into: \SidecarText.motion) }
      + [KioskSchema.sidecarDirectionField, KioskSchema.languageField.lifted(into: \SidecarText.lang)])

    /// The sidecar `file` with `contents` (as the loader read them, from a file of `size` bytes when known): its
    /// texts, or nil when it cannot be used, and a line for each problem. A sidecar with any error is not used at
    /// all, in one line naming the file and the first error (``ConfigDiagnostic/failsCheck``); unknown keys are a
    /// line each and do not stop it.
    static func parseSidecar(_ contents: Result<[UInt8], FolderReadProblem>?, size: Int? = nil,
                             file: String) -> (text: SidecarText?, problems: [ConfigDiagnostic]) {
        let fallback = "; the card uses its fallback title"
        let bytes: [UInt8]
        switch contents {
        case nil:
            return (nil, [])
        case .failure(let problem)?:
            return (nil, [ConfigDiagnostic(file: file, path: "(file)", message: "cannot read the sidecar: \(problem.reason)\(fallback)",
                                           failsCheck: true)])
        case .success(let read)?:
            bytes = read
        }
        guard bytes.count <= Limits.sidecarBytes else {
            // Only the first bytes past the limit were read: the size is the file's, or unknown.
            let found = size.flatMap { $0 >= bytes.count ? "\($0) bytes" : nil } ?? "more than \(Limits.sidecarBytes) bytes"
            return (nil, [ConfigDiagnostic(file: file, path: "(file)",
                                           message: "\(found) is over the limit of \(Limits.sidecarBytes / 1024) KiB for a sidecar\(fallback)",
                                           failsCheck: true)])
        }
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(bytes)
        } catch {
            return (nil, [ConfigDiagnostic(file: file, path: "line \(error.line), column \(error.column)", message: error.message + fallback,
                                           failsCheck: true)])
        }
        var validator = ConfigValidator(file: file, document: document)
        var text = SidecarText()
        validator.decodeObject(document.root, at: .root, schema: sidecarSchema, into: &text)
        guard let first = validator.errors.first else { return (text, validator.warnings) }
        let more = validator.errors.count > 1 ? " (and \(validator.errors.count - 1) more)" : ""
        var line = first
        line.message += more + fallback
        line.failsCheck = true
        return (nil, validator.warnings + [line])
    }

    /// The title a file name gives: the name without its extension, with `_` and `-` read as spaces, tidied
    /// (``EmbeddedTitle/tidy(_:)``); the whole name when that leaves nothing.
    public static func fileNameTitle(_ name: String) -> String {
        let stem = splitExtension(name).stem
        var spaced = String.UnicodeScalarView()
        for scalar in stem.unicodeScalars { spaced.append(scalar == "_" || scalar == "-" ? " " : scalar) }
        return EmbeddedTitle.tidy(String(spaced)) ?? EmbeddedTitle.tidy(name) ?? "Untitled"
    }

    /// Whether the file name `a` comes before `b` in natural order: runs of ASCII digits compare as numbers
    /// (`img2` before `img10`; `007` and `7` are equal there), other characters one by one with ASCII letters
    /// compared without case, a name that is a prefix of the other first; names equal so far are ordered by their
    /// bytes, so the order is total and the same on every machine.
    public static func naturallyPrecedes(_ a: String, _ b: String) -> Bool {
        naturallyPrecedes(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }

    /// ``naturallyPrecedes(_:_:)`` on the names' scalars.
    static func naturallyPrecedes(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar]) -> Bool {
        var i = 0, j = 0
        while i < x.count && j < y.count {
            if isDigit(x[i]) && isDigit(y[j]) {
                let (startX, startY) = (i, j)
                while i < x.count && isDigit(x[i]) { i += 1 }
                while j < y.count && isDigit(y[j]) { j += 1 }
                var (digitX, digitY) = (startX, startY)
                while digitX < i - 1 && x[digitX] == "0" { digitX += 1 }
                while digitY < j - 1 && y[digitY] == "0" { digitY += 1 }
                if i - digitX != j - digitY { return i - digitX < j - digitY }
                for k in 0..<(i - digitX) where x[digitX + k] != y[digitY + k] { return x[digitX + k].value < y[digitY + k].value }
                continue
            }
            let (foldedX, foldedY) = (folded(x[i]), folded(y[j]))
            if foldedX != foldedY { return foldedX < foldedY }
            i += 1
            j += 1
        }
        if i < x.count || j < y.count { return i == x.count }
        return x.lexicographicallyPrecedes(y) { $0.value < $1.value }  // Scalar order is UTF-8 byte order.
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    /// The scalar's value, ASCII capitals as their small letters.
    private static func folded(_ scalar: Unicode.Scalar) -> UInt32 {
        ("A"..."Z").contains(scalar) ? scalar.value + 32 : scalar.value
    }
}
