import Foundation
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

/// A 30-bit X screen, whose default visual no SDL renderer can draw into: the kiosk takes a visual of 8 bits a
/// channel on the same screen, says so once, and shows the deck as `vitrine render` draws it, in the one window it
/// makes.
@Suite struct DeepColorScreenTests {
    @Test func aThirtyBitScreenShowsTheDeck() throws {
        try withTemporaryFolder { folder in
            let x = try XvfbSession(depth: 30)
            let socket = folder.file("control.sock")
            let config = try ControlEndToEndTests.config(folder)
            let watcher = try #require(WindowCreationWatcher(display: x.display))
            let app = try x.launchVitrine(["run", "--config", config, "--windowed", "600x400", "--control", socket])
            _ = try x.windowOrigin(of: app)
            // A window of the default visual, made and then replaced, was found and gone by the time it was asked about.
            #expect(watcher.windowsMade() == 1, "windows made on the 30-bit screen")
            #expect(app.errors.contains("the screen's default visual has no renderer, so the window uses visual 0x"), "\(app.errors)")
            let shot = folder.file("shot.png"), expected = folder.file("render.png")
            #expect(try ControlEndToEndTests.ctl(socket, ["screenshot", shot]).code == 0)
            let render = try VitrineProcess.run(["render", "--config", config, "--page", "0", "--size", "600x400", "--output", expected],
                                                timeout: .seconds(15))
            #expect(render.code == 0, "\(render.err)")
            #expect(try RGBAImage(contentsOfPNG: shot) == (try RGBAImage(contentsOfPNG: expected)), "the screen differs from render")
            #expect(app.process.isRunning, "\(app.errors)")
        }
    }
}
