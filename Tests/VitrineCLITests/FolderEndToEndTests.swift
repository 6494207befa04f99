import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

/// `vitrine run --config photos/` in a real X server: a file copied into the folder adds a card, the card on
/// screen stays on screen (no transition), and the screen then shows what `vitrine render` draws for that card.
@Suite(.serialized) struct FolderEndToEndTests {
    @Test func aFileAddedWhileRunningAddsACardAndTheScreenStaysOnItsCard() throws {
        try withTemporaryFolder { folder in
            let photos = folder.file("photos")
            try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: false)
            for (name, picture) in [("b.jpg", "ember-mesa"), ("d.jpg", "alpine-lake")] {
                try FileManager.default.copyItem(atPath: Checkout.demoImage(picture), toPath: "\(photos)/\(name)")
            }
            let x = try XvfbSession()
            let socket = folder.file("control.sock")
            let log = folder.file("events.jsonl")
            let app = try x.launchVitrine(["run", "--config", photos + "/", "--windowed", "600x400", "--control", socket, "--events", log])
            _ = try x.windowOrigin(of: app)
            func events() -> [String] { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
            func status() throws -> JSONValue { try JSONValue.parse(try ControlEndToEndTests.ctl(socket, ["status"]).reply) }

            #expect(try ControlEndToEndTests.ctl(socket, ["goto", "d.jpg"]).code == 0)
            #expect(XvfbSession.eventually(5) { (try? status())?["page"] == .number(1) }, "\(events())")
            // c.jpg sorts before d.jpg, the card on screen: written beside it, then renamed into place.
            try FileManager.default.copyItem(atPath: Checkout.demoImage("canyon"), toPath: "\(photos)/.c.jpg.part")
            #expect(rename("\(photos)/.c.jpg.part", "\(photos)/c.jpg") == 0)
            #expect(XvfbSession.eventually(10) { events().contains { $0.contains(#""event":"deckReloaded","cards":3"#) } }, "\(events())")
            #expect(try status()["id"] == .string("d.jpg"))
            #expect(try status()["page"] == .number(2))
            let lines = events()
            let reload = try #require(lines.firstIndex { $0.contains("deckReloaded") })
            #expect(lines[reload - 1].contains(#""event":"pageChanged","page":2,"from":1,"reason":"reload""#), "\(lines)")
            #expect(!lines[reload...].contains { $0.contains("transitionStarted") }, "nothing moves: \(lines)")

            // Once still, the screen is the new deck's card 2, as vitrine render draws it.
            #expect(XvfbSession.eventually(10) {
                guard case .number(let age)? = (try? status())?["lastFrameAge"] else { return false }
                return age >= 0.5
            })
            let shot = folder.file("shot.png")
            #expect(try ControlEndToEndTests.ctl(socket, ["screenshot", shot]).code == 0)
            let rendered = folder.file("render.png")
            let render = try VitrineProcess.run(["render", "--config", photos, "--page", "2", "--size", "600x400", "--output", rendered],
                                                timeout: .seconds(15))
            #expect(render.code == 0, "\(render.err)")
            let same = try RGBAImage(contentsOfPNG: rendered) == RGBAImage(contentsOfPNG: shot)
            #expect(same, "the screen differs from vitrine render's frame of the card")
        }
    }
}
