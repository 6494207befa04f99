import Foundation
import VitrineCore

/// Finds the fonts Vitrine ships in `Assets/Fonts`, so every machine draws the same glyphs.
public enum BundledFonts {
    /// The file name of each bundled weight.
    public static let fileNames: [FontWeight: String] = [.regular: "DejaVuSans.ttf", .bold: "DejaVuSans-Bold.ttf"]

    /// The folders searched, in order: `$VITRINE_ASSETS/Fonts`, then `Assets/Fonts` in the folders above the
    /// executable (a SwiftPM build lives in `.build/…` inside the checkout), then in the working directory.
    public static func searchFolders() -> [String] {
        var folders: [String] = []
        if let env = ProcessInfo.processInfo.environment["VITRINE_ASSETS"], !env.isEmpty {
            folders.append(env + "/Fonts")
        }
        var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            folders.append(dir.appendingPathComponent("Assets/Fonts").path)
            dir.deleteLastPathComponent()
        }
        folders.append(FileManager.default.currentDirectoryPath + "/Assets/Fonts")
        folders.append("/usr/share/vitrine/Fonts")
        return folders
    }

    /// The bundled font files, or an error naming every folder that was searched.
    public static func locate() throws(SDLError) -> [FontWeight: String] {
        let folders = searchFolders()
        for folder in folders {
            let paths = fileNames.mapValues { folder + "/" + $0 }
            if paths.values.allSatisfy({ FileManager.default.isReadableFile(atPath: $0) }) { return paths }
        }
        throw SDLError(operation: "locating fonts",
                       message: "\(fileNames.values.sorted().joined(separator: " and ")) not found in: \(folders.joined(separator: ", ")); set VITRINE_ASSETS to the Assets folder")
    }
}
