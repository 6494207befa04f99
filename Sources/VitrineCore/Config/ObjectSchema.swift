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
        /// Checks the value at the given path and stores it into the target, or records errors.
        let apply: @Sendable (inout Target, JSONValue, ConfigPath, inout ConfigValidator) -> Void

        init(_ key: String, required: Bool = false, expected: String,
             apply: @escaping @Sendable (inout Target, JSONValue, ConfigPath, inout ConfigValidator) -> Void) {
            self.key = key
            self.isRequired = required
            self.expected = expected
            self.apply = apply
        }
    }

    /// The fields, in the order known keys are listed in messages (at most 64).
    let fields: [Field]

    init(_ fields: [Field]) {
        precondition(fields.count <= 64, "an object schema tracks at most 64 keys")
        self.fields = fields
    }

    /// The position of the field named `key`, or nil for an unknown key.
    func index(of key: String) -> Int? {
        for index in fields.indices where fields[index].key == key { return index }
        return nil
    }
}
