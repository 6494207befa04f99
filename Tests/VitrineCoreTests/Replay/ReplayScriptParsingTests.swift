import Testing
@testable import VitrineCore

/// Scripts that parse: every action kind, comments and blank lines, line numbers and the duration.
@Suite struct ReplayScriptParsingTests {
    /// The actions of `text`, which must parse.
    func actions(_ text: String) throws -> [ReplayAction] {
        try ReplayScript.parse(text, file: "t.replay").steps.map(\.action)
    }

    @Test func touchInAllThreePhasesWithNormalizedCoordinates() throws {
        let text = """
            {"at":0.10,"touch":"down","x":0.8,"y":0.5}
            {"at":0.20,"touch":"move","x":0,"y":1}
            {"at":0.30,"touch":"up","x":1,"y":0}
            """
        #expect(try actions(text) == [.touch(.down, x: 0.8, y: 0.5), .touch(.move, x: 0, y: 1), .touch(.up, x: 1, y: 0)])
    }

    @Test func mouseIsInPointsAndMayExceedOne() throws {
        let text = """
            {"at":0,"mouse":"down","x":960,"y":400}
            {"at":0.1,"mouse":"move","x":700.5,"y":401}
            {"at":0.2,"mouse":"up","x":-3,"y":2000}
            """
        #expect(try actions(text) == [.mouse(.down, x: 960, y: 400), .mouse(.move, x: 700.5, y: 401),
                                      .mouse(.up, x: -3, y: 2000)])
    }

    @Test func everyKeyName() throws {
        let names = ["right", "left", "pageup", "pagedown", "home", "end"] + (1...9).map(String.init)
        let text = names.map { #"{"at":1,"key":"\#($0)"}"# }.joined(separator: "\n")
        let expected: [ReplayAction] = [.key(.right), .key(.left), .key(.previous), .key(.next), .key(.first),
                                        .key(.last)] + (1...9).map { .key(.number($0)) }
        #expect(try actions(text) == expected)
    }

    @Test func keyNamesIgnoreCase() throws {
        #expect(try actions(#"{"at":1,"key":"PageDown"}"#) == [.key(.next)])
    }

    @Test func wheelPageAndScreenshot() throws {
        let text = """
            {"at":1,"wheel":{"dx":-1,"dy":0}}
            {"at":1,"wheel":{"dx":0,"dy":2.5}}
            {"at":1.1,"page":3}
            {"at":1.1,"page":0}
            {"at":1.2,"screenshot":"out/frame 1.png"}
            """
        #expect(try actions(text) == [.wheel(dx: -1, dy: 0), .wheel(dx: 0, dy: 2.5), .page(3), .page(0),
                                      .screenshot("out/frame 1.png")])
    }

    @Test func membersMayComeInAnyOrder() throws {
        let script = try ReplayScript.parse(#"{"y":0.5,"x":0.25,"touch":"down","at":2}"#, file: "t")
        #expect(script.steps == [ReplayStep(at: 2, line: 1, action: .touch(.down, x: 0.25, y: 0.5))])
    }

    @Test func blankLinesAndCommentsAreSkippedButCountedAsLines() throws {
        let text = """
            # A comment.
            // Another comment.

               \t
            {"at":0.5,"key":"right"}
              # An indented comment.
              {"at":1,"page":2}   \t
            //{"at":2,"page":1}
            """
        let script = try ReplayScript.parse(text, file: "t")
        #expect(script.steps == [ReplayStep(at: 0.5, line: 5, action: .key(.right)),
                                 ReplayStep(at: 1, line: 7, action: .page(2))])
    }

    @Test func emptyScriptHasNoStepsAndNoDuration() throws {
        #expect(try ReplayScript.parse("", file: "t") == ReplayScript(steps: []))
        #expect(try ReplayScript.parse("\n\n# nothing\n", file: "t").duration == 0)
    }

    @Test func equalTimesKeepTheirOrder() throws {
        let text = """
            {"at":1,"page":4}
            {"at":1,"page":2}
            {"at":1,"page":3}
            """
        #expect(try actions(text) == [.page(4), .page(2), .page(3)])
    }

    @Test func durationIsTheLastStepsTime() throws {
        let text = """
            {"at":0,"key":"right"}
            {"at":2.75,"screenshot":"a.png"}
            # trailing comment

            """
        #expect(try ReplayScript.parse(text, file: "t").duration == 2.75)
    }

    @Test func aTrailingNewlineAddsNoStep() throws {
        #expect(try ReplayScript.parse("{\"at\":0,\"page\":1}\n", file: "t").steps.count == 1)
    }

    @Test
    func crlfLineEndingsSplitLines() throws {
        let script = try ReplayScript.parse("{\"at\":0,\"page\":1}\r\n# c\r\n{\"at\":1,\"page\":2}\r\n", file: "t")
        #expect(script.steps == [ReplayStep(at: 0, line: 1, action: .page(1)), ReplayStep(at: 1, line: 3, action: .page(2))])
    }
}
