import Foundation
import Testing
import VitrineCore
import VitrineSystem
import VitrineTestSupport

/// A kiosk in a real X server speaking through libspeechd to a stand-in speech-dispatcher (``SSIPStandIn``) that
/// `SPEECHD_ADDRESS` points at.
@Suite(.serialized) struct SpeechEndToEndTests {
    /// Three demo cards, attract mode every second, speech on; card 1 is French.
    static func config(_ folder: TemporaryFolder) throws -> String {
        try folder.write("deck.json", """
            {"accessibility":{"speak":true,"voice":"en-us+f3","rate":-20},"lang":"en",
             "autoplay":{"interval":1,"resumeAfterIdle":1},
             "cards":[{"title":"Ember Mesa","subtitle":"Red rock","image":"\(Checkout.demoImage("ember-mesa"))"},
                      {"title":"Lac Émeraude","subtitle":"Eau calme","image":"\(Checkout.demoImage("alpine-lake"))","lang":"fr"},
                      {"title":"Misty Hills","image":"\(Checkout.demoImage("misty-hills"))"}]}
            """)
    }

    /// The texts the stand-in was asked to say, in order.
    static func spoken(_ standIn: SSIPStandIn) -> [String] {
        standIn.commands.filter { $0.hasPrefix("SPEAK ") }.map { String($0.dropFirst(6)) }
    }

    @Test func theStandInHearsTheTitlesInOrderWithACancelBeforeEachCardAndCtlSpeakOffStopsIt() throws {
        try withTemporaryFolder { folder in
            let standIn = try SSIPStandIn(path: folder.file("speechd.sock"))
            let x = try XvfbSession()
            let socket = folder.file("control.sock")
            let app = try x.launchVitrine(["run", "--config", try Self.config(folder), "--windowed", "600x400", "--control", socket],
                                          environment: ["SPEECHD_ADDRESS": standIn.address])
            _ = try x.windowOrigin(of: app)
            // Two passes through the deck: every title, in deck order.
            let titles = ["Ember Mesa", "Lac Émeraude", "Misty Hills"]
            #expect(XvfbSession.eventually(20) { Self.spoken(standIn).filter { titles.contains($0) }.count >= 5 },
                    "\(standIn.commands) \(app.errors)")
            let heard = Self.spoken(standIn)
            let order = heard.filter { titles.contains($0) }
            #expect(Array(order.prefix(5)) == ["Ember Mesa", "Lac Émeraude", "Misty Hills", "Ember Mesa", "Lac Émeraude"], "\(heard)")
            #expect(heard.prefix(4) == ["Ember Mesa", "Red rock", "Lac Émeraude", "Eau calme"], "\(heard)")
            // Each card's speech is preceded by a CANCEL of what was still being said, then its language.
            let commands = standIn.commands
            for title in titles {
                let at = try #require(commands.firstIndex(of: "SPEAK " + title))
                let before = commands[..<at]
                let cancel = try #require(before.lastIndex(of: "CANCEL"))
                #expect(!before[cancel...].contains { $0.hasPrefix("SPEAK ") && !titles.contains(String($0.dropFirst(6))) }
                        || title == "Ember Mesa", "\(commands)")
                #expect(before[cancel...].contains(title == "Lac Émeraude" ? "LANGUAGE fr" : "LANGUAGE en"), "\(commands)")
            }
            #expect(commands.contains("VOICE en-us+f3") && commands.contains("RATE -20"), "\(commands)")

            // Off: a CANCEL, and nothing more is said while the deck keeps paging.
            let off = try VitrineProcess.run(["ctl", "--control", socket, "speak", "off"], timeout: .seconds(15))
            #expect(off.out.contains(#"{"ok":true,"speaking":false}"#), "\(off.out) \(off.err)")
            #expect(XvfbSession.eventually(5) { standIn.commands.last == "CANCEL" }, "\(standIn.commands)")
            let said = Self.spoken(standIn).count
            let status = { try VitrineProcess.run(["ctl", "--control", socket, "status"], timeout: .seconds(15)).out }
            let page = try status()
            #expect(XvfbSession.eventually(10) { (try? status()).map { $0 != page } ?? false })
            #expect(Self.spoken(standIn).count == said, "\(standIn.commands)")
            #expect(!app.errors.contains("speech:"), "\(app.errors)")

            // The daemon dies, and speech is turned on again: one warning, and the kiosk pages on.
            standIn.stop()
            #expect(try VitrineProcess.run(["ctl", "--control", socket, "speak", "on"], timeout: .seconds(15)).code == 0)
            #expect(XvfbSession.eventually(10) { app.errors.contains("speech: speech-dispatcher stopped answering") }, "\(app.errors)")
            for _ in 0..<2 {
                let now = try status()
                #expect(XvfbSession.eventually(10) { (try? status()).map { $0 != now } ?? false })
            }
            #expect(app.errors.split(separator: "\n").filter { $0.contains("speech:") }.count == 1, "\(app.errors)")
        }
    }

    @Test func withNoDaemonTheKioskRunsSilentAndSaysWhyOnce() throws {
        try withTemporaryFolder { folder in
            let x = try XvfbSession()
            let socket = folder.file("control.sock")
            let app = try x.launchVitrine(["run", "--config", try Self.config(folder), "--windowed", "600x400", "--control", socket],
                                          environment: ["SPEECHD_ADDRESS": "unix_socket:" + folder.file("nobody.sock")])
            _ = try x.windowOrigin(of: app)
            let status = { try VitrineProcess.run(["ctl", "--control", socket, "status"], timeout: .seconds(15)).out }
            // Three cards land (the deck pages every second) and the kiosk still answers.
            #expect(XvfbSession.eventually(15) { (try? status())?.contains(#""page":2"#) ?? false })
            #expect(XvfbSession.eventually(5) { app.errors.contains("speech: cannot reach speech-dispatcher") }, "\(app.errors)")
            let lines = app.errors.split(separator: "\n").filter { $0.contains("speech:") }
            #expect(lines.count == 1, "\(app.errors)")
        }
    }
}
