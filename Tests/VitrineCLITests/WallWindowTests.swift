import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

/// A 2×2 video wall on one X server: four `vitrine run` windows side by side, each with its `sync.tile`, form one
/// card, title across the lower two.
@Suite(.serialized) struct WallWindowTests {
    static let screen = PixelSize(width: 640, height: 360)

    /// The deck every screen of the wall shows, as a config's JSON; `sync` adds the screen's tile.
    static func config(tile: (column: Int, row: Int)?) -> String {
        let sync = tile.map { #", "mqtt": {"broker": "mqtt://127.0.0.1:9", "id": "wall-\#($0.column)-\#($0.row)"}, "# +
            #""sync": {"group": "wall", "tile": {"columns": 2, "rows": 2, "column": \#($0.column), "row": \#($0.row)}}"# } ?? ""
        return #"{"cards": [{"title": "Ember Mesa at Dusk over the Painted Desert", "subtitle": "One card over four screens", "# +
            #""image": "\#(Checkout.demoImage("ember-mesa"))"}, {"title": "Lac Émeraude", "image": "\#(Checkout.demoImage("alpine-lake"))"}], "# +
            ##""display": {"background": "#101014"}"## + sync + "}"
    }

    @Test func fourWindowsFormOneCard() throws {
        try withTemporaryFolder { folder in
            let wall = PixelSize(width: Self.screen.width * 2, height: Self.screen.height * 2)
            let x = try XvfbSession(screen: "\(wall.width)x\(wall.height)")
            var apps: [(app: XvfbSession.Child, column: Int, row: Int)] = []
            defer {
                for (app, _, _) in apps { app.process.terminate(); _ = app.wait(seconds: 5) }
            }
            for row in 0..<2 {
                for column in 0..<2 {
                    let config = try folder.write("screen-\(column)-\(row).json", Self.config(tile: (column, row)))
                    let app = try x.launchVitrine(["run", "--config", config, "--windowed", "\(Self.screen.width)x\(Self.screen.height)"])
                    apps.append((app, column, row))
                }
            }
            for (app, column, row) in apps {
                #expect(XvfbSession.eventually(20) { app.errors.contains("first frame shown") }, "tile \(column),\(row): no first frame: \(app.errors)")
                var window = ""
                let found = XvfbSession.eventually(10) {
                    window = (try? x.xdotool(["search", "--all", "--pid", "\(app.process.processIdentifier)", "--name", "^Vitrine$"]))?
                        .split(separator: "\n").first.map(String.init) ?? ""
                    return !window.isEmpty
                }
                #expect(found, "tile \(column),\(row): no window")
                // No window manager: the window goes where it is told, its corner at its tile of the screen.
                _ = try x.xdotool(["windowmove", window, "\(column * Self.screen.width)", "\(row * Self.screen.height)"])
            }

            // The wall drawn whole, headless, at the X screen's size: what the four windows together must show.
            let wholeConfig = try folder.write("whole.json", Self.config(tile: nil))
            let expectedPath = folder.path + "/whole.png"
            let render = try VitrineProcess.run(["render", "--config", wholeConfig, "--size", "\(wall.width)x\(wall.height)", "--output", expectedPath],
                                                timeout: .seconds(30))
            #expect(render.code == 0, "\(render.err)")
            let expected = try RGBAImage(contentsOfPNG: expectedPath)
            var last: ImageDifference?
            var grabbed: RGBAImage?
            let formed = try XvfbSession.eventually(20) {
                grabbed = try XWD.image(x.run("xwd", ["-root", "-silent"]).output)
                last = grabbed.flatMap { ImageDifference.between(expected: expected, actual: $0, tolerance: 2) }
                return last == nil
            }
            #expect(formed, "the four windows do not form the wall's card: \(last?.description ?? "")")
            if !formed, let grabbed { try? grabbed.writePNG(to: "\(VitrineProcess.root)/artifacts/wall_windows_actual.png") }
            for (app, column, row) in apps { #expect(app.process.isRunning, "tile \(column),\(row) quit: \(app.errors)") }
        }
    }
}
