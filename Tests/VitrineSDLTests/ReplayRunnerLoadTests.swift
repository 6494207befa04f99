import Foundation
import Testing
import VitrineCore
import VitrineSDL
import VitrineSystem

/// A replay reads configs as a window does.
@Suite struct ReplayRunnerLoadTests {
    @Test func aReplayReadsAConfigExactlyAsTheWindowDoes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-replay-load-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = "\(folder)/kiosk.json"
        try #"{"cards":[{"title":"Later","image":"later.jpg"}],"unknownKey":1}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let replay = try ReplayRunner.loadConfig(path).get()
        let window = try LoadedConfig.read(path).get()
        #expect(replay == window)
        #expect(replay.missingImages == [PathKey("\(folder)/later.jpg")], "the picture not there yet, which a reload waits for")
        #expect(!replay.warnings.isEmpty)
    }
}
