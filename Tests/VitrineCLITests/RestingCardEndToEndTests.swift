import Foundation
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

/// A real kiosk under Xvfb lets the texture of the card at rest go (the window's frame holds it), and a finger that
/// then drags the card sees it move as `vitrine render` draws it, dots in place.
@Suite(.serialized) struct RestingCardEndToEndTests {
    @Test func aDragFromRestShowsTheCardAsRenderDrawsIt() throws {
        try withTemporaryFolder { folder in
            let x = try XvfbSession()
            let socket = folder.file("control.sock")
            let config = try ControlEndToEndTests.config(folder)
            let app = try x.launchVitrine(["--log-level", "debug", "run", "--config", config, "--windowed", "600x400", "--control", socket])
            let (x0, y0) = try x.windowOrigin(of: app)
            func restings() -> Int { app.errors.components(separatedBy: "resting: the card on screen").count - 1 }
            func still() -> Bool {
                guard let status = try? JSONValue.parse(try ControlEndToEndTests.ctl(socket, ["status"]).reply),
                      case .number(let age)? = status["lastFrameAge"] else { return false }
                return age >= 0.5
            }
            func render(page: Int, offset: Double) throws -> RGBAImage {
                let output = folder.file("render-\(page)-\(offset).png")
                let result = try VitrineProcess.run(["render", "--config", config, "--page", "\(page)", "--offset", "\(offset)",
                                                     "--size", "600x400", "--output", output], timeout: .seconds(15))
                #expect(result.code == 0, "\(result.err)")
                return try RGBAImage(contentsOfPNG: output)
            }
            // Its neighbours are composed in the background first: under a loaded suite that can take a while.
            #expect(XvfbSession.eventually(30) { restings() >= 1 }, "\(app.errors)")

            // 180 pixels to the left and held: the card follows the finger less the 10-pixel slop, so it is 170/600
            // of the way to card 1, while the dots stay where they are.
            var drag = ["mousemove", "\(x0 + 450)", "\(y0 + 200)", "mousedown", "1"]
            for step in 1...6 { drag += ["mousemove", "\(x0 + 450 - step * 30)", "\(y0 + 200)", "sleep", "0.02"] }
            try x.xdotool(drag)
            #expect(XvfbSession.eventually(10) { still() })
            let held = try x.grabWindow(of: app)
            #expect(held == (try render(page: 0, offset: 170.0 / 600)), "the held card differs from vitrine render's frame")

            // Let go short of half way: it goes back, and rests again (any redraw at rest reads the card back, and
            // it rests once more: count new rests, not all of them).
            let beforeRelease = restings()
            try x.xdotool(["mouseup", "1"])
            #expect(XvfbSession.eventually(30) { restings() > beforeRelease && still() }, "\(app.errors)")
            #expect(try x.grabWindow(of: app) == (try render(page: 0, offset: 0)))

            // A key from rest slides to card 1.
            let beforeKey = restings()
            try x.xdotool(["key", "Right"])
            #expect(XvfbSession.eventually(30) { restings() > beforeKey && still() }, "\(app.errors)")
            #expect(try x.grabWindow(of: app) == (try render(page: 1, offset: 0)))
            #expect(app.process.isRunning, "\(app.errors)")
        }
    }

    @Test func aSixteenBitScreenKeepsTheCardsTexture() throws {
        // Read back from a 16-bit frame, the card would come back with fewer colours: it keeps its texture, and
        // pages as before.
        try withTemporaryFolder { folder in
            let x = try XvfbSession(depth: 16)
            let socket = folder.file("control.sock")
            let app = try x.launchVitrine(["--log-level", "debug", "run", "--config", try ControlEndToEndTests.config(folder),
                                           "--windowed", "600x400", "--control", socket])
            _ = try x.windowOrigin(of: app)
            #expect(try ControlEndToEndTests.ctl(socket, ["next"]).code == 0)
            #expect(XvfbSession.eventually(10) {
                guard let status = try? JSONValue.parse(try ControlEndToEndTests.ctl(socket, ["status"]).reply),
                      case .number(let age)? = status["lastFrameAge"] else { return false }
                return status["page"] == .number(1) && age >= 1
            })
            #expect(!app.errors.contains("resting:"), "\(app.errors)")
            #expect(app.process.isRunning, "\(app.errors)")
        }
    }

    @Test func aResizeThatEndsAtTheSameSizeShowsTheCardNotAnEmptyFrame() throws {
        // SDL makes the window's frame anew at each size change: two quick ones that end where they began leave the
        // geometry as it was, and a card read back from the new frame would be black.
        try withTemporaryFolder { folder in
            let x = try XvfbSession()
            let socket = folder.file("control.sock")
            let config = try ControlEndToEndTests.config(folder)
            let app = try x.launchVitrine(["--log-level", "debug", "run", "--config", config, "--windowed", "600x400", "--control", socket])
            _ = try x.windowOrigin(of: app)
            #expect(XvfbSession.eventually(30) { app.errors.contains("resting: the card on screen") }, "\(app.errors)")
            let window = try x.xdotool(["search", "--name", "^Vitrine$"]).split(separator: "\n").first.map(String.init) ?? ""
            try x.xdotool(["windowsize", window, "500", "300", "windowsize", window, "600", "400"])
            #expect(XvfbSession.eventually(10) {
                guard let status = try? JSONValue.parse(try ControlEndToEndTests.ctl(socket, ["status"]).reply),
                      case .number(let age)? = status["lastFrameAge"] else { return false }
                return age >= 1
            })
            let expected = folder.file("render.png")
            let render = try VitrineProcess.run(["render", "--config", config, "--page", "0", "--size", "600x400", "--output", expected],
                                                timeout: .seconds(15))
            #expect(render.code == 0, "\(render.err)")
            #expect(try x.grabWindow(of: app) == (try RGBAImage(contentsOfPNG: expected)), "the card is not what render draws")
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
            usleep(3_000_000)  // Three seconds of steps, each of them idle in between.
            #expect(!app.errors.contains("resting:"), "\(app.errors)")
            #expect(app.process.isRunning, "\(app.errors)")
        }
    }
}
