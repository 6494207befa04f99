import Foundation
import Testing
import VitrineSystem

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
            let app = try x.launchVitrine(["run", "--config", try Self.deck(folder, images), "--windowed", "600x400"])
            _ = try x.windowOrigin(of: app)
            // Its neighbours are composed in the background by now, or soon: watch for a second.
            for _ in 0..<10 {
                let libraries = Self.mappedLibraries(app.process.processIdentifier)
                #expect(libraries.contains { $0.hasPrefix("libSDL2-2.0") }, "\(libraries.sorted())")
                #expect(!libraries.contains { $0.hasPrefix("libSDL2_image") || $0.hasPrefix("libtiff") || $0.hasPrefix("libwebp") },
                        "\(libraries.sorted())")
                usleep(100_000)
            }
            #expect(app.process.isRunning, "\(app.errors)")
        }
    }

    @Test func aWebPCardOpensSDLImageAndShowsIt() throws {
        try withTemporaryFolder { folder in
            let x = try XvfbSession()
            let webp = "\(VitrineProcess.root)/Tests/VitrineSDLTests/Fixtures/animated.webp"
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
}
