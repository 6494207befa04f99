import Foundation
import Glibc
import Testing
import VitrineFixtures
import VitrineSystem
import VitrineTestSupport

/// A stop signal while the first card's picture is still decoding: the decode is abandoned and the kiosk quits in
/// order, rather than waiting for the decode or dying of the signal.
@Suite(.serialized) struct SlowFirstCardTests {
    /// The slow picture: a 7000x7000 16-bit PNG (49 megapixels, under the limit; 294 MB of samples to inflate and
    /// shrink, about 3.5 s of CPU in a debug build). Made once: building it took this process 6-16 s a case on a
    /// loaded machine, four times the rest of the case, and it is the same picture every time.
    static let slowPicture = ImageHeaders.blackPNG(width: 7000, height: 7000, bitDepth: 16)

    /// A one-card deck whose picture is slow to decode, written in `folder`; the config's path.
    static func slowDeck(in folder: TemporaryFolder) throws -> String {
        try Data(slowPicture).write(to: URL(fileURLWithPath: folder.path + "/slow.png"))
        let json = #"{"display": {"window": {"width": 600, "height": 400}}, "cards": [{"title": "Slow", "image": "slow.png"}]}"#
        let path = folder.path + "/kiosk.json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: [SIGTERM, SIGINT], [["--windowed", "600x400"], ["--kiosk"]])
    func aStopSignalDuringTheFirstCardsDecodeAbandonsItAndQuitsCleanly(signal: Int32, mode: [String]) throws {
        let folder = try TemporaryFolder(prefix: "vitrine-slow")
        defer { folder.remove() }
        let config = try Self.slowDeck(in: folder)
        let x = try XvfbSession()
        let app = try x.launchVitrine(["run", "--config", config, "--log-level", "debug"] + mode)
        // The window is made while the picture is still decoding (the start-up timeline says which came first).
        try #require(XvfbSession.eventually(10) { app.errors.contains("start-up: window and renderer made") }, "no window: \(app.errors)")
        try #require(!app.errors.contains("start-up: first card decoded"), "the picture decoded before the signal: \(app.errors)")
        kill(app.process.processIdentifier, signal)
        #expect(app.wait(seconds: 10) == 0, "signal \(signal) did not exit 0: \(app.errors)")
        let errors = app.errors
        #expect(errors.contains("stopping (signal \(signal)) while starting: the image decodes under way are abandoned"), "\(errors)")
        // The decode gave up: it did not run to its end (or its time limit) while the kiosk waited.
        #expect(errors.contains("slow.png: decoding was abandoned: the picture is no longer wanted"), "\(errors)")
        #expect(errors.contains("stopped by signal \(signal)"), "\(errors)")
        // The start-up timeline says the decode did not happen, never that it did.
        let lines = errors.split(separator: "\n")
        #expect(!errors.contains("start-up: first card decoded"), "\(errors)")
        #expect(lines.contains { $0.contains("start-up: first card not decoded: ") && $0.contains("decoding was abandoned") }, "\(errors)")
        // The way out closes what start-up opened, last opened first, each once.
        let closed = lines.compactMap { line in
            line.firstRange(of: "start-up: closed: ").map { String(line[$0.upperBound...].split(separator: " at ")[0]) }
        }
        #expect(closed.first == "splash" && closed.dropFirst().first == "app" && closed.last == "start-up signal watch", "\(closed)")
        #expect(Set(closed).count == closed.count, "\(closed)")
        let order = ["first-card thread", "font faces", "SDL"].compactMap { closed.firstIndex(of: $0) }
        #expect(order.count == 3 && order == order.sorted(), "\(closed)")
    }
}
