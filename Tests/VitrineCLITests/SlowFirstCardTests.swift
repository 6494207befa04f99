import Foundation
import Glibc
import Testing
import VitrineFixtures
import VitrineTestSupport

/// A stop signal while the first card's picture is still decoding: the decode is abandoned and the kiosk quits in
/// order, rather than waiting for the decode or dying of the signal.
@Suite(.serialized) struct SlowFirstCardTests {
    /// A one-card deck whose picture is slow to decode: a 7000x7000 16-bit PNG (49 megapixels, under the limit; 294
    /// MB of samples to inflate and shrink, several seconds), in a fresh temp folder.
    static func slowDeck() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-slow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let image = folder.appendingPathComponent("slow.png")
        try Data(ImageHeaders.blackPNG(width: 7000, height: 7000, bitDepth: 16)).write(to: image)
        let json = #"{"display": {"window": {"width": 600, "height": 400}}, "cards": [{"title": "Slow", "image": "slow.png"}]}"#
        let path = folder.appendingPathComponent("kiosk.json").path
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: [SIGTERM, SIGINT], [["--windowed", "600x400"], ["--kiosk"]])
    func aStopSignalDuringTheFirstCardsDecodeAbandonsItAndQuitsCleanly(signal: Int32, mode: [String]) throws {
        let config = try Self.slowDeck()
        let x = try XvfbSession()
        let app = try x.launchVitrine(["run", "--config", config, "--log-level", "debug"] + mode)
        // The window is made while the picture is still decoding (the start-up timeline says which came first).
        #expect(XvfbSession.eventually(10) { app.errors.contains("start-up: window and renderer made") }, "\(app.errors)")
        try #require(!app.errors.contains("start-up: first card decoded"), "the picture decoded before the signal: \(app.errors)")
        kill(app.process.processIdentifier, signal)
        #expect(app.wait(seconds: 10) == 0, "signal \(signal) did not exit 0: \(app.errors)")
        #expect(app.errors.contains("stopping (signal \(signal)) while starting: the image decodes under way are abandoned"))
        #expect(app.errors.contains("stopped by signal \(signal)"), "\(app.errors)")
    }
}
