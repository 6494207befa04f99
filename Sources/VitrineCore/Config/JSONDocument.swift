/// A parsed JSON document kept flat: one 16-byte slot per value, in document order, with strings left in the text.
///
/// A container's slot is followed by its members (each a key slot, then the value's slots) or elements, and records
/// where its last descendant ends, so a reader can skip any value in one step. A string is a range of the source
/// text, or of `unescaped` when it had escapes. Parsing so costs a few growing arrays, however large the document,
/// and nothing has to be freed value by value; a reader makes a `String` only for what it keeps.
///
/// A class, so readers passing it around share one reference rather than copying three arrays.
final class JSONDocument {
    /// What a value is.
    enum Kind: UInt8 {
        case object, array, string, number, `true`, `false`, null

        /// The kind with an article, for messages: "an object", "a number", "null".
        var description: String {
            switch self {
            case .object: "an object"
            case .array: "an array"
            case .string: "a string"
            case .number: "a number"
            case .true, .false: "a boolean"
            case .null: "null"
            }
        }
    }

    /// A value in the document: the position of its slot.
    struct Node: Equatable {
        /// The position of the value's slot in ``JSONDocument/slots``.
        let index: Int
    }

    /// One value, packed.
    ///
    /// `header` holds the kind in its low 7 bits, whether a string lies in `unescaped` in bit 7, and above them a
    /// container's number of members or elements, or a string's length in bytes. `payload` holds a container's end
    /// (the slot after its last descendant), a string's byte offset, or a number's bit pattern.
    struct Slot {
        /// The kind, the `unescaped` flag and the count.
        var header: UInt64
        /// The end, offset or bit pattern.
        var payload: UInt64

        /// The bits of `header` that hold the kind.
        static let kindMask: UInt64 = 0x7F
        /// The bit of `header` set when a string's bytes lie in `unescaped`.
        static let unescapedFlag: UInt64 = 0x80
        /// Where the count starts in `header`.
        static let countShift: UInt64 = 8

        /// Packs a value's kind, count, payload and whether its string bytes lie in `unescaped`.
        init(kind: Kind, count: Int = 0, payload: UInt64 = 0, unescaped: Bool = false) {
            header = UInt64(kind.rawValue) | UInt64(count) << Slot.countShift | (unescaped ? Slot.unescapedFlag : 0)
            self.payload = payload
        }

        /// What the value is.
        var kind: Kind { Kind(rawValue: UInt8(truncatingIfNeeded: header & Slot.kindMask))! }
        /// A container's number of members or elements, a string's length in bytes, else 0.
        var count: Int { Int(truncatingIfNeeded: header >> Slot.countShift) }
        /// Whether a string's bytes lie in `unescaped` rather than in the text.
        var isUnescaped: Bool { header & Slot.unescapedFlag != 0 }
    }

    /// The source text, as parsed (a leading byte order mark included).
    let text: [UInt8]
    /// The decoded bytes of the strings that had escapes, one after another.
    let unescaped: [UInt8]
    /// Every value, in document order; the top-level value is the first.
    let slots: [Slot]

    /// A document of the parsed `text`, its strings' `unescaped` bytes and its `slots`.
    init(text: [UInt8], unescaped: [UInt8], slots: [Slot]) {
        self.text = text
        self.unescaped = unescaped
        self.slots = slots
    }

    /// The top-level value.
    var root: Node { Node(index: 0) }

    /// What `node` is.
    func kind(of node: Node) -> Kind { slots[node.index].kind }

    /// The number in `node`, or nil when it is not a number.
    func number(_ node: Node) -> Double? {
        let slot = slots[node.index]
        return slot.kind == .number ? Double(bitPattern: slot.payload) : nil
    }

    /// The boolean in `node`, or nil when it is not `true` or `false`.
    func bool(_ node: Node) -> Bool? {
        switch slots[node.index].kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// The number of members or elements of the container `node`, the length in bytes of the string `node`, else 0.
    func count(of node: Node) -> Int { slots[node.index].count }

    /// The slot after `node` and everything inside it: the next member's key, the next element, or the end.
    func end(of node: Node) -> Int {
        let slot = slots[node.index]
        switch slot.kind {
        case .object, .array: return Int(truncatingIfNeeded: slot.payload)
        default: return node.index + 1
        }
    }

    /// Calls `body` with the UTF-8 bytes (valid, escapes decoded) of the string `node`; it must be a string.
    func withUTF8<Result>(_ node: Node, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        let slot = slots[node.index]
        precondition(slot.kind == .string, "not a string")
        let start = Int(truncatingIfNeeded: slot.payload)
        return try (slot.isUnescaped ? unescaped : text).withUnsafeBufferPointer { buffer in
            try body(UnsafeBufferPointer(rebasing: buffer[start..<start + slot.count]))
        }
    }

    /// The string in `node`, or nil when it is not a string.
    func string(_ node: Node) -> String? {
        guard slots[node.index].kind == .string else { return nil }
        return withUTF8(node) { String(decoding: $0, as: UTF8.self) }
    }

    /// The members of the object `node` (it must be one), in document order, duplicates included.
    func members(of node: Node) -> Members {
        precondition(kind(of: node) == .object, "not an object")
        return Members(document: self, object: node)
    }

    /// The elements of the array `node` (it must be one), in order.
    func elements(of node: Node) -> Elements {
        precondition(kind(of: node) == .array, "not an array")
        return Elements(document: self, array: node)
    }

    /// The members of an object as `(key, value)` nodes; the key is a string node.
    struct Members: Sequence, IteratorProtocol {
        /// The document the object is in.
        let document: JSONDocument
        /// The slot of the next member's key.
        var position: Int
        /// How many members are left.
        var remaining: Int

        /// The members of `object`, which must be an object of `document`.
        init(document: JSONDocument, object: Node) {
            self.document = document
            position = object.index + 1
            remaining = document.count(of: object)
        }

        /// The next member's key and value, or nil after the last.
        mutating func next() -> (key: Node, value: Node)? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let key = Node(index: position), value = Node(index: position + 1)
            position = document.end(of: value)
            return (key, value)
        }
    }

    /// The elements of an array.
    struct Elements: Sequence, IteratorProtocol {
        /// The document the array is in.
        let document: JSONDocument
        /// The slot of the next element.
        var position: Int
        /// How many elements are left.
        var remaining: Int
        /// How many elements there are.
        let count: Int

        /// The elements of `array`, which must be an array of `document`.
        init(document: JSONDocument, array: Node) {
            self.document = document
            position = array.index + 1
            count = document.count(of: array)
            remaining = count
        }

        /// The next element, or nil after the last.
        mutating func next() -> Node? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            let element = Node(index: position)
            position = document.end(of: element)
            return element
        }
    }

    /// The value at `node` as a `JSONValue` tree.
    func value(_ node: Node) -> JSONValue {
        switch kind(of: node) {
        case .object:
            var members: [JSONMember] = []
            members.reserveCapacity(count(of: node))
            for (key, value) in self.members(of: node) {
                members.append(JSONMember(key: string(key)!, value: self.value(value)))
            }
            return .object(members)
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(count(of: node))
            for element in self.elements(of: node) { elements.append(value(element)) }
            return .array(elements)
        case .string: return .string(string(node)!)
        case .number: return .number(number(node)!)
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .null: return .null
        }
    }
}
