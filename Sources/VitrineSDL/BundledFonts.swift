import Glibc
import VitrineCore

/// Finds the fonts Vitrine ships in `Assets/Fonts`, so every machine draws the same glyphs.
public enum BundledFonts {
    /// The file name of each bundled weight.
    public static let fileNames: [FontWeight: String] = [.regular: "DejaVuSans.ttf", .bold: "DejaVuSans-Bold.ttf"]
    /// How many folders up from the executable's own `Assets/Fonts` are searched.
    static let foldersAboveExecutable = 6

    /// The folders searched, in order, each once: `$VITRINE_ASSETS/Fonts`, then `Assets/Fonts` in the executable's
    /// folder and the folders above it (a SwiftPM build lives in `.build/…` inside the checkout), then
    /// `share/vitrine/Fonts` beside the executable's `bin` folder (where `make install` puts them for any `PREFIX`),
    /// then `Assets/Fonts` in the working directory, then `/usr/share/vitrine/Fonts`.
    public static func searchFolders() -> [String] {
        searchFolders(assets: getenv("VITRINE_ASSETS").map { String(cString: $0) }, executable: executablePath(),
                      workingDirectory: currentDirectory())
    }

    /// The folders searched for an `assets` variable, an executable at `executable` (absolute, links resolved) and a
    /// working directory (nil when it cannot be named).
    static func searchFolders(assets: String?, executable: String, workingDirectory: String?) -> [String] {
        var folders: [String] = []
        if let assets, !assets.isEmpty {
            folders.append(assets + "/Fonts")
        }
        let executableFolder = parent(of: executable)
        var dir = executableFolder
        for _ in 0..<foldersAboveExecutable {
            folders.append(join(dir, "Assets/Fonts"))
            dir = parent(of: dir)
        }
        folders.append(join(parent(of: executableFolder), "share/vitrine/Fonts"))
        if let workingDirectory { folders.append(join(workingDirectory, "Assets/Fonts")) }
        folders.append("/usr/share/vitrine/Fonts")
        var seen: Set<String> = []
        return folders.filter { seen.insert($0).inserted }
    }

    /// The bundled font files, or an error naming every folder that was searched.
    public static func locate() throws(SDLError) -> [FontWeight: String] {
        let folders = searchFolders()
        for folder in folders {
            let paths = fileNames.mapValues { folder + "/" + $0 }
            if paths.values.allSatisfy({ access($0, R_OK) == 0 }) { return paths }
        }
        throw SDLError(operation: "locating fonts",
                       message: "\(fileNames.values.sorted().joined(separator: " and ")) not found in: \(folders.joined(separator: ", ")); set VITRINE_ASSETS to the Assets folder")
    }

    /// The running executable's absolute path with symbolic links resolved: `/proc/self/exe`, or else the program's
    /// first argument resolved against the working directory.
    static func executablePath() -> String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
        }
        if length > 0 { return String(decoding: buffer[..<length], as: UTF8.self) }
        let argument = CommandLine.arguments.first ?? "."
        if let resolved = realpath(argument, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        return argument.hasPrefix("/") ? argument : join(currentDirectory() ?? "/", argument)
    }

    /// The working directory, or nil when it cannot be named (it was deleted, or its path is too long).
    static func currentDirectory() -> String? {
        guard let cwd = getcwd(nil, 0) else { return nil }
        defer { free(cwd) }
        return String(cString: cwd)
    }

    /// The folder that holds `path`: `/a/b` for `/a/b/c`, `/` for `/a` and for `/`.
    static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let folder = trimmed[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    /// `name` inside `folder`, with one slash between them.
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
