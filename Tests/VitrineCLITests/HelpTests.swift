import Foundation
import Testing

/// Runs the built `vitrine` binary, as a user would.
enum VitrineProcess {
    /// The checkout's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The `vitrine` executable next to the test bundle (`swift build` puts them in one folder).
    static var executable: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("vitrine").path
    }
}

@Suite struct HelpTests {
    @Test(arguments: [["--help"], ["help"], ["run", "--help"], ["render", "--help"], ["replay", "--help"], ["check", "--help"], ["bench", "--help"]])
    func helpPrintsUsageAndSucceeds(arguments: [String]) throws {
        let result = try VitrineProcess.run(arguments, timeout: .seconds(10))
        #expect(result.code == 0)
        #expect(result.out.contains("usage: vitrine"))
    }
}
