import Foundation
import Testing
import VitrineTestSupport

/// A command line `vitrine` must refuse, and what its message must name.
struct UsageCase: Sendable, CustomTestStringConvertible {
    /// The arguments; `OUT` stands for a fresh PNG path, so a parser that wrongly accepts them writes nowhere shared.
    var arguments: [String]
    /// Text the error line must contain: the flag or value that is wrong.
    var mentions: [String]

    var testDescription: String { arguments.joined(separator: " ") }
}

@Suite struct UsageErrorTests {
    static let cases: [UsageCase] = [
        // Unknown command and unknown flags.
        UsageCase(arguments: ["frobnicate"], mentions: ["unknown command 'frobnicate'"]),
        UsageCase(arguments: ["render", "--bogus", "--output", "OUT"], mentions: ["'--bogus'", "'render'"]),
        UsageCase(arguments: ["run", "--bogus"], mentions: ["'--bogus'", "'run'"]),
        UsageCase(arguments: ["--bogus"], mentions: ["'--bogus'", "'run'"]),
        UsageCase(arguments: ["run", "stray"], mentions: ["'stray'"]),
        UsageCase(arguments: ["render", "--output=OUT"], mentions: ["'--output=OUT'"]),
        // Missing values, at the end or followed by another flag.
        UsageCase(arguments: ["render", "--output"], mentions: ["--output needs a value"]),
        UsageCase(arguments: ["render", "--page", "--output", "OUT"], mentions: ["--page needs a value"]),
        UsageCase(arguments: ["render", "--output", "OUT", "--size"], mentions: ["--size needs a value"]),
        UsageCase(arguments: ["run", "--config"], mentions: ["--config needs a value"]),
        UsageCase(arguments: ["run", "--windowed"], mentions: ["--windowed needs a value"]),
        // Required flag left out.
        UsageCase(arguments: ["render"], mentions: ["--output"]),
        UsageCase(arguments: ["render", "--page", "1"], mentions: ["--output"]),
        // Bad values.
        UsageCase(arguments: ["render", "--size", "0x5", "--output", "OUT"], mentions: ["--size", "'0x5'"]),
        UsageCase(arguments: ["render", "--size", "16385x10", "--output", "OUT"], mentions: ["--size", "'16385x10'"]),
        UsageCase(arguments: ["render", "--size", "8193x10", "--output", "OUT"], mentions: ["--size", "1 to 8192", "'8193x10'"]),
        UsageCase(arguments: ["render", "--size", "7681x4320", "--output", "OUT"], mentions: ["--size", "7680x4320", "'7681x4320'"]),
        UsageCase(arguments: ["render", "--size", "1200by800", "--output", "OUT"], mentions: ["--size", "'1200by800'"]),
        UsageCase(arguments: ["render", "--size", "1200x800x2", "--output", "OUT"], mentions: ["--size", "'1200x800x2'"]),
        UsageCase(arguments: ["render", "--page", "two", "--output", "OUT"], mentions: ["--page", "'two'"]),
        UsageCase(arguments: ["render", "--page", "1.5", "--output", "OUT"], mentions: ["--page", "'1.5'"]),
        UsageCase(arguments: ["render", "--offset", "half", "--output", "OUT"], mentions: ["--offset", "'half'"]),
        UsageCase(arguments: ["render", "--offset", "nan", "--output", "OUT"], mentions: ["--offset", "'nan'"]),
        UsageCase(arguments: ["render", "--offset", "inf", "--output", "OUT"], mentions: ["--offset", "'inf'"]),
        UsageCase(arguments: ["run", "--windowed", "wide"], mentions: ["--windowed", "'wide'"]),
        UsageCase(arguments: ["run", "--display", "-1"], mentions: ["--display takes a display number from 0 to 15", "'-1'"]),
        UsageCase(arguments: ["run", "--display", "second"], mentions: ["--display takes a display number from 0 to 15", "'second'"]),
        UsageCase(arguments: ["run", "--display", "1.5"], mentions: ["--display", "'1.5'"]),
        UsageCase(arguments: ["run", "--display", "16"], mentions: ["--display", "'16'"]),
        UsageCase(arguments: ["run", "--display"], mentions: ["--display needs a value"]),
        // render writes PNG: another picture format's name would mislead.
        UsageCase(arguments: ["render", "--output", "/tmp/frame.jpg"], mentions: ["render writes PNG", "'/tmp/frame.jpg'", ".jpg file"]),
        UsageCase(arguments: ["render", "--output", "shots/Frame.WEBP"], mentions: ["render writes PNG", ".WEBP file"]),
        // Flags that exclude each other.
        UsageCase(arguments: ["run", "--windowed", "800x600", "--fullscreen"], mentions: ["--windowed and --fullscreen"]),
    ]

    @Test(arguments: cases)
    func isRefusedWithExit64MessageAndUsage(_ usage: UsageCase) throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-usage-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let arguments = usage.arguments.map { $0.replacingOccurrences(of: "OUT", with: output) }
        let mentions = usage.mentions.map { $0.replacingOccurrences(of: "OUT", with: output) }

        let result = try VitrineProcess.run(arguments, timeout: .seconds(10))

        #expect(!result.timedOut)
        #expect(result.code == 64, "stderr: \(result.err)")
        #expect(result.out.isEmpty)
        let errors = result.messages("error")
        #expect(errors.count == 1, "stderr: \(result.err)")
        for text in mentions {
            #expect(errors.first?.contains(text) == true, "expected the error to name \(text); got \(errors)")
        }
        #expect(result.err.contains(VitrineProcess.usageFirstLine))
        #expect(!FileManager.default.fileExists(atPath: output), "a refused command line must not write its output")
    }

    /// `--windowed` and `--fullscreen` exclude each other in either order.
    @Test func fullscreenBeforeWindowedIsRefusedToo() throws {
        let result = try VitrineProcess.run(["run", "--fullscreen", "--windowed", "800x600"], timeout: .seconds(10))
        #expect(!result.timedOut)
        #expect(result.code == 64, "stderr: \(result.err)")
        #expect(result.messages("error").first?.contains("--windowed and --fullscreen") == true)
    }

    /// Usage errors are reported before the config is read, so a bad flag wins over a missing config.
    @Test func badFlagIsReportedBeforeTheConfigIsRead() throws {
        let result = try VitrineProcess.run(["render", "--config", "/nonexistent-dir/none.json", "--bogus"], timeout: .seconds(10))
        #expect(result.code == 64)
        #expect(!result.err.contains("none.json"))
    }

    /// A huge or multi-line argument is echoed shortened and escaped: one problem, one short line.
    @Test func aHugeArgumentIsEchoedShortOnOneLine() throws {
        let huge = "--" + String(repeating: "x", count: 100_000) + "\nsecond line"
        let result = try VitrineProcess.run(["check", huge], timeout: .seconds(10))
        #expect(result.code == 64)
        let errors = result.messages("error")
        #expect(errors.count == 1 && errors[0].count < 200, "\(errors.map(\.count))")
        #expect(errors.first?.contains("…") == true && errors.first?.hasSuffix("x\\nsecond line' for 'check'") == true)
        #expect(!result.err.contains("\nsecond line"))
    }
}
