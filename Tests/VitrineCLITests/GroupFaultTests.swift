import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

/// A group member's faults against a real Mosquitto broker (SDL's dummy video driver): bad messages on the group
/// topic are one rate-limited warning, and with the broker down the member works alone, then rejoins.
@Suite(.serialized, .enabled(if: MosquittoBroker.isInstalled, "mosquitto and mosquitto-clients are needed (make test installs them)"))
struct GroupFaultTests {
    @Test func badGroupMessagesAreRefusedAndABrokerDownLeavesTheMemberAlone() throws {
        try withTemporaryFolder { folder in
            let broker = try MosquittoBroker(folder: folder.path)
            let cards = ["ember-mesa", "alpine-lake", "misty-hills"].map { #"{"image":"\#(Checkout.demoImage($0))"}"# }
            let config = try folder.write("deck.json", #"{"cards":[\#(cards.joined(separator: ","))],"#
                                          + #""mqtt":{"broker":"mqtt://127.0.0.1:\#(broker.port)","id":"k1"},"sync":{"group":"solo"}}"#)
            let app = try MQTTFleetTests.kiosk(config, in: folder, options: [])
            #expect(XvfbSession.eventually(15) { (try? broker.retained("vitrine/k1/availability")) == "online" }, "\(app.errors)")
            func ctl(_ words: String...) -> String {
                (try? VitrineProcess.run(["ctl", "--control", folder.file("control.sock")] + words, timeout: .seconds(10)))?.out ?? ""
            }

            // 300 bad messages: malformed, binary, oversized, not a group command, a bad stamp.
            var bad: [[UInt8]] = []
            for n in 0..<60 {
                bad += [Array("{\"cmd\":".utf8), [0xFF, 0xFE, UInt8(n)], Array(String(repeating: "x", count: 9000).utf8),
                        Array(#"{"cmd":"reload"}"#.utf8), Array(#"{"cmd":"next","at":"soon"}"#.utf8)]
            }
            try broker.publish("vitrine/group/solo/cmd", lines: bad)
            #expect(XvfbSession.eventually(5) { app.errors.contains("mqtt: refused a message on vitrine/group/solo/cmd: ") }, "\(app.errors)")
            #expect(ctl("status").contains(#""group":"solo""#))
            let warnings = app.errors.components(separatedBy: "refused a message on vitrine/group/solo/cmd").count - 1
            #expect(warnings >= 1 && warnings <= 2, "one warning each 10 s: \(app.errors)")

            // Connected: ctl next goes to the group, and comes back as a group move.
            #expect(ctl("next").contains(#""group":"solo""#))
            #expect(XvfbSession.eventually(3) { ctl("status").contains(#""page":1"#) })
            // The broker down: the member works alone, at once; back, it is the group's again.
            broker.stop()
            #expect(XvfbSession.eventually(5) { app.errors.contains("mqtt: lost") }, "\(app.errors)")
            #expect(ctl("next") == "{\"ok\":true}\n")
            try broker.start()
            #expect(XvfbSession.eventually(8) { app.errors.contains("again") }, "\(app.errors)")
            #expect(XvfbSession.eventually(3) { ctl("status").contains(#""page":2"#) }, "\(ctl("status")) \(app.errors)")
            #expect(ctl("next").contains(#""group":"solo""#))
            #expect(XvfbSession.eventually(3) { ctl("status").contains(#""page":0"#) })
        }
    }
}
