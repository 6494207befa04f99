import Foundation
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

/// SDL_image is opened when a card first needs it (CLazyLink), not at every start: a deck of JPEGs never maps it
/// or the libraries it brings, and a deck with a WebP (which SDL_image decodes) maps it and shows the WebP.
@Suite struct LazyLibraryTests {
    /// The shared libraries process `pid` has mapped, by file name.
    static func mappedLibraries(_ pid: Int32) -> Set<String> {
        let maps = String(decoding: (try? FileDescriptor.readFile(atPath: "/proc/\(pid)/maps")) ?? [], as: UTF8.self)
        return Set(maps.split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).last.map { String($0.split(separator: "/").last ?? $0) }
        }.filter { $0.contains(".so") })
    }

    /// A deck of `images`, with ids, in `folder`.
    static func deck(_ folder: TemporaryFolder, _ images: [String]) throws -> String {
        let cards = images.enumerated().map { #"{"title":"Card \#($0)","image":"\#($1)"}"# }
        return try folder.write("deck.json", #"{"cards":[\#(cards.joined(separator: ","))]}"#)
    }

    @Test func aDeckOfJPEGsNeverMapsSDLImage() throws {
        try withTemporaryFolder { folder in
            let x = try XvfbSession()
            let images = ["ember-mesa", "alpine-lake", "misty-hills"].map(Checkout.demoImage)
            let app = try x.launchVitrine(["--log-level", "debug", "run", "--config", try Self.deck(folder, images), "--windowed", "600x400"])
            _ = try x.windowOrigin(of: app)
            // The idle chores run first once the card and its neighbours are composed (IdleChores): every card
            // decoded so far was decoded by then.
            #expect(XvfbSession.eventually(30) { app.errors.contains("of code and read-only data in") }, "\(app.errors)")
            let libraries = Self.mappedLibraries(app.process.processIdentifier)
            #expect(libraries.contains { $0.hasPrefix("libSDL2-2.0") }, "\(libraries.sorted())")
            #expect(!libraries.contains { $0.hasPrefix("libSDL2_image") || $0.hasPrefix("libtiff") || $0.hasPrefix("libwebp") },
                    "\(libraries.sorted())")
            #expect(app.process.isRunning, "\(app.errors)")
        }
    }

    @Test func aWebPCardOpensSDLImageAndShowsIt() throws {
        try withTemporaryFolder { folder in
            let x = try XvfbSession()
            // A still WebP (SDL_image's): the fixture's first frame alone. The animated file itself now plays
            // through libwebp's demuxer, red and blue in turn, so a grab of it is red only half the time.
            let animated = try #require(FileManager.default.contents(atPath: "\(VitrineProcess.root)/Tests/VitrineSDLTests/Fixtures/animated.webp"))
            let still = try #require(try WebPFirstFrame.first(in: Array(animated))).still  // 16x16, red.
            let webp = folder.file("still.webp")
            try Data(still).write(to: URL(fileURLWithPath: webp))
            let app = try x.launchVitrine(["run", "--config", try Self.deck(folder, [webp, Checkout.demoImage("canyon")]),
                                           "--windowed", "600x400"])
            _ = try x.windowOrigin(of: app)
            #expect(XvfbSession.eventually(5) {
                Self.mappedLibraries(app.process.processIdentifier).contains { $0.hasPrefix("libSDL2_image") }
            })
            // Shown, not refused: its first frame is red in the middle, where the card's gradient has not begun.
            let top = try x.grabWindow(of: app)[300, 160]
            #expect(top[0] > 240 && top[1] < 16 && top[2] < 16, "\(top) \(app.errors)")
            #expect(app.process.isRunning, "\(app.errors)")
        }
    }

    @Test func withoutAUsableSDLImageAWebPIsUnsupportedNotCorrupt() throws {
        // A library by SDL_image's name that lacks its functions (a copy of zlib) stands for a broken or missing
        // SDL_image: the kiosk still starts, and a WebP is refused as unsupported, with what to install.
        try withTemporaryFolder { folder in
            let libraries = folder.file("lib")
            try FileManager.default.createDirectory(atPath: libraries, withIntermediateDirectories: true)
            let zlib = ["/lib/x86_64-linux-gnu/libz.so.1", "/usr/lib/x86_64-linux-gnu/libz.so.1"].first { FileManager.default.fileExists(atPath: $0) }
            // The file itself, not the symbolic link to it (which would dangle in the new folder).
            let real = URL(fileURLWithPath: try #require(zlib)).resolvingSymlinksInPath().path
            try FileManager.default.copyItem(atPath: real, toPath: libraries + "/libSDL2_image-2.0.so.0")
            var environment = VitrineProcess.noDisplay
            environment["LD_LIBRARY_PATH"] = libraries
            let webp = "\(VitrineProcess.root)/Tests/VitrineSDLTests/Fixtures/animated.webp"
            let check = try VitrineProcess.run(["check", "--config", try Self.deck(folder, [webp])], environment: environment, timeout: .seconds(20))
            #expect(check.code == 65, "\(check.out) \(check.err)")
            let report = check.out + check.err
            #expect(report.contains("is not supported: SDL_image") && report.contains("apt-get install libsdl2-image-2.0-0"), "\(report)")
            #expect(!report.contains("corrupt"), "\(report)")
            let version = try VitrineProcess.run(["--version"], environment: environment, timeout: .seconds(10))
            #expect(version.code == 0 && version.out.contains("SDL_image missing"), "\(version.out) \(version.err)")
        }
    }

    /// A folder holding a library by the name `soname` that lacks its functions (a copy of zlib), standing for a
    /// broken or missing one.
    static func brokenLibrary(_ soname: String, in folder: TemporaryFolder) throws -> String {
        let libraries = folder.file("lib")
        try FileManager.default.createDirectory(atPath: libraries, withIntermediateDirectories: true)
        let zlib = ["/lib/x86_64-linux-gnu/libz.so.1", "/usr/lib/x86_64-linux-gnu/libz.so.1"].first { FileManager.default.fileExists(atPath: $0) }
        let real = URL(fileURLWithPath: try #require(zlib)).resolvingSymlinksInPath().path
        try FileManager.default.copyItem(atPath: real, toPath: libraries + "/" + soname)
        return libraries
    }

    @Test(arguments: [("libSDL2-2.0.so.0", "libsdl2-2.0-0"), ("libSDL2_ttf-2.0.so.0", "libsdl2-ttf-2.0-0")])
    func withoutAUsableSDLTheKioskSaysWhatToInstallInOneLine(soname: String, package: String) throws {
        // SDL2 and SDL_ttf are opened by Vitrine, not the dynamic loader: a broken one is a line naming it and its
        // package, and exit 69, not the loader's message or a crash.
        try withTemporaryFolder { folder in
            var environment = VitrineProcess.noDisplay
            environment["LD_LIBRARY_PATH"] = try Self.brokenLibrary(soname, in: folder)
            let output = folder.file("out.png")
            for arguments in [["run", "--config", "Config/kiosk.json"], ["render", "--output", output]] {
                let result = try VitrineProcess.run(arguments, environment: environment, timeout: .seconds(20))
                let lines = result.err.split(separator: "\n").filter { $0.contains("error") }
                #expect(result.code == 69, "\(arguments[0]): exit \(String(describing: result.code)): \(result.err)")
                #expect(lines.count == 1 && lines[0].contains(soname) && lines[0].contains("apt-get install \(package)"),
                        "\(arguments[0]): \(result.err)")
            }
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }

    @Test func aCommandThatNeedsNoSDLNeverLoadsIt() throws {
        // `ctl` talks to a socket: SDL2 and the libraries it brings are not loaded at all (the dynamic loader's own
        // log lists every library it opens).
        try withTemporaryFolder { folder in
            var environment = VitrineProcess.noDisplay
            environment["LD_DEBUG"] = "libs"
            let result = try VitrineProcess.run(["ctl", "--control", folder.file("none.sock"), "status"], environment: environment,
                                                timeout: .seconds(20))
            #expect(result.code != 0 && result.err.contains("libc.so.6"), "exit \(String(describing: result.code)): \(result.err)")
            for library in ["libSDL2", "libpulse", "libwayland", "libfontconfig", "libsystemd"] {
                #expect(!result.err.contains(library), "\(library) was loaded")
            }
        }
    }

    @Test func withoutAUsableFontconfigACardOfOtherScriptsDrawsWithBoxesAndSaysSo() throws {
        // fontconfig is only needed for characters the bundled faces lack: a broken one is one warning when such a
        // card is drawn, not the end of the kiosk.
        try withTemporaryFolder { folder in
            var environment = VitrineProcess.noDisplay
            environment["LD_LIBRARY_PATH"] = try Self.brokenLibrary("libfontconfig.so.1", in: folder)
            let deck = try folder.write("deck.json", #"{"cards":[{"title":"東京タワー","subtitle":"서울","image":"\#(Checkout.demoImage("canyon"))"}]}"#)
            let output = folder.file("out.png")
            let result = try VitrineProcess.run(["render", "--config", deck, "--size", "600x400", "--output", output], environment: environment,
                                                timeout: .seconds(20))
            #expect(result.code == 0, "exit \(String(describing: result.code)): \(result.err)")
            let warnings = result.err.split(separator: "\n").filter { $0.contains("fontconfig cannot be opened") }
            #expect(warnings.count == 1 && warnings[0].contains("apt-get install libfontconfig1"), "\(result.err)")
            #expect(FileManager.default.fileExists(atPath: output))
        }
    }
}
