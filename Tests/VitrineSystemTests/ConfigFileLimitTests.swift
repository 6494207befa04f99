import Foundation
import Testing
import VitrineCore
import VitrineSystem

/// ``Limits/configFileBytes``, at the limit and one byte past it, through the loader.
@Suite struct ConfigFileLimitTests {
    @Test func aConfigFileUpToTheLimitLoadsAndOnePastIsRefused() throws {
        let temporary = try TemporaryFolder(prefix: "vitrine-limits"), folder = temporary.path
        defer { temporary.remove() }
        let text = #"{"cards": []}"#
        let atLimit = text + String(repeating: " ", count: Limits.configFileBytes - text.utf8.count)
        let path = folder + "/kiosk.json"
        try atLimit.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try KioskConfig.load(path: path).config.cards.isEmpty)
        try (atLimit + " ").write(toFile: path, atomically: false, encoding: .utf8)
        do {
            _ = try KioskConfig.load(path: path)
            Issue.record("a config one byte over the limit loaded")
        } catch {
            #expect(error.kind == .unreadable)
            #expect(error.diagnostics.map(\.message)
                    == ["cannot read the config file \"\(path)\": 16777217 bytes is over the limit of 16 MiB"])
        }
    }
}
