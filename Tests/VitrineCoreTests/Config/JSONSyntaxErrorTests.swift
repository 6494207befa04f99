import Testing
@testable import VitrineCore

@Suite struct JSONSyntaxErrorTests {
    /// The error `text` fails with, or nil when it parses.
    func syntaxError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try JSONValue.parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func missingCommaBetweenMembersNamesLineAndColumn() {
        let text = "{\n  \"a\": 1,\n  \"b\": [1, 2] \"c\": 3\n}"
        #expect(syntaxError(text)?.description == "line 3, column 15: expected ',' or '}' after an object member, found '\"'")
    }

    @Test func trailingCommaInObject() {
        let error = syntaxError("{\"a\": 1,\n}")
        #expect(error == JSONSyntaxError(line: 2, column: 1,
                                         message: "expected a string key after ',' (trailing commas are not allowed), found '}'"))
    }

    @Test func trailingCommaInArray() {
        let error = syntaxError("[1, 2, ]")
        #expect(error?.description == "line 1, column 8: expected a value after ',' (trailing commas are not allowed), found ']'")
    }

    @Test func missingColon() {
        #expect(syntaxError("{\"title\" \"x\"}")?.description
                == "line 1, column 10: expected ':' after the object key \"title\", found '\"'")
    }

    @Test func unterminatedStringAtEndOfInput() {
        #expect(syntaxError("[\"abc")?.description
                == "line 1, column 6: expected '\"' to close the string that starts at line 1, column 2, found end of input")
    }

    @Test func unterminatedStringAtLineBreak() {
        let error = syntaxError("{\"title\": \"Turtle\n}")
        #expect(error?.line == 1)
        #expect(error?.column == 18)
        #expect(error?.message.hasPrefix("expected '\"' to close the string that starts at line 1, column 11, found a line break") == true)
    }

    @Test func badLiteral() {
        #expect(syntaxError("{\"wrap\": tru}")?.description
                == "line 1, column 10: expected a value for the key \"wrap\" (object, array, string, number, true, false or null), found 'tru'")
        #expect(syntaxError("[True]")?.column == 2)
        #expect(syntaxError("[nulll]")?.message.hasSuffix("found 'nulll'") == true)
    }

    @Test func garbageAfterValue() {
        #expect(syntaxError("{}\n  x")?.description == "line 2, column 3: expected nothing after the top-level value, found 'x'")
    }

    @Test func emptyInput() {
        #expect(syntaxError("   ")?.description
                == "line 1, column 4: expected a JSON value (object, array, string, number, true, false or null), found end of input")
    }

    @Test func columnsCountCharactersNotBytes() {
        #expect(syntaxError("[\"é€😀\" x]")?.column == 8)
    }

    @Test func badNumbers() {
        #expect(syntaxError("[-]")?.message == "expected a digit after '-', found ']'")
        #expect(syntaxError("[1.]")?.message == "expected a digit after the decimal point, found ']'")
        #expect(syntaxError("[1e+]")?.message == "expected a digit in the exponent, found ']'")
        #expect(syntaxError("[012]")?.message == "numbers must not have leading zeros")
        #expect(syntaxError("[1e999]")?.message == "the number 1e999 is too large")
        #expect(syntaxError("[.5]") != nil)
        #expect(syntaxError("[+1]") != nil)
    }

    @Test func badEscapes() {
        #expect(syntaxError(#"["\x"]"#)?.column == 3)
        #expect(syntaxError(#"["\u12G4"]"#)?.message == "expected four hex digits after '\\u', found 'G4'")
        #expect(syntaxError(#"["\uD83D"]"#)?.message == "expected a low surrogate \\uDC00-\\uDFFF after the high surrogate \\uD83D")
        #expect(syntaxError(#"["\uD83D\u0041"]"#)?.message
                == "expected a low surrogate \\uDC00-\\uDFFF after the high surrogate \\uD83D, found \\u0041")
        #expect(syntaxError(#"["\uDE00"]"#)?.message == "unpaired low surrogate \\uDE00; a low surrogate must follow a high one")
    }

    @Test func unescapedControlCharacterInString() {
        #expect(syntaxError("[\"a\tb\"]")?.message.contains("found a tab (control characters must be escaped)") == true)
    }

    @Test func invalidUTF8() {
        let bytes: [UInt8] = Array("[\"a".utf8) + [0xFF] + Array("\"]".utf8)
        #expect(throws: JSONSyntaxError(line: 1, column: 2, message: "the string contains bytes that are not valid UTF-8")) {
            try JSONValue.parse(bytes)
        }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = String(repeating: "[", count: 100_000)
        #expect(syntaxError(text)?.message == "nesting is deeper than 512 arrays and objects")
        let fine = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(syntaxError(fine) == nil)
    }

    @Test func missingKeyAndUnclosedContainers() {
        #expect(syntaxError("{1: 2}")?.message == "expected a string key or '}', found '1'")
        #expect(syntaxError("[1 2]")?.message == "expected ',' or ']' after an array element, found '2'")
        #expect(syntaxError("{\"a\": 1")?.message == "expected ',' or '}' after an object member, found end of input")
    }
}
