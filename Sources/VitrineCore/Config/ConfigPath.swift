/// A place in the document, such as `cards[3].image`, kept in parts and rendered only when a diagnostic needs it.
///
/// Most values are fine, so building their paths eagerly would be wasted work on large decks.
struct ConfigPath: CustomStringConvertible {
    /// The rendered path up to the last index and key (empty at the root).
    private let base: String
    /// An array index after `base`, if any.
    private let index: Int?
    /// An object key after the index, if any.
    private let key: String?

    private init(base: String, index: Int?, key: String?) {
        self.base = base
        self.index = index
        self.key = key
    }

    /// The whole document.
    static let root = ConfigPath(base: "", index: nil, key: nil)

    /// The path of member `key` of the object here.
    func appending(key: String) -> ConfigPath {
        if self.key == nil { return ConfigPath(base: base, index: index, key: key) }
        return ConfigPath(base: rendered, index: nil, key: key)
    }

    /// The path of element `index` of the array here.
    func appending(index: Int) -> ConfigPath {
        if key == nil && self.index == nil { return ConfigPath(base: base, index: index, key: nil) }
        return ConfigPath(base: rendered, index: index, key: nil)
    }

    /// The same path with every part rendered, so that appending many indices to it renders it only once.
    func rendering() -> ConfigPath { ConfigPath(base: rendered, index: nil, key: nil) }

    /// The path as text, empty at the root.
    private var rendered: String {
        var text = base
        if let index { text = ConfigValidator.join(text, index: index) }
        if let key { text = ConfigValidator.join(text, key) }
        return text
    }

    /// The path as it reads in a diagnostic: `cards[3].image`, or `(root)` for the whole document.
    var description: String {
        let text = rendered
        return text.isEmpty ? "(root)" : text
    }
}
