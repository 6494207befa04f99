import Foundation
import Testing
@testable import VitrineCore
@testable import VitrineSystem

@Suite struct KioskConfigLoadTests {
    /// A fresh empty folder under the system temporary folder.
    func makeFolder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// The error loading `path` fails with, or nil when it loads.
    func loadError(_ path: String) -> ConfigError? {
        do {
            _ = try KioskConfig.load(path: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func loadsAFileAndResolvesImagesAgainstItsFolder() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/kiosk.json"
        try #"{"cards": [{"title": "T", "image": "images/t.jpg"}], "extra": 1}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let (config, warnings) = try KioskConfig.load(path: path)
        #expect(config.file == path)
        #expect(config.cards == [CardConfig(title: "T", image: folder + "/images/t.jpg")])
        #expect(warnings.map(\.path) == ["extra"])
        #expect(warnings.first?.file == path)
    }

    @Test func missingFileIsUnreadableWithExitCode66() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/nope.json"
        let error = try #require(loadError(path))
        #expect(error.kind == .unreadable)
        #expect(error.exitCode == 66)
        #expect(error.diagnostics == [ConfigDiagnostic(
            file: path, path: "(file)", message: "cannot read the config file \"\(path)\": No such file or directory")])
        #expect(error.description == "\(path): (file): cannot read the config file \"\(path)\": No such file or directory")
    }

    @Test func anEmptyDirectoryIsAnEmptyFolderDeck() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (config, warnings) = try KioskConfig.load(path: folder)
        #expect(config.cards.isEmpty)
        #expect(config.folder == FolderSource(path: folder))
        #expect(warnings.isEmpty)
    }

    @Test func malformedFileIsInvalidWithExitCode65() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/broken.json"
        try "{\"cards\": [,]}".write(toFile: path, atomically: true, encoding: .utf8)
        let error = try #require(loadError(path))
        #expect(error.kind == .invalid)
        #expect(error.exitCode == 65)
        #expect(error.diagnostics.first?.path == "line 1, column 12")
    }

    @Test func emptyFileIsInvalid() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/empty.json"
        try "".write(toFile: path, atomically: true, encoding: .utf8)
        let error = try #require(loadError(path))
        #expect(error.kind == .invalid)
        #expect(error.diagnostics.first?.path == "line 1, column 1")
    }

    @Test func readsAWholeFileOfAnySize() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for size in [0, 1, 65_535, 65_536, 200_003] {
            let path = folder + "/file-\(size)"
            let contents = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            try Data(contents).write(to: URL(fileURLWithPath: path))
            #expect(try FileDescriptor.readFile(atPath: path) == contents, "\(size) bytes")
        }
    }

    @Test func readsToTheEndAFileWhoseSizeIsNotKnownBeforehand() throws {
        // Files under /proc report a size of 0 and have text.
        let bytes = try FileDescriptor.readFile(atPath: "/proc/self/status")
        #expect(bytes.starts(with: Array("Name:".utf8)))
        #expect(bytes.count > 100)
        #expect(bytes.last == UInt8(ascii: "\n"))
    }
}
