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

    /// Runs `vitrine arguments` in the checkout's root and returns its exit code, standard output and error.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> (code: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}

@Suite struct HelpTests {
    @Test(arguments: [["--help"], ["help"], ["run", "--help"], ["render", "--help"]])
    func helpPrintsUsageAndSucceeds(arguments: [String]) throws {
        let result = try VitrineProcess.run(arguments)
        #expect(result.code == 0)
        #expect(result.out.contains("usage: vitrine"))
    }
}
