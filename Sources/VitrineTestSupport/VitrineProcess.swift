import Foundation

/// Runs the built `vitrine` binary, as a user would.
public enum VitrineProcess {
    /// The checkout's root folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// The `vitrine` executable next to the test bundle (`swift build` puts them in one folder).
    public static var executable: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("vitrine").path
    }
}

/// Paths into the checkout, for configs written elsewhere.
public enum Checkout {
    /// An absolute path to one of the demo images.
    public static func demoImage(_ name: String) -> String { "\(VitrineProcess.root)/Assets/Demo/\(name).jpg" }
}
