import Foundation
import Testing
import VitrineCore
import VitrineSDL
import VitrineSystem
import VitrineTestSupport

/// The first card goes on an X screen before SDL's window is up (``Splash``), and SDL's window takes over from it
/// without a flash; with a window manager there is none.
@Suite(.serialized) struct SplashEndToEndTests {
    /// The screen as the X server holds it, opaque RGBA.
    static func grabScreen(_ x: XvfbSession) throws -> RGBAImage {
        try XWD.image(x.run("xwd", ["-silent", "-root"]).output)
    }

    @Test func aSplashShowsTheCardCentredOverTheBackgroundAndGoesWhenLetGo() throws {
        let x = try XvfbSession(screen: "1280x1024")
        let before = try Self.grabScreen(x)
        // A 300x200 card of distinct pixels in a 400x300 window with a dark blue background.
        let size = PixelSize(width: 300, height: 200)
        var pixels = [UInt32](repeating: 0, count: size.width * size.height)
        for y in 0..<size.height {
            for x in 0..<size.width { pixels[y * size.width + x] = 0xFF00_0000 | UInt32(x % 256) << 16 | UInt32(y) << 8 | 0x80 }
        }
        let plan = Splash.Plan(windowSize: PixelSize(width: 400, height: 300), cardRect: PixelRect(x: 60, y: 40, width: 300, height: 200),
                               background: Color(red: 10, green: 20, blue: 30))
        var splash = Splash(display: x.display)
        #expect(splash?.screenSize == PixelSize(width: 1280, height: 1024))
        #expect(splash?.frame == nil, "nothing shown yet")
        let shownOnce = pixels.withUnsafeBytes { splash?.show(plan: plan, pixels: $0.baseAddress!, pitch: size.width * 4, size: size) }
        #expect(shownOnce == true)
        let frame = try #require(splash?.frame)
        #expect(frame == PixelRect(x: 440, y: 362, width: 400, height: 300), "centred on the screen, as SDL centres its window")
        // Shown at once, whole: no round trip is needed before a grab sees it.
        let shown = try Self.grabScreen(x)
        for (cx, cy) in [(0, 0), (299, 0), (0, 199), (299, 199), (150, 100), (17, 123)] {
            #expect(shown[440 + 60 + cx, 362 + 40 + cy] == [UInt8(cx % 256), UInt8(cy), 0x80, 255], "card pixel \(cx),\(cy)")
        }
        for (wx, wy) in [(0, 0), (59, 150), (360, 150), (200, 39), (200, 240), (399, 299)] {
            #expect(shown[440 + wx, 362 + wy] == [10, 20, 30, 255], "background at \(wx),\(wy)")
        }
        #expect(shown[439, 361] == before[439, 361], "nothing outside the window")
        let again = pixels.withUnsafeBytes { splash?.show(plan: plan, pixels: $0.baseAddress!, pitch: size.width * 4, size: size) }
        #expect(again == false, "a splash shows once")
        let tooBig = Splash.Plan(windowSize: PixelSize(width: 200, height: 100), cardRect: PixelRect(x: 0, y: 0, width: 300, height: 200),
                                 background: .black)
        let other = Splash(display: x.display)
        #expect(pixels.withUnsafeBytes { other?.show(plan: tooBig, pixels: $0.baseAddress!, pitch: size.width * 4, size: size) } == false,
                "a card larger than its window is not shown")
        splash = nil
        #expect(XvfbSession.eventually(5) { (try? Self.grabScreen(x)) == before }, "the screen is as before once it is let go")
    }

    /// What `vitrine render` draws of the first card of `config` at `size`.
    static func render(_ config: String, _ folder: TemporaryFolder, size: String = "600x400") throws -> RGBAImage {
        let output = folder.file("render-\(size).png")
        let result = try VitrineProcess.run(["render", "--config", config, "--size", size, "--output", output], timeout: .seconds(15))
        #expect(result.code == 0, "\(result.err)")
        return try RGBAImage(contentsOfPNG: output)
    }

    /// A kiosk of `ControlEndToEndTests.config`'s cards in a 600x400 window, or covering the screen, keeping its
    /// card cache in `cache`.
    static func launch(_ x: XvfbSession, config: String, cache: String, fullscreen: Bool = false) throws -> XvfbSession.Child {
        try x.launchVitrine(["--log-level", "debug", "run", "--config", config] + (fullscreen ? ["--fullscreen"] : ["--windowed", "600x400"]),
                            environment: ["CACHE_DIRECTORY": cache])
    }

    /// Runs a kiosk once, so its first card is in `cache`.
    static func fillCache(_ x: XvfbSession, config: String, cache: String, fullscreen: Bool = false) throws {
        let first = try launch(x, config: config, cache: cache, fullscreen: fullscreen)
        _ = try x.windowOrigin(of: first)
        #expect(XvfbSession.eventually(20) {
            ((try? FileManager.default.contentsOfDirectory(atPath: cache)) ?? []).contains { $0.hasPrefix("card-") && !$0.contains(".tmp.") }
        })
        first.process.terminate()
        #expect(first.wait(seconds: 10) == 0, "\(first.errors)")
    }

    /// On a restart the card comes from the cache, before SDL has opened the display; on a cold start it is
    /// composed on the first-card thread and shown as soon as it is made. In a 600x400 window, and covering the
    /// screen (`--fullscreen`, the screen's size read before SDL opens).
    @Test(arguments: [(true, false), (false, false), (true, true), (false, true)])
    func theFirstCardIsShownBeforeSDLsWindowWhichTakesOverWithoutAFlash(restart: Bool, fullscreen: Bool) throws {
        try withTemporaryFolder { folder in
            let x = try XvfbSession(screen: "1280x1024")
            let config = try ControlEndToEndTests.config(folder)
            let cache = folder.file("cache")
            if restart { try Self.fillCache(x, config: config, cache: cache, fullscreen: fullscreen) }
            #expect(XvfbSession.eventually(10) { (try? Self.grabScreen(x)).map { $0[640, 512] == [0, 0, 0, 255] } ?? false },
                    "the screen is empty again")

            // Three points of the card's picture, clear of the texts and the dots, watched from before the start
            // until after the first frame: each may change once (from the empty screen to the card), never again.
            // 600x400, centred on 1280x1024; or the screen, its 3:2 card 1280x853 centred from y = 85.
            let window = fullscreen ? (x: 0, y: 0) : (x: 340, y: 312)
            let points = (fullscreen ? [(300, 200), (640, 400), (1000, 250)] : [(150, 60), (300, 150), (480, 90)])
                .map { (x: window.x + $0.0, y: window.y + $0.1) }
            let rendered = try Self.render(config, folder, size: fullscreen ? "1280x1024" : "600x400")
            let expected = points.map { Array(rendered[$0.x - window.x, $0.y - window.y].prefix(3)) }
            let windows = try #require(WindowCreationWatcher(display: x.display))
            let watcher = PixelWatcher(display: x.display, points: points)
            let app = try Self.launch(x, config: config, cache: cache, fullscreen: fullscreen)
            _ = try x.windowOrigin(of: app)
            // The splash is let go at the first frame: watch on until the X server has taken it down and every
            // point shows the card as render draws it, so a flash in the hand-over is among what the watcher saw.
            #expect(XvfbSession.eventually(10) {
                let splash = windows.overrideRedirectWindows()
                return splash.made >= 1 && splash.open == 0 && watcher.values.map { $0.last ?? [] } == expected
            }, "the splash was not taken down, or the points do not show the card: \(watcher.values) \(app.errors)")
            let seen = watcher.stop()
            let log = app.errors
            let splash = try #require(log.range(of: "start-up: splash shown"), "\(log)")
            if restart {
                let display = try #require(log.range(of: "start-up: display open"), "\(log)")
                #expect(splash.lowerBound < display.lowerBound, "the card was up before SDL opened the display: \(log)")
                #expect(log.contains("first card read from the cache"), "\(log)")
            } else {
                #expect(log.contains("first card composed"), "\(log)")
            }

            let final = try x.grabWindow(of: app)
            #expect(final == rendered, "the window differs from vitrine render's frame")
            for (index, values) in seen.enumerated() {
                let (px, py) = (points[index].x - window.x, points[index].y - window.y)
                #expect(values.last == Array(rendered[px, py].prefix(3)), "point \(index) ends as render draws it: \(values)")
                #expect(values.count <= 2, "point \(index) changed more than once on the way: \(values)")
            }
            #expect(app.process.isRunning, "\(app.errors)")
        }
    }

    @Test func aCardAPixelShortOf3To2IsDecodedOnceAndShownAsRenderDrawsIt() throws {
        // In 800x600 the card is 800x533 of a whole 800x534 card: its picture is decoded to be cropped, once (a JPEG
        // decoded straight into a whole card first was then decoded again).
        try withTemporaryFolder { folder in
            let x = try XvfbSession(screen: "1280x1024")
            let config = try ControlEndToEndTests.config(folder)
            let app = try x.launchVitrine(["--log-level", "debug", "run", "--config", config, "--windowed", "800x600"])
            _ = try x.windowOrigin(of: app)
            #expect(app.errors.contains("start-up: splash shown"), "\(app.errors)")
            #expect(!app.errors.contains("decoded again"), "\(app.errors)")
            #expect(XvfbSession.eventually(10) {
                (try? x.grabWindow(of: app)) == (try? Self.render(config, folder, size: "800x600"))
            }, "the window differs from vitrine render's frame")
        }
    }

    @Test func withAWindowManagerThereIsNoSplashAndTheWindowIsAsRenderDrawsIt() throws {
        try withTemporaryFolder { folder in
            let x = try XvfbSession(screen: "1280x1024")
            guard let openbox = XvfbSession.which("openbox") else {
                throw XvfbError.missing("openbox is needed (apt-get install openbox; make test installs it)")
            }
            let manager = try XvfbSession.Child(openbox, ["--sm-disable", "--config-file", "/dev/null"], environment: ["DISPLAY": x.display])
            #expect(XvfbSession.eventually(10) { (try? x.run("xprop", ["-root", "_NET_SUPPORTING_WM_CHECK"]).output).map {
                String(decoding: $0, as: UTF8.self).contains("window id") } ?? false }, "openbox did not start: \(manager.errors)")
            let config = try ControlEndToEndTests.config(folder)
            let cache = folder.file("cache")
            try Self.fillCache(x, config: config, cache: cache)
            let app = try Self.launch(x, config: config, cache: cache)
            _ = try x.windowOrigin(of: app)
            #expect(XvfbSession.eventually(10) { app.errors.contains("splash: none: a window manager runs") }, "\(app.errors)")
            #expect(!app.errors.contains("start-up: splash shown"), "\(app.errors)")
            #expect(XvfbSession.eventually(10) {
                (try? x.grabWindow(of: app)) == (try? Self.render(config, folder))
            }, "the window differs from vitrine render's frame")
            #expect(app.process.isRunning, "\(app.errors)")
        }
    }
}
