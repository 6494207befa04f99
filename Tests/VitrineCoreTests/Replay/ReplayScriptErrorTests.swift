import Testing
@testable import VitrineCore

/// Scripts that do not parse: the file, the physical line and what is wrong.
@Suite struct ReplayScriptErrorTests {
    /// The error `text` fails with, or nil when it parses.
    func failure(_ text: String, file: String = "demo.replay") -> ReplayScriptError? {
        do {
            _ = try ReplayScript.parse(text, file: file)
            return nil
        } catch {
            return error
        }
    }

    /// The message for a one-line script, checking that the error is on line 1 of "demo.replay".
    func message(_ line: String) -> String? {
        guard let error = failure(line) else { return nil }
        #expect(error.file == "demo.replay")
        #expect(error.line == 1)
        return error.message
    }

    @Test func descriptionNamesFileLineAndMessage() {
        let error = failure("# header\n\n{\"at\":1,\"key\":\"tab\"}", file: "scripts/demo.replay")
        #expect(error?.description
                == #"scripts/demo.replay: line 3: "key" must be one of right, left, pageup, pagedown, home, end, 1 to 9, escape, space, s"#)
    }

    @Test func lineNumbersCountEveryPhysicalLine() {
        let text = """
            {"at":0,"page":1}
            # comment

            // comment
            {"at":1,"page":2}

            {"at":2,"page":-1}
            """
        #expect(failure(text)?.line == 7)
    }

    @Test func malformedJSONMentionsTheColumn() throws {
        let error = try #require(failure(#"{"at":1,"key":"right"]"#))
        #expect(error.line == 1)
        #expect(error.message.hasPrefix("malformed JSON at column 22: "))
    }

    @Test func unterminatedObjectIsMalformed() {
        #expect(message(#"{"at":1,"key":"right""#)?.hasPrefix("malformed JSON at column") == true)
    }

    @Test
    func malformedJSONColumnCountsLeadingIndentation() throws {
        // The stray ']' is the 26th character of the physical line (22nd after the 4 spaces).
        let error = try #require(failure(#"    {"at":1,"key":"right"]"#))
        #expect(error.message.hasPrefix("malformed JSON at column 26: "))
    }

    @Test(arguments: [("[1,2]", "an array"), ("42", "a number"), (#""at""#, "a string"), ("null", "null"),
                      ("true", "a boolean")])
    func notAnObject(line: String, kind: String) {
        #expect(message(line) == "expected a JSON object, found \(kind)")
    }

    @Test(arguments: [#"{"key":"right"}"#, #"{"at":-0.5,"key":"right"}"#, #"{"at":"1","key":"right"}"#,
                      #"{"at":null,"key":"right"}"#])
    func missingOrNegativeAt(line: String) {
        #expect(message(line) == #""at" must be a time in seconds, 0 or more"#)
    }

    @Test func zeroActions() {
        #expect(message(#"{"at":1}"#) == "a line needs exactly one of touch, mouse, key, wheel, page, screenshot, reload, wait, control, group; found none")
        #expect(message(#"{"at":1,"x":0.5,"y":0.5}"#)?.hasSuffix("found none") == true)
    }

    @Test func twoActions() {
        #expect(message(#"{"at":1,"key":"right","page":2}"#)
                == "a line needs exactly one of touch, mouse, key, wheel, page, screenshot, reload, wait, control, group; found key, page")
    }

    @Test func unknownKey() {
        #expect(message(#"{"at":1,"key":"right","repeat":true}"#)
                == #"unknown key "repeat"; a line has "at" and one of touch, mouse, key, wheel, page, screenshot, reload, wait, control, group"#)
        #expect(message(#"{"at":1,"Key":"right"}"#)?.hasPrefix(#"unknown key "Key""#) == true)
    }

    @Test(arguments: [#""tap""#, #""DOWN""#, "1", "null"])
    func badTouchPhase(phase: String) {
        #expect(message(#"{"at":1,"touch":\#(phase),"x":0.5,"y":0.5}"#) == #""touch" must be "down", "move" or "up""#)
    }

    @Test func badMousePhase() {
        #expect(message(#"{"at":1,"mouse":"click","x":5,"y":5}"#) == #""mouse" must be "down", "move" or "up""#)
    }

    @Test(arguments: [(1.01, 0.5), (-0.01, 0.5), (0.5, 1.5), (0.5, -1), (960, 400)])
    func touchOutsideTheWindow(x: Double, y: Double) {
        #expect(message(#"{"at":1,"touch":"down","x":\#(x),"y":\#(y)}"#)
                == #"touch coordinates are normalized: "x" and "y" must be 0 to 1"#)
    }

    @Test(arguments: [#"{"at":1,"mouse":"down","x":5}"#, #"{"at":1,"mouse":"down","y":5}"#,
                      #"{"at":1,"mouse":"down","x":5,"y":"5"}"#])
    func mouseWithoutBothCoordinates(line: String) {
        #expect(message(line) == #""mouse" needs numbers "x" and "y""#)
    }

    @Test func touchWithoutY() {
        #expect(message(#"{"at":1,"touch":"up","x":0.5}"#) == #""touch" needs numbers "x" and "y""#)
    }

    @Test(arguments: ["tab", "10", "0", "", "up"])
    func unknownKeyName(name: String) {
        #expect(message(#"{"at":1,"key":"\#(name)"}"#)
                == #""key" must be one of right, left, pageup, pagedown, home, end, 1 to 9, escape, space, s"#)
    }

    @Test(arguments: [#"{"dx":1}"#, #"{"dy":1}"#, #"{"dx":1,"dy":"1"}"#, "3", "[1,0]"])
    func wheelWithoutBothDeltas(wheel: String) {
        #expect(message(#"{"at":1,"wheel":\#(wheel)}"#) == #""wheel" must be an object with numbers "dx" and "dy""#)
    }

    @Test(arguments: ["1.5", "-1", "-0.5", #""2""#, "1e10"])
    func pageMustBeAWholeCardNumber(page: String) {
        #expect(message(#"{"at":1,"page":\#(page)}"#) == #""page" must be a card number, 0 or more"#)
    }

    @Test(arguments: [#""""#, "1", "null"])
    func screenshotNeedsAPath(path: String) {
        #expect(message(#"{"at":1,"screenshot":\#(path)}"#) == #""screenshot" must be a file path"#)
    }

    @Test func timesMustNotGoBackwards() {
        let text = """
            {"at":1,"page":1}
            {"at":2,"page":2}
            # comment
            {"at":1.5,"page":3}
            """
        let error = failure(text)
        #expect(error?.line == 4)
        #expect(error?.message == #""at" 1.5 is earlier than the line before (2.0); lines must be in time order"#)
    }

    @Test func theFirstBadLineIsReported() {
        let text = """
            {"at":0,"page":1}
            {"at":1,"page":1.5}
            {"at":2,"key":"nope"}
            """
        #expect(failure(text)?.line == 2)
    }
}
