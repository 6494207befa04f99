import Foundation
import Testing
import VitrineTestSupport

/// Fontconfig's global state (its configuration, loaded once) is per process, so its failure modes are tried here,
/// in child processes.
@Suite struct FontFallbackProcessTests {
    /// A fontconfig configuration that loads and lists no font directory: fontconfig works but finds no fonts.
    static let noFontsConfig = #"<?xml version="1.0"?><fontconfig></fontconfig>"#

    /// Renders a card titled in Chinese and Korean with `environment` added; returns the result and the PNG.
    private func renderCJK(in folder: TemporaryFolder, name: String, environment: [String: String]) throws -> (ProcessResult, Data?) {
        let config = try folder.write("cjk.json", """
            {"cards": [{"title": "长城 경복궁 Great Wall", "subtitle": "万里长城", "image": "\(Checkout.demoImage("ember-mesa"))"}]}
            """)
        let output = folder.file(name)
        let result = try VitrineProcess.run(["render", "--config", config, "--size", "300x200", "--output", output],
                                            environment: VitrineProcess.noDisplay.merging(environment) { $1 }, timeout: .seconds(10))
        #expect(!result.timedOut)
        return (result, FileManager.default.contents(atPath: output))
    }

    @Test func withoutSystemFontsTextDegradesToTheBundledFaces() throws {
        try withTemporaryFolder { folder in
            let emptyConfig = try folder.write("fonts.conf", Self.noFontsConfig)
            let (normal, withFallback) = try renderCJK(in: folder, name: "fallback.png", environment: [:])
            let (degraded, bundledOnly) = try renderCJK(in: folder, name: "bundled.png", environment: ["FONTCONFIG_FILE": emptyConfig])
            #expect(normal.code == 0 && degraded.code == 0, "stderr: \(normal.err) \(degraded.err)")
            #expect(degraded.err.isEmpty)
            let a = try #require(withFallback), b = try #require(bundledOnly)
            #expect(PNGHeader(a) == PNGHeader(width: 300, height: 200) && PNGHeader(b) == PNGHeader(width: 300, height: 200))
            #expect(a != b, "the fallback faces draw the Han and Hangul glyphs the bundled boxes stand in for")
        }
    }

    @Test func aBrokenFontconfigConfigurationStillRenders() throws {
        try withTemporaryFolder { folder in
            let (result, png) = try renderCJK(in: folder, name: "frame.png", environment: ["FONTCONFIG_FILE": "/nonexistent/fonts.conf"])
            #expect(result.code == 0, "stderr: \(result.err)")
            #expect(png.flatMap(PNGHeader.init) == PNGHeader(width: 300, height: 200))
        }
    }
}
