extension KioskConfig {
    /// Validates config text already in memory; `file` names it in messages and anchors relative image paths.
    ///
    /// Every error is collected in one pass, in document order. Returns the config and any warnings.
    ///
    /// - Throws: `ConfigError` of kind `.invalid`, with a JSON syntax error or every validation error found.
    public static func decode(_ bytes: [UInt8], file: String) throws(ConfigError) -> (config: KioskConfig, warnings: [ConfigDiagnostic]) {
        let document: JSONDocument
        do {
            document = try JSONDocument.parse(bytes)
        } catch {
            let diagnostic = ConfigDiagnostic(file: file, path: "line \(error.line), column \(error.column)", message: error.message)
            throw ConfigError(kind: .invalid, diagnostics: [diagnostic])
        }

        var validator = ConfigValidator(file: file, document: document)
        var draft = KioskSchema.RootDraft(images: ImageFolder(configFile: file))
        validator.decodeObject(document.root, at: .root, schema: KioskSchema.root, into: &draft)
        if let home = draft.autoplay?.home, let count = draft.cardCount, count > 0, home >= count {
            validator.error(ConfigPath.root.appending(key: "autoplay").appending(key: "home"),
                            "card \(home) does not exist: the deck has \(count) cards, numbered 0 to \(count - 1)",
                            insertingAt: draft.autoplayErrorIndex)
        }
        if draft.sync != nil, draft.mqtt == nil {
            validator.error(ConfigPath.root.appending(key: "sync"),
                            "a group needs \"mqtt\": its commands travel through the broker")
        }
        guard validator.errors.isEmpty, let cards = draft.cards else {
            throw ConfigError(kind: .invalid, diagnostics: validator.errors, warnings: validator.warnings)
        }
        // The deck's texts in one string (CardConfig.packing): a large deck keeps half the memory.
        var config = KioskConfig(cards: CardConfig.packing(cards), display: draft.display, wrap: draft.wrap, file: file)
        config.autoplay = draft.autoplay
        config.controlSocket = draft.controlSocket
        config.folder = draft.folder
        config.mqtt = draft.mqtt
        config.sync = draft.sync
        config.transition = draft.transition
        config.accessibility = draft.accessibility
        config.style = draft.style
        config.overlay = draft.overlay
        return (config, validator.warnings)
    }

    /// `image` made usable from the working directory: kept when absolute, else joined to the folder of `file`;
    /// `.` segments and repeated slashes are removed (`..` is kept, since symbolic links make it ambiguous).
    static func resolveImagePath(_ image: String, relativeTo file: String) -> String {
        resolve(image, inFolder: folder(of: file))
    }

    /// The folder part of a file path: `a/b` for `a/b/c.json`, `/` for `/c.json`, empty for `c.json`.
    static func folder(of file: String) -> String {
        guard let slash = file.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        if slash == file.utf8.startIndex { return "/" }
        return String(file[..<slash])
    }

    /// Joins a relative `path` to `folder` (absolute paths stay as they are) and normalises the result.
    static func resolve(_ path: String, inFolder folder: String) -> String {
        if isNormalized(path.utf8) && isNormalized(folder.utf8) && !folder.isEmpty && !path.hasPrefix("/") {
            return folder == "/" ? "/" + path : folder + "/" + path
        }
        let isAbsolute = path.hasPrefix("/")
        let joined = isAbsolute || folder.isEmpty ? path : folder + "/" + path
        let isAbsoluteResult = joined.hasPrefix("/")
        let segments = joined.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        let body = segments.joined(separator: "/")
        if isAbsoluteResult { return "/" + body }
        return body.isEmpty ? "." : body
    }

    /// Whether the path spelt by the UTF-8 bytes `path` has no `.` segments, no empty segments and no trailing slash,
    /// so joining needs no clean-up.
    static func isNormalized<Bytes: Sequence<UInt8>>(_ path: Bytes) -> Bool {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var segmentLength = 0, segmentIsDot = false, position = 0
        for byte in path {
            if byte == slash {
                if (segmentLength == 0 && position > 0) || segmentIsDot { return false }
                segmentLength = 0
                segmentIsDot = false
            } else {
                segmentIsDot = segmentLength == 0 && byte == dot
                segmentLength += 1
            }
            position += 1
        }
        return segmentLength > 0 ? !segmentIsDot : position == 1  // only "/" ends in a slash and is normalized
    }
}

/// The folder relative image paths are resolved against, worked out once per config rather than once per card.
struct ImageFolder {
    /// The folder part of the config file's path (see ``KioskConfig/folder(of:)``).
    let path: String
    /// Whether a normalized relative path can simply be appended to `path`: it is normalized and not empty.
    private let joinsPlainly: Bool

    /// The folder of the config file at `configFile`.
    init(configFile: String) {
        path = KioskConfig.folder(of: configFile)
        joinsPlainly = !path.isEmpty && KioskConfig.isNormalized(path.utf8)
    }

    /// The image named by the string `image` of `document`, resolved as ``KioskConfig/resolve(_:inFolder:)`` does;
    /// the common case, a tidy relative path, becomes one exactly-sized string with no intermediate ones.
    func resolve(_ image: JSONDocument.Node, in document: JSONDocument) -> String {
        document.withUTF8(image) { bytes in
            guard joinsPlainly, bytes.first != UInt8(ascii: "/"), KioskConfig.isNormalized(bytes) else {
                return KioskConfig.resolve(String(decoding: bytes, as: UTF8.self), inFolder: path)
            }
            let folder = path == "/" ? "" : path
            return String(unsafeUninitializedCapacity: folder.utf8.count + 1 + bytes.count) { buffer in
                var end = buffer.initialize(fromContentsOf: folder.utf8)
                buffer[end] = UInt8(ascii: "/")
                end += 1
                return end + UnsafeMutableBufferPointer(rebasing: buffer[end...]).initialize(fromContentsOf: bytes)
            }
        }
    }
}
