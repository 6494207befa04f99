import Foundation
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

/// A real kiosk under Xvfb lets the texture of the card at rest go (the window's frame holds it), and a finger that
/// then drags the card sees it move as `vitrine render` draws it, dots in place.
@Suite(.serialized) struct RestingCardEndToEndTests {
    /// A kiosk of `ControlEndToEndTests.config`'s four cards in a 600x400 window, with a control socket and the
    /// debug log (which says when a card rests).
    struct Rig {
        let x: XvfbSession
        let folder: TemporaryFolder
        let config: String
        let socket: String
        let app: XvfbSession.Child

        init(_ folder: TemporaryFolder, depth: Int = 24) throws {
            x = try XvfbSession(depth: depth)
            self.folder = folder
            socket = folder.file("control.sock")
            config = try ControlEndToEndTests.config(folder)
            app = try x.launchVitrine(["--log-level", "debug", "run", "--config", config, "--windowed", "600x400", "--control", socket])
        }

        /// How many times a card has rested so far: the first card written straight into the frame, or a card that
        /// gave its texture up.
        var restings: Int { app.errors.components(separatedBy: "resting: ").count - 1 }

        /// Whether nothing has been drawn for `seconds`, and the kiosk shows `page` when one is given.
        func isStill(for seconds: Double, page: Int? = nil) -> Bool {
            guard let status = try? JSONValue.parse(try ControlEndToEndTests.ctl(socket, ["status"]).reply),
                  case .number(let age)? = status["lastFrameAge"] else { return false }
            return age >= seconds && (page.map { status["page"] == .number(Double($0)) } ?? true)
        }

        /// What `vitrine render` draws of card `page`, `offset` of the way to the next.
        func render(page: Int, offset: Double = 0) throws -> RGBAImage {
            let output = folder.file("render-\(page)-\(offset).png")
            let result = try VitrineProcess.run(["render", "--config", config, "--page", "\(page)", "--offset", "\(offset)",
                                                 "--size", "600x400", "--output", output], timeout: .seconds(15))
            #expect(result.code == 0, "\(result.err)")
            return try RGBAImage(contentsOfPNG: output)
        }
    }

    @Test func aDragFromRestShowsTheCardAsRenderDrawsIt() throws {
        try withTemporaryFolder { folder in
            let rig = try Rig(folder)
            let (x, app) = (rig.x, rig.app)
            let (x0, y0) = try x.windowOrigin(of: app)
            // Its neighbours are composed in the background first: under a loaded suite that can take a while.
            #expect(XvfbSession.eventually(30) { rig.restings >= 1 }, "\(app.errors)")
            // Idle, the kiosk let its code pages go (MappedFiles): what follows runs on pages mapped back.
            #expect(XvfbSession.eventually(30) { app.errors.contains("of code and read-only data in") }, "\(app.errors)")

            // 180 pixels to the left and held: the card follows the finger less the 10-pixel slop, so it is 170/600
            // of the way to card 1, while the dots stay where they are.
            var drag = ["mousemove", "\(x0 + 450)", "\(y0 + 200)", "mousedown", "1"]
            for step in 1...6 { drag += ["mousemove", "\(x0 + 450 - step * 30)", "\(y0 + 200)", "sleep", "0.02"] }
            try x.xdotool(drag)
            #expect(XvfbSession.eventually(10) { rig.isStill(for: 0.5) })
            let held = try x.grabWindow(of: app)
            #expect(held == (try rig.render(page: 0, offset: 170.0 / 600)), "the held card differs from vitrine render's frame")

            // Let go short of half way: it goes back, and rests again (any redraw at rest reads the card back, and
            // it rests once more: count new rests, not all of them).
            let beforeRelease = rig.restings
            try x.xdotool(["mouseup", "1"])
            #expect(XvfbSession.eventually(30) { rig.restings > beforeRelease && rig.isStill(for: 0.5) }, "\(app.errors)")
            #expect(try x.grabWindow(of: app) == (try rig.render(page: 0)))

            // A key from rest slides to card 1.
            let beforeKey = rig.restings
            try x.xdotool(["key", "Right"])
            #expect(XvfbSession.eventually(30) { rig.restings > beforeKey && rig.isStill(for: 0.5) }, "\(app.errors)")
            #expect(try x.grabWindow(of: app) == (try rig.render(page: 1)))
            #expect(app.process.isRunning, "\(app.errors)")
        }
    }

    @Test func aSixteenBitScreenKeepsTheCardsTexture() throws {
        // Read back from a 16-bit frame, the card would come back with fewer colours: it keeps its texture, and
        // pages as before.
        try withTemporaryFolder { folder in
            let rig = try Rig(folder, depth: 16)
            let app = rig.app
            _ = try rig.x.windowOrigin(of: app)
            #expect(try ControlEndToEndTests.ctl(rig.socket, ["next"]).code == 0)
            #expect(XvfbSession.eventually(10) { rig.isStill(for: 1, page: 1) })
            #expect(!app.errors.contains("resting:"), "\(app.errors)")
            #expect(app.process.isRunning, "\(app.errors)")
        }
    }

    @Test func aResizeThatEndsAtTheSameSizeShowsTheCardNotAnEmptyFrame() throws {
        // SDL makes the window's frame anew at each size change: two quick ones that end where they began leave the
        // geometry as it was, and a card read back from the new frame would be black.
        try withTemporaryFolder { folder in
            let rig = try Rig(folder)
            let (x, app) = (rig.x, rig.app)
            _ = try x.windowOrigin(of: app)
            #expect(XvfbSession.eventually(30) { rig.restings >= 1 }, "\(app.errors)")
            let window = try x.xdotool(["search", "--name", "^Vitrine$"]).split(separator: "\n").first.map(String.init) ?? ""
            try x.xdotool(["windowsize", window, "500", "300", "windowsize", window, "600", "400"])
            #expect(XvfbSession.eventually(10) { rig.isStill(for: 1) })
            #expect(try x.grabWindow(of: app) == (try rig.render(page: 0)), "the card is not what render draws")
        }
    }

    @Test func aProgressBarsStepsDoNotRestTheCard() throws {
        // Attract mode with its bar draws a step many times a second: a card read back each time would cost more
        // than it saves, so it rests only when nothing is due for a while.
        try withTemporaryFolder { folder in
            let x = try XvfbSession()
            let cards = ["ember-mesa", "alpine-lake", "misty-hills"].map { #"{"title":"\#($0)","image":"\#(Checkout.demoImage($0))"}"# }
            let config = try folder.write("deck.json", #"{"cards":[\#(cards.joined(separator: ","))],"autoplay":{"interval":30,"progressBar":true}}"#)
            let app = try x.launchVitrine(["--log-level", "debug", "run", "--config", config, "--windowed", "600x400"])
            _ = try x.windowOrigin(of: app)
            // This shows that something does not happen, so it watches for a while: four steps of the bar (one every
            // 0.5 s, 1/60 of the interval), each followed by an idle loop that asks whether the card may rest. It
            // counts the steps drawn (the window changing), not the time, so a slow machine watches as many.
            var window = try x.grabWindow(of: app), steps = 0
            #expect(XvfbSession.eventually(30) {
                guard let now = try? x.grabWindow(of: app), now != window else { return false }
                (window, steps) = (now, steps + 1)
                return steps >= 4
            }, "the bar took \(steps) steps: \(app.errors)")
            // The first card may start in the frame; the first step reads it back, and no card rests after that.
            #expect(!app.errors.contains("resting: the card on screen"), "\(app.errors)")
            #expect(app.process.isRunning, "\(app.errors)")
        }
    }
}
