import Foundation
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

/// `style` in a real window: `run` draws the same pixels as `render` for a styled deck, title font included.
@Suite(.serialized) struct StyleEndToEndTests {
    @Test func aStyledDeckInAWindowIsTheFrameRenderDraws() throws {
        try withTemporaryFolder { folder in
            let font = VitrineProcess.root + "/Assets/Fonts/DejaVuSans.ttf"
            let config = try folder.write("deck.json", #"""
                {"cards": [{"title": "Styled", "subtitle": "Top trailing, gold, regular face", "image": "\#(Checkout.demoImage("canyon"))"},
                           {"image": "\#(Checkout.demoImage("ember-mesa"))"}],
                 "style": {"titleFont": "\#(font)", "textColor": "#FFCC33", "textPosition": "topTrailing", "dots": false}}
                """#)
            let x = try XvfbSession()
            let socket = folder.file("control.sock")
            let app = try x.launchVitrine(["run", "--config", config, "--windowed", "600x400", "--control", socket])
            _ = try x.windowOrigin(of: app)
            func ctl(_ words: [String]) throws -> (code: Int32, reply: String) {
                let result = try VitrineProcess.run(["ctl", "--control", socket] + words, timeout: .seconds(15))
                return (result.code, result.out.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            // Still for half a second: the first card composed and on screen.
            #expect(XvfbSession.eventually(10) {
                guard let reply = try? ctl(["status"]).reply, case .number(let age)? = (try? JSONValue.parse(reply))?["lastFrameAge"] else { return false }
                return age >= 0.5
            })
            let shot = folder.file("shot.png")
            #expect(try ctl(["screenshot", shot]).code == 0)
            let rendered = folder.file("render.png")
            let render = try VitrineProcess.run(["render", "--config", config, "--size", "600x400", "--output", rendered], timeout: .seconds(15))
            #expect(render.code == 0, "\(render.err)")
            let same = try RGBAImage(contentsOfPNG: rendered) == RGBAImage(contentsOfPNG: shot)
            #expect(same, "the window differs from vitrine render's frame")
            let plain = folder.file("plain.png")
            try #"{"cards": [{"title": "Styled", "subtitle": "Top trailing, gold, regular face", "image": "\#(Checkout.demoImage("canyon"))"}, {"image": "\#(Checkout.demoImage("ember-mesa"))"}]}"#
                .write(toFile: folder.file("plain.json"), atomically: true, encoding: .utf8)
            #expect(try VitrineProcess.run(["render", "--config", folder.file("plain.json"), "--size", "600x400", "--output", plain],
                                           timeout: .seconds(15)).code == 0)
            let styledDiffers = try RGBAImage(contentsOfPNG: plain) != RGBAImage(contentsOfPNG: shot)
            #expect(styledDiffers)
        }
    }
}
