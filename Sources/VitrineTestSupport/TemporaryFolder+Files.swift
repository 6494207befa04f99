import Foundation
import VitrineSystem

/// The system target's temporary folder, named here so a test that imports only the test support can name it too
/// (a file that imports both sees one type: this alias is the same type, not a second one).
public typealias TemporaryFolder = VitrineSystem.TemporaryFolder

extension TemporaryFolder {
    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name` and returns its path.
    public func write(_ name: String, _ text: String) throws -> String {
        let file = file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }
}

/// A fresh folder under the system's temporary directory, removed with everything in it when `body` returns.
public func withTemporaryFolder<T>(_ body: (TemporaryFolder) throws -> T) throws -> T {
    let folder = try TemporaryFolder(prefix: "vitrine-tests")
    defer { folder.remove() }
    return try body(folder)
}
