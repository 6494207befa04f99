import Foundation
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

/// libwebp's demuxer is opened when the first animated WebP is met (CWebP): without it an animated WebP card shows
/// its first frame (SDL_image needs only libwebp) and the kiosk says once, in one line, what to install.
@Suite struct WebPLibraryTests {
    @Test func withoutLibwebpdemuxCheckSaysWhatToInstallOnceAndTheFirstFrameShows() throws {
        try withTemporaryFolder { folder in
            var environment = VitrineProcess.noDisplay
            // A library by libwebpdemux's name that lacks its functions (a copy of zlib): a broken or missing one.
            environment["LD_LIBRARY_PATH"] = try LazyLibraryTests.brokenLibrary("libwebpdemux.so.2", in: folder)
            let fixtures = "\(VitrineProcess.root)/Tests/VitrineSDLTests/Fixtures"
            let deck = try LazyLibraryTests.deck(folder, ["\(fixtures)/animated.webp", "\(fixtures)/animated-alpha.webp"])
            let check = try VitrineProcess.run(["check", "--config", deck], environment: environment, timeout: .seconds(30))
            let report = check.out + check.err
            let lines = report.split(separator: "\n").filter { $0.contains("libwebpdemux2") }
            #expect(lines.count == 1, "\(report)")
            #expect(lines.first.map { $0.contains("animated.webp") && $0.contains("apt-get install libwebpdemux2") && $0.contains("first frame") } == true,
                    "\(report)")
            #expect(check.code == 0, "a warning, not an error: exit \(String(describing: check.code)): \(report)")
            let output = folder.file("out.png")
            let render = try VitrineProcess.run(["render", "--config", deck, "--size", "360x240", "--time", "1.5", "--output", output],
                                                environment: environment, timeout: .seconds(30))
            #expect(render.code == 0 && FileManager.default.fileExists(atPath: output), "the first frame is drawn: \(render.err)")
        }
    }
}
