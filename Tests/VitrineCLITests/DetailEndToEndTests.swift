import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

/// The detail panel in a real window under Xvfb: a click on the card opens it, its QR code scans from `ctl
/// screenshot`, a click outside closes it, and `ctl detail` opens and closes it too.
@Suite(.serialized) struct DetailEndToEndTests {
    static let link = "https://example.org/landmarks/alpine-lake"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg"), "zbarimg (zbar-tools) reads the code"))
    func aClickOpensThePanelItsCodeScansAndAClickOutsideClosesIt() throws {
        try withTemporaryFolder { folder in
            let config = try folder.write("deck.json", """
                {"cards": [
                  {"title": "Lake", "image": "\(Checkout.demoImage("alpine-lake"))", "detail": {"text": "A lake high in the Alps.", "link": "\(Self.link)"}},
                  {"title": "Mesa", "image": "\(Checkout.demoImage("ember-mesa"))"}
                ]}
                """)
            let x = try XvfbSession()
            let socket = folder.file("control.sock")
            let log = folder.file("events.jsonl")
            let app = try x.launchVitrine(["run", "--config", config, "--windowed", "900x600", "--control", socket, "--events", log])
            let (x0, y0) = try x.windowOrigin(of: app)
            func events() -> [String] {
                ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init).filter { $0.contains(#""event":"detail"#) }
            }
            func scan() throws -> String {
                let shot = folder.file("shot-\(UUID().uuidString).png")
                let taken = try VitrineProcess.run(["ctl", "--control", socket, "screenshot", shot], timeout: .seconds(15))
                #expect(taken.code == 0, "\(taken.out) \(taken.err)")
                let zbar = try x.run("zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", shot])
                return String(decoding: zbar.output, as: UTF8.self)
            }

            try x.xdotool(["mousemove", "\(x0 + 450)", "\(y0 + 300)", "click", "1"])
            #expect(XvfbSession.eventually(5) { events().count == 1 }, "\(events())")
            #expect(XvfbSession.eventually(5) { (try? scan()) == Self.link + "\n" })
            try x.xdotool(["mousemove", "\(x0 + 300)", "\(y0 + 560)", "click", "1"])  // The subtitle, below the panel.
            #expect(XvfbSession.eventually(5) { events().count == 2 }, "\(events())")
            #expect(events().last?.contains(#""page":0,"reason":"tapOutside""#) == true, "\(events())")
            #expect(XvfbSession.eventually(5) { (try? scan()) == "" })

            let opened = try VitrineProcess.run(["ctl", "--control", socket, "detail", "open"], timeout: .seconds(15))
            #expect(opened.out == #"{"ok":true,"page":0,"open":true}"# + "\n")
            let closed = try VitrineProcess.run(["ctl", "--control", socket, "detail", "close"], timeout: .seconds(15))
            #expect(closed.out == #"{"ok":true,"open":false}"# + "\n")
            #expect(XvfbSession.eventually(5) { events().count == 4 }, "\(events())")
        }
    }
}
