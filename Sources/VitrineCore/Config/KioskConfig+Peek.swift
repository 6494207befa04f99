extension KioskConfig {
    /// The image path of the first card in config text, found without parsing the whole text: a guess to start
    /// decoding the first picture with while the config is validated.
    ///
    /// Scans the JSON only as far as `cards[0].image` and resolves it as ``load(path:)`` does (against the folder
    /// of `file`). Nil when the text does not get there, is malformed on the way, or the path has escapes. Only
    /// the validated config is authoritative: a caller checks the guess against it.
    public static func peekFirstCardImage(_ bytes: [UInt8], file: String) -> String? {
        var scanner = FirstImageScanner(bytes: bytes)
        guard let raw = scanner.run() else { return nil }
        return resolveImagePath(raw, relativeTo: file)
    }
}

/// Walks JSON tokens, keeping the path of open containers, until the string at `cards[0].image`.
private struct FirstImageScanner {
    /// One open container: an object with its latest key, or an array with the index of the current element.
    enum Level {
        case object(key: String?, expectingKey: Bool)
        case array(index: Int)
    }

    let bytes: [UInt8]
    var i = 0
    var levels: [Level] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Whether the open containers are the root object at `cards`, its array at element 0 and that element's
    /// object at `image`, waiting for a value.
    var atFirstImage: Bool {
        guard levels.count == 3,
              case .object(let rootKey, false) = levels[0], rootKey == "cards",
              case .array(0) = levels[1],
              case .object(let cardKey, false) = levels[2], cardKey == "image" else { return false }
        return true
    }

    /// Whether the scan went past the first card, so it will not find the image any more.
    var pastFirstCard: Bool {
        guard levels.count >= 2, case .object(let rootKey, _) = levels[0], rootKey == "cards",
              case .array(let index) = levels[1] else { return false }
        return index > 0
    }

    mutating func run() -> String? {
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                i += 1
            case UInt8(ascii: "{"):
                levels.append(.object(key: nil, expectingKey: true))
                i += 1
            case UInt8(ascii: "["):
                levels.append(.array(index: 0))
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard levels.popLast() != nil else { return nil }
                i += 1
            case UInt8(ascii: ","):
                switch levels.last {
                case .object(let key, _)?: levels[levels.count - 1] = .object(key: key, expectingKey: true)
                case .array(let index)?: levels[levels.count - 1] = .array(index: index + 1)
                case nil: return nil
                }
                if pastFirstCard { return nil }
                i += 1
            case UInt8(ascii: ":"):
                guard case .object(let key, true)? = levels.last else { return nil }
                levels[levels.count - 1] = .object(key: key, expectingKey: false)
                i += 1
            case UInt8(ascii: "\""):
                let isKey: Bool
                if case .object(_, true)? = levels.last { isKey = true } else { isKey = false }
                let wanted = !isKey && atFirstImage
                guard let text = string() else { return nil }
                if isKey {
                    levels[levels.count - 1] = .object(key: text, expectingKey: true)  // With escapes: no key we want.
                } else if wanted {
                    return text
                }
            default:
                // A number, true, false or null: up to the next delimiter.
                if atFirstImage { return nil }
                while i < bytes.count, !Self.delimiters.contains(bytes[i]) { i += 1 }
            }
        }
        return nil
    }

    static let delimiters: Set<UInt8> = Set(" \n\r\t,:]}".utf8)

    /// The string starting at the quote at `i`, moving past it: nil when it does not end, `.some(nil)` when it
    /// has escapes (not worth unescaping for a guess) or raw control bytes (a NUL would cut the path short).
    mutating func string() -> String?? {
        let start = i + 1
        var j = start
        var escaped = false
        while j < bytes.count, bytes[j] != UInt8(ascii: "\"") {
            if bytes[j] == UInt8(ascii: "\\") || bytes[j] < 0x20 {
                escaped = true  // A raw control byte is invalid JSON: no guess from it either.
                j += bytes[j] < 0x20 ? 0 : 1
            }
            j += 1
        }
        guard j < bytes.count else { return nil }
        i = j + 1
        return .some(escaped ? nil : String(decoding: bytes[start..<j], as: UTF8.self))
    }
}
