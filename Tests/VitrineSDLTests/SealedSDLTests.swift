import Foundation
import Testing

/// The SDL edge stays sealed: C modules are imported `internal`, and SDL, SDL_ttf and SDL_image are called only in
/// the files of the wrappers that own their pointers (see Docs/Architecture.md, "Rules that keep this true").
@Suite struct SealedSDLTests {

    /// The only files that may call SDL, SDL_ttf or SDL_image (`SDL_…`, `TTF_…`, `IMG_…`): the wrappers that own an
    /// SDL pointer, the library's start and stop, its error, and the one place that reads `SDL_Event`.
    static let sdlFiles: Set<String> = ["VitrineSDL/Window.swift", "VitrineSDL/Renderer.swift", "VitrineSDL/Surface.swift",
                                        "VitrineSDL/Font.swift", "VitrineSDL/SDLLibrary.swift", "VitrineSDL/SDLError.swift",
                                        "VitrineSDL/InputEvent.swift"]

    /// The checkout's `Sources` folder, found from this file.
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources").path

    /// The C modules: the folders `Sources/C*` (CSDL2, CJPEG, CX11Facts, …), each imported only `internal`.
    static func cModules() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: sources).filter { $0.hasPrefix("C") && $0.dropFirst().first?.isUppercase == true })
    }

    /// Every Swift file under `Sources/Vitrine*`, as a path relative to `Sources`, with its lines.
    static func swiftFiles() throws -> [(path: String, lines: [String])] {
        let manager = FileManager.default
        var files: [(String, [String])] = []
        for target in try manager.contentsOfDirectory(atPath: sources).sorted() where target.hasPrefix("Vitrine") {
            guard let walker = manager.enumerator(atPath: "\(sources)/\(target)") else { continue }
            for case let file as String in walker where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: "\(sources)/\(target)/\(file)", encoding: .utf8)
                files.append(("\(target)/\(file)", text.components(separatedBy: "\n")))
            }
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The code of each of `lines`: ``code(_:)``, and nothing of a line inside a multi-line string literal (a
    /// command's usage text).
    static func code(lines: [String]) -> [String] {
        var inText = false
        return lines.map { line in
            let quotes = line.components(separatedBy: "\"\"\"").count - 1
            defer { if quotes % 2 == 1 { inText.toggle() } }
            return inText || quotes > 0 ? "" : code(line)
        }
    }

    /// `line` without its comment and the contents of its string literals (an error message may name an SDL call).
    static func code(_ line: String) -> String {
        var out = ""
        var inString = false
        var previous: Character = " "
        var chars = Array(line)[...]
        while let c = chars.popFirst() {
            if inString {
                if c == "\"" && previous != "\\" { inString = false; out.append(c) }
                previous = c == "\\" && previous == "\\" ? " " : c
                continue
            }
            if c == "/", chars.first == "/" { break }
            if c == "\"" { inString = true }
            out.append(c)
            previous = c
        }
        return out
    }

    @Test func everyCModuleIsImportedInternal() throws {
        let modules = try Self.cModules()
        #expect(modules.isSuperset(of: ["CSDL2", "CSDL2Image", "CSDL2TTF", "CJPEG", "CPNG", "CX11", "CX11Facts", "CSplash"]), "\(modules)")
        var found: [String] = []
        for (path, lines) in try Self.swiftFiles() {
            for (number, line) in lines.enumerated() {
                let words = line.split(separator: " ").map(String.init)
                guard let at = words.firstIndex(of: "import"), at + 1 < words.count, modules.contains(words[at + 1]) else { continue }
                if !words[..<at].contains("internal") && !words[..<at].contains("private") && !words[..<at].contains("fileprivate") {
                    found.append("Sources/\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found.isEmpty, "C modules imported without `internal`:\n\(found.joined(separator: "\n"))")
    }

    @Test func onlyTheWrapperFilesCallSDL() throws {
        let call = try NSRegularExpression(pattern: "\\b(SDL|TTF|IMG)_[A-Za-z]")
        var found: [String] = []
        for (path, lines) in try Self.swiftFiles() where !Self.sdlFiles.contains(path) {
            for (number, (line, code)) in zip(lines, Self.code(lines: lines)).enumerated() {
                guard call.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil else { continue }
                found.append("Sources/\(path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "SDL, SDL_ttf or SDL_image used outside the wrapper files:\n\(found.joined(separator: "\n"))")
    }

    @Test func theScannerSeesCodeNotCommentsOrMessages() {
        #expect(Self.code("let x = SDL_GetError() // SDL_Quit") == "let x = SDL_GetError() ")
        #expect(Self.code("throw SDLError.current(\"SDL_RenderCopy(\\\"a\\\")\") + f(\"x\")") == "throw SDLError.current(\"\") + f(\"\")")
        #expect(Self.code(lines: ["let usage = \"\"\"", "  SDL_image decodes", "\"\"\"", "SDL_Quit()"]) == ["", "", "", "SDL_Quit()"])
    }
}
