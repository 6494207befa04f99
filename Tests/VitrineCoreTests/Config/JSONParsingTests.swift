import Testing
@testable import VitrineCore

@Suite struct JSONParsingTests {
    @Test func parsesEveryLiteralAndContainer() throws {
        let value = try JSONValue.parse(#" { "a": [1, true, false, null, "x", {}, []], "b": {"c": -2} } "#)
        #expect(value == .object([
            JSONMember(key: "a", value: .array([.number(1), .bool(true), .bool(false), .null, .string("x"), .object([]), .array([])])),
            JSONMember(key: "b", value: .object([JSONMember(key: "c", value: .number(-2))])),
        ]))
    }

    @Test func keepsObjectKeyOrderAndDuplicates() throws {
        let value = try JSONValue.parse(#"{"z": 1, "a": 2, "m": 3, "a": 4}"#)
        guard case .object(let members) = value else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["z", "a", "m", "a"])
        #expect(value["a"] == .number(4))
        #expect(value["missing"] == nil)
    }

    @Test func parsesTopLevelScalars() throws {
        #expect(try JSONValue.parse("42") == .number(42))
        #expect(try JSONValue.parse(" \"hi\" ") == .string("hi"))
        #expect(try JSONValue.parse("null") == .null)
        #expect(try JSONValue.parse("\n\ttrue\r\n") == .bool(true))
    }

    @Test(arguments: [
        ("0", 0.0), ("-0", -0.0), ("7", 7), ("-12", -12), ("3.25", 3.25), ("1e3", 1000), ("1E+2", 100),
        ("2.5e-3", 0.0025), ("-1.5E2", -150), ("123456789012345678901", 123456789012345678901.0),
        ("0.1", 0.1), ("1e-400", 0),
    ])
    func parsesNumbers(text: String, expected: Double) throws {
        #expect(try JSONValue.parse(text) == .number(expected))
    }

    @Test func decodesSimpleEscapes() throws {
        let value = try JSONValue.parse(#""q\" b\\ s\/ \b\f\n\r\t end""#)
        #expect(value == .string("q\" b\\ s/ \u{08}\u{0C}\n\r\t end"))
    }

    @Test func decodesUnicodeEscapesAndSurrogatePairs() throws {
        #expect(try JSONValue.parse(#""\u0041\u00e9\u20AC""#) == .string("Aé€"))
        #expect(try JSONValue.parse(#""\uD83D\uDE00!""#) == .string("😀!"))
        #expect(try JSONValue.parse(#""\u0000""#) == .string("\u{0}"))
    }

    @Test func keepsRawUTF8() throws {
        #expect(try JSONValue.parse(#"{"名前": "Crème brûlée 🍮"}"#)["名前"] == .string("Crème brûlée 🍮"))
    }

    @Test func skipsByteOrderMark() throws {
        #expect(try JSONValue.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number(1)]))
    }

    @Test func describesValueKinds() {
        #expect(JSONValue.number(1).kindDescription == "a number")
        #expect(JSONValue.object([]).kindDescription == "an object")
        #expect(JSONValue.null.kindDescription == "null")
    }
}
