/// A file path as the system sees it: compared and hashed byte for byte, by its UTF-8 bytes.
///
/// Swift's `String` equality is for text: it treats canonically equivalent strings as equal, so `café.png` with a
/// precomposed é (NFC) equals `café.png` with `e` and a combining accent (NFD). On Linux those are two different
/// files. Every place Vitrine compares paths, keys a dictionary or a set by them, or matches a file name from the
/// system uses this, so `check`, `render` and `run` agree on which file a card shows.
public struct PathKey: Hashable, Sendable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path, for opening the file and for messages.
    public let path: String

    /// The key of `path`.
    public init(_ path: String) { self.path = path }

    /// The key of the path spelt by the UTF-8 `bytes` (invalid sequences become U+FFFD, and match no config path).
    public init<Bytes: Collection<UInt8>>(bytes: Bytes) { path = String(decoding: bytes, as: UTF8.self) }

    public init(stringLiteral path: String) { self.path = path }

    /// Whether two paths are the same bytes.
    public static func == (a: PathKey, b: PathKey) -> Bool { same(a.path, b.path) }

    /// Orders by bytes, as `ls` in the C locale does.
    public static func < (a: PathKey, b: PathKey) -> Bool { a.path.utf8.lexicographicallyPrecedes(b.path.utf8) }

    /// Hashes the bytes and then their count: without the count, keys hashed together (an array of keys, a struct
    /// of two) whose bytes split at another place, such as `"/a/b"`, `"c"` and `"/a/"`, `"bc"`, would always collide.
    public func hash(into hasher: inout Hasher) {
        var path = path
        path.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(path.utf8.count)
    }

    public var description: String { path }

    /// Whether the paths `a` and `b` are the same bytes (not merely canonically equivalent text).
    public static func same(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)  // Lengths first: a quick no for most pairs.
    }
}
