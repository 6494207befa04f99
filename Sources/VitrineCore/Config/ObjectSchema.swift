/// The keys an object may hold: a table, so a new key is one more row.
struct ObjectSchema<Target>: Sendable {
    /// One key, whether it must be present, and how its value is checked and stored.
    struct Field: Sendable {
        /// The key as written in JSON.
        let key: String
        /// Whether leaving the key out is an error.
        let isRequired: Bool
        /// What the value should be, for the missing-key message: "a non-empty string".
        let expected: String
        /// Whether the key is named in the known keys an unknown key's warning lists or suggests (an old name is not).
        let isListed: Bool
        /// Checks the value at the given path and stores it into the target, or records errors.
        let apply: @Sendable (inout Target, JSONDocument.Node, ConfigPath, inout ConfigValidator) -> Void

        init(_ key: String, required: Bool = false, expected: String, listed: Bool = true,
             apply: @escaping @Sendable (inout Target, JSONDocument.Node, ConfigPath, inout ConfigValidator) -> Void) {
            self.key = key
            self.isRequired = required
            self.expected = expected
            self.isListed = listed
            self.apply = apply
        }
    }

    /// The fields, in the order known keys are listed in messages (at most 64, all ASCII).
    let fields: [Field]
    /// Every field's key in UTF-8, one after another, to match keys in the document without making strings of them.
    private let keyBytes: [UInt8]
    /// Where each field's key ends in `keyBytes`.
    private let keyEnds: [Int]

    init(_ fields: [Field]) {
        precondition(fields.count <= 64, "an object schema tracks at most 64 keys")
        precondition(fields.allSatisfy { $0.key.utf8.allSatisfy { $0 < 0x80 } }, "an object schema's keys are ASCII")
        self.fields = fields
        keyBytes = fields.flatMap(\.key.utf8)
        keyEnds = fields.indices.map { index in fields[...index].reduce(0) { $0 + $1.key.utf8.count } }
    }

    /// The position of the field named by the string `key` of `document`, and the key as text; nil for an unknown key.
    ///
    /// Keys compare as `String`s do (by canonical equivalence). Every known key is ASCII, so comparing bytes is the
    /// same for an ASCII key; only a key with other characters is made into a string to compare.
    func field(named key: JSONDocument.Node, in document: JSONDocument) -> (index: Int, key: String)? {
        let byBytes: (index: Int?, isASCII: Bool) = document.withUTF8(key) { bytes in
            let index = keyBytes.withUnsafeBufferPointer { keys -> Int? in
                var start = 0
                for (index, end) in keyEnds.enumerated() {
                    if end - start == bytes.count, UnsafeBufferPointer(rebasing: keys[start..<end]).elementsEqual(bytes) { return index }
                    start = end
                }
                return nil
            }
            return index != nil ? (index, true) : (nil, bytes.allSatisfy { $0 < 0x80 })
        }
        if let index = byBytes.index { return (index, fields[index].key) }
        if byBytes.isASCII { return nil }
        let text = document.string(key)!
        return fields.firstIndex { $0.key == text }.map { ($0, text) }
    }
}

extension ObjectSchema.Field {
    /// This key for an object that keeps what it checks in its `part`: one table of keys serves several objects
    /// (a card's timing keys in the config's cards and in a folder deck's sidecars).
    func lifted<Outer>(into part: WritableKeyPath<Outer, Target> & Sendable) -> ObjectSchema<Outer>.Field {
        let apply = self.apply
        return .init(key, required: isRequired, expected: expected, listed: isListed) { outer, value, path, validator in
            apply(&outer[keyPath: part], value, path, &validator)
        }
    }
}
