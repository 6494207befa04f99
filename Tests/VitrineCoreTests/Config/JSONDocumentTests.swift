import Testing
@testable import VitrineCore

@Suite struct JSONDocumentTests {
    /// The document of `text`, failing the test on a syntax error.
    func document(_ text: String) throws -> JSONDocument {
        try JSONDocument.parse(Array(text.utf8))
    }

    @Test func membersAndElementsSkipOverNestedValues() throws {
        let document = try document(#"{"a": [1, {"b": [null, []]}, true], "c": "x", "a": -2.5}"#)
        let members = Array(document.members(of: document.root))
        #expect(members.map { document.string($0.key) } == ["a", "c", "a"])
        #expect(document.count(of: document.root) == 3)

        let array = members[0].value
        #expect(document.kind(of: array) == .array)
        #expect(document.count(of: array) == 3)
        let elements = Array(document.elements(of: array))
        #expect(elements.map { document.kind(of: $0) } == [.number, .object, .true])
        #expect(document.number(elements[0]) == 1)
        #expect(document.bool(elements[2]) == true)
        #expect(document.end(of: array) == members[1].key.index, "the next key follows the array's last descendant")

        #expect(document.string(members[1].value) == "x")
        #expect(document.number(members[2].value) == -2.5)
        #expect(document.string(members[2].value) == nil)
        #expect(document.end(of: document.root) == document.slots.count)
    }

    @Test func stringsWithoutEscapesStayInTheText() throws {
        let document = try document(#"["plain é", "tab\tand \u00e9"]"#)
        let elements = Array(document.elements(of: document.root))
        #expect(document.slots[elements[0].index].isUnescaped == false)
        #expect(document.count(of: elements[0]) == "plain é".utf8.count)
        #expect(document.string(elements[0]) == "plain é")
        #expect(document.slots[elements[1].index].isUnescaped == true)
        #expect(document.string(elements[1]) == "tab\tand é")
        #expect(document.unescaped == Array("tab\tand é".utf8))
    }

    @Test func buildsTheSameTreeAsItWasWritten() throws {
        let document = try document(#" {"k": [{"x": false}, "s", 3, null, {}]} "#)
        #expect(document.value(document.root) == .object([
            JSONMember(key: "k", value: .array([.object([JSONMember(key: "x", value: .bool(false))]), .string("s"), .number(3), .null, .object([])])),
        ]))
    }

    /// Byte sequences at the edges of well-formed UTF-8: overlong forms, surrogates, the last scalar and past it,
    /// truncated and stray continuation bytes.
    static let utf8Edges: [[UInt8]] = [
        [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xEF, 0xBF, 0xBF],
        [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xF0, 0x80, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF],
        [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xE2, 0x82], [0x80],
        [0xBF, 0x41], [0xC3], [0x41, 0xC3, 0x41], [0xFE], [0xFF],
    ]

    @Test(arguments: utf8Edges)
    func acceptsExactlyTheUTF8ThatStringAccepts(bytes: [UInt8]) {
        let valid = String(validating: bytes, as: UTF8.self) != nil
        for prefix in [Array("\"a".utf8), Array("\"\\n".utf8)] {  // in the text, and decoded with an escape
            let parsed = Result { () throws(JSONSyntaxError) in try JSONValue.parse(prefix + bytes + [UInt8(ascii: "\"")]) }
            switch parsed {
            case .success(let value): #expect(valid, "accepted \(bytes)"); #expect(value.kindDescription == "a string")
            case .failure(let error): #expect(!valid, "rejected \(bytes): \(error)")
            }
        }
    }
}
