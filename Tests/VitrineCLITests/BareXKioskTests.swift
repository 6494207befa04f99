import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

/// `vitrine run --kiosk` on bare X: an X server with no window manager, as `xinit` running only the kiosk gives.
@Suite(.serialized) struct BareXKioskTests {
    /// The screen, a size other than the config's 1200x800 window.
    static let screen = PixelSize(width: 1600, height: 1000)

    @Test func kioskCoversTheScreenWithNoWindowManagerAndFollowsItsSize() throws {
        let x = try XvfbSession(screen: "\(Self.screen.width)x\(Self.screen.height)")
        let app = try x.launchVitrine(["run", "--kiosk"])
        #expect(XvfbSession.eventually(10) { app.errors.contains("first frame shown") }, "no first frame: \(app.errors)")
        let window = try x.xdotool(["search", "--name", "^Vitrine$"]).split(separator: "\n").first.map(String.init) ?? ""
        let geometry = try x.xdotool(["getwindowgeometry", "--shell", window])
        for line in ["X=0", "Y=0", "WIDTH=\(Self.screen.width)", "HEIGHT=\(Self.screen.height)"] {
            #expect(geometry.split(separator: "\n").contains(Substring(line)), "window geometry: \(geometry)")
        }

        // What the screen shows is the card laid out for the whole screen, title and dots included: the same
        // pixels `render` draws at the screen's size.
        let grabbed = try x.grabScreen()
        let expectedPath = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-barex-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: expectedPath) }
        let render = try VitrineProcess.run(["render", "--size", "\(Self.screen.width)x\(Self.screen.height)", "--output", expectedPath],
                                            timeout: .seconds(30))
        #expect(render.code == 0, "\(render.err)")
        let expected = try RGBAImage(contentsOfPNG: expectedPath)
        let difference = ImageDifference.between(expected: expected, actual: grabbed, tolerance: 2)
        #expect(difference == nil, "the screen is not the full-screen card: \(difference?.description ?? "")")
        if difference != nil {
            try? grabbed.writePNG(to: "\(VitrineProcess.root)/artifacts/bare_x_kiosk_actual.png")
        }

        // The screen shrinks (xrandr on Xvfb resizes the root window): the window follows and lays out again.
        guard let xrandr = XvfbSession.which("xrandr") else {
            Issue.record("xrandr is needed (apt-get install x11-xserver-utils; make test installs it)")
            return
        }
        let resize = Process()
        resize.executableURL = URL(fileURLWithPath: xrandr)
        resize.arguments = ["--fb", "1280x800"]
        resize.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": x.display]) { $1 }
        resize.standardError = FileHandle.nullDevice  // Xvfb's one output cannot take the size; the screen can.
        try resize.run()
        resize.waitUntilExit()
        let smaller = try VitrineProcess.run(["render", "--size", "1280x800", "--output", expectedPath], timeout: .seconds(30))
        #expect(smaller.code == 0, "\(smaller.err)")
        let expectedSmaller = try RGBAImage(contentsOfPNG: expectedPath)
        var last: ImageDifference?
        let followed = try XvfbSession.eventually(10) {
            last = ImageDifference.between(expected: expectedSmaller, actual: try x.grabScreen(), tolerance: 2)
            return last == nil
        }
        #expect(followed, "the kiosk did not follow the screen to 1280x800: \(last?.description ?? "")")
        let resized = try x.xdotool(["getwindowgeometry", "--shell", window])
        #expect(resized.contains("WIDTH=1280") && resized.contains("HEIGHT=800"), "\(resized)")
        app.process.terminate()
        #expect(app.wait(seconds: 5) == 0, "SIGTERM did not quit cleanly: \(app.errors)")
    }
}

/// `run` with a deck whose first image is a FIFO: the window shows, the FIFO card is a placeholder with a one-line
/// reason, and the next card is reachable.
@Suite(.serialized) struct SpecialFileWindowTests {
    @Test func aFIFOImageIsAPlaceholderAndTheOtherCardsShow() throws {
        try withTemporaryFolder { folder in
            let fifo = folder.path + "/pipe.jpg"
            #expect(mkfifo(fifo, 0o644) == 0)
            let config = try folder.write("deck.json", #"{"cards": [{"title": "Pipe", "image": "pipe.jpg"}, "#
                                          + #"{"title": "Mesa", "image": "\#(Checkout.demoImage("ember-mesa"))"}]}"#)
            let log = folder.path + "/events.jsonl"
            let x = try XvfbSession()
            let app = try x.launchVitrine(["run", "--config", config, "--windowed", "600x400", "--events", log])
            #expect(XvfbSession.eventually(10) { app.errors.contains("first frame shown") }, "no first frame: \(app.errors)")
            #expect(XvfbSession.eventually(5) { app.errors.contains("image unavailable: \(fifo): not a regular file (a FIFO)") },
                    "\(app.errors)")
            _ = try x.windowOrigin(of: app)
            try x.xdotool(["key", "Right"])
            #expect(XvfbSession.eventually(5) {
                ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains(#""pageChanged","page":1"#)
            })
            try x.xdotool(["key", "Escape"])
            #expect(app.wait(seconds: 5) == 0, "\(app.errors)")
        }
    }
}

extension XvfbSession {
    /// The whole screen as it is now, read with `xwd -root` (x11-apps) from the X server (``grabWindow(of:)`` reads
    /// one window).
    func grabScreen() throws -> RGBAImage {
        try XWD.image(run("xwd", ["-root", "-silent"]).output)
    }
}
