extension ConfigValidator {
    /// The one line a URL given as a file path gets: Vitrine reads local files, and a synced folder deck is the way.
    static let remoteURLAdvice = "Vitrine shows local files only; put the pictures in a folder deck kept in sync "
        + "by rsync, Syncthing or rclone (see Docs/Operations.md, \"Feeding a folder deck\")"

    /// Whether the path `node` is not a URL (`scheme://…`, RFC 3986's scheme: a letter, then letters, digits, `+`,
    /// `-` or `.`); records one error naming it and the way to show remote pictures when it is.
    ///
    /// Read as a path, `https://example.com/a.jpg` became `https:/example.com/a.jpg: No such file`.
    mutating func refusesRemoteURL(_ node: JSONDocument.Node, at path: ConfigPath) -> Bool {
        guard document.withUTF8(node, ConfigValidator.startsWithScheme) else { return true }
        error(path, "\(Self.quoted(document.string(node) ?? "")) is a URL: \(Self.remoteURLAdvice)")
        return false
    }

    /// Whether `bytes` begin with a URL scheme and `://`.
    static func startsWithScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        guard let first = bytes.first, isLetter(first) else { return false }
        var index = 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") {
                return index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "/") && bytes[index + 2] == UInt8(ascii: "/")
            }
            guard isLetter(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: ".") else { return false }
            index += 1
        }
        return false
    }
}
