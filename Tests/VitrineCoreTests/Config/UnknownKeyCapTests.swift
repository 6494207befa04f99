import Testing
@testable import VitrineCore

/// A document's unknown keys are each a warning up to ``Limits/unknownKeyWarnings``; the rest are counted in one
/// line, so a config of a million unknown keys is a few lines, not 184 MB of them.
@Suite struct UnknownKeyCapTests {
    /// A config with no cards and `count` unknown keys at its root, and `inDisplay` more in `display`.
    func config(unknown count: Int, inDisplay: Int = 0, extra: String = "") -> String {
        let keys = (0..<count).map { #""k\#($0)": 0"# }
        let display = (0..<inDisplay).map { #""d\#($0)": 0"# }
        return "{" + (keys + [#""cards": []"#, #""display": {\#(display.joined(separator: ", "))}"#]).joined(separator: ", ") + extra + "}"
    }

    @Test func upToTheLimitEveryUnknownKeyIsNamed() throws {
        let (_, warnings) = try decodeConfig(config(unknown: Limits.unknownKeyWarnings))
        #expect(warnings.count == Limits.unknownKeyWarnings)
        #expect(warnings.allSatisfy { $0.message.hasPrefix("unknown key") })
    }

    @Test func pastTheLimitTheRestAreCountedInOneLine() throws {
        let (_, warnings) = try decodeConfig(config(unknown: 1_000, inDisplay: 5))
        #expect(warnings.count == Limits.unknownKeyWarnings + 1)
        #expect(warnings.dropLast().allSatisfy { $0.message.hasPrefix("unknown key") })
        let last = try #require(warnings.last)
        #expect(last.description == "/kiosk/config.json: (root): and \(1_005 - Limits.unknownKeyWarnings) more unknown keys (ignored)")
    }

    @Test func theCountComesWithTheErrorsToo() throws {
        let error = try #require(configError(config(unknown: 100, extra: #", "wrap": 3"#)))
        #expect(error.diagnostics.map(\.path) == ["wrap"])
        #expect(error.warnings.count == Limits.unknownKeyWarnings + 1)
        #expect(error.warnings.last?.message == "and \(100 - Limits.unknownKeyWarnings) more unknown keys (ignored)")
    }

    @Test func aSidecarIsCappedAlike() {
        let text = "{" + (0..<500).map { #""s\#($0)": 0"# }.joined(separator: ", ") + #", "title": "Beach"}"#
        let (sidecar, problems) = FolderDeck.parseSidecar(.success(Array(text.utf8)), file: "/deck/beach.json")
        #expect(sidecar?.title == "Beach")
        #expect(problems.count == Limits.unknownKeyWarnings + 1)
        #expect(problems.last?.message == "and \(500 - Limits.unknownKeyWarnings) more unknown keys (ignored)")
    }
}
