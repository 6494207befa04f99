import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

/// Kiosks with an `mqtt` key against a real Mosquitto broker (SDL's dummy video driver: no screen needed):
/// retained state and availability, proof of play through an outage, and a flood of bad commands.
@Suite(.serialized, .enabled(if: MosquittoBroker.isInstalled, "mosquitto and mosquitto-clients are needed (make test installs them)"))
struct MQTTFleetTests {
    /// A deck of three demo cards with attract mode every `interval` seconds, on `broker` as kiosk `k1`.
    static func config(_ folder: TemporaryFolder, broker: MosquittoBroker, interval: Double = 0.5) throws -> String {
        let images = ["ember-mesa", "alpine-lake", "misty-hills"]
        let cards = images.enumerated().map { #"{"id":"\#($1)","title":"Card \#($0)","image":"\#(Checkout.demoImage($1))"}"# }
        return try folder.write("deck.json", #"{"cards":[\#(cards.joined(separator: ","))],"autoplay":{"interval":\#(interval)},"#
                                + #""mqtt":{"broker":"mqtt://127.0.0.1:\#(broker.port)","id":"k1"}}"#)
    }

    /// A kiosk of `config` on SDL's dummy driver, keeping its plays under `folder`/state, with a control socket.
    static func kiosk(_ config: String, in folder: TemporaryFolder, options: [String] = []) throws -> XvfbSession.Child {
        try XvfbSession.Child(VitrineProcess.executable, options + ["run", "--config", config, "--windowed", "300x200", "--control", folder.file("control.sock")],
                              environment: ["SDL_VIDEODRIVER": "dummy", "DISPLAY": "", "STATE_DIRECTORY": "", "XDG_STATE_HOME": folder.file("state")])
    }

    /// The plays received so far, parsed.
    static func plays(_ subscriber: MosquittoBroker.Subscriber) -> [JSONValue] {
        subscriber.payloads("vitrine/k1/plays").compactMap { try? JSONValue.parse(Array($0.utf8)) }
    }

    static func seqs(_ plays: [JSONValue]) -> [Int] {
        plays.compactMap { if case .number(let n)? = $0["seq"] { Int(n) } else { nil } }
    }

    @Test func stateAvailabilityAndPlaysFollowTheKiosk() throws {
        try withTemporaryFolder { folder in
            let broker = try MosquittoBroker(folder: folder.path)
            let subscriber = try broker.subscribe("vitrine/k1/#")
            #expect(subscriber.waitUntilSubscribed(broker))
            let config = try Self.config(folder, broker: broker)
            var app: XvfbSession.Child? = try Self.kiosk(config, in: folder)

            #expect(XvfbSession.eventually(15) { Self.plays(subscriber).count >= 4 }, "\(app?.errors ?? "")")
            let first = Self.plays(subscriber)
            #expect(Self.seqs(first) == Array(1...first.count))
            #expect(first.first?["reason"] == .string("start") && first.first?["id"] == .string("ember-mesa"))
            #expect(first.dropFirst().allSatisfy { $0["reason"] == .string("autoplay") })
            #expect(try broker.retained("vitrine/k1/availability") == "online")
            #expect(try broker.retained("homeassistant/select/vitrine_k1/card/config")?.contains(#""options":["0: Card 0","1: Card 1","2: Card 2"]"#) == true)

            // A command by MQTT, answered on reply with its id; the retained state follows at once.
            try broker.publish("vitrine/k1/cmd", lines: [Array(#"{"cmd":"pause","reply":"p1"}"#.utf8)])
            #expect(XvfbSession.eventually(5) { subscriber.payloads("vitrine/k1/reply").contains(#"{"ok":true,"paused":true,"reply":"p1"}"#) })
            try broker.publish("vitrine/k1/cmd", lines: [Array(#"{"cmd":"goto","index":2}"#.utf8)])
            #expect(XvfbSession.eventually(5) {
                (try? broker.retained("vitrine/k1/state")) == #"{"page":2,"id":"misty-hills","title":"Card 2","cards":3,"paused":true,"autoplay":true,"asleep":false,"version":"0.1"}"#
            }, "\(subscriber.payloads("vitrine/k1/state"))")
            #expect(XvfbSession.eventually(5) { Self.plays(subscriber).last?["reason"] == .string("command") })

            // A clean stop says offline; a restart goes on with the next seq.
            app?.process.terminate()
            #expect(app?.wait(seconds: 10) == 0)
            app = nil
            #expect(try broker.retained("vitrine/k1/availability") == "offline")
            let before = Self.seqs(Self.plays(subscriber)).max() ?? 0
            app = try Self.kiosk(config, in: folder)
            #expect(XvfbSession.eventually(10) { Self.seqs(Self.plays(subscriber)).max() ?? 0 > before }, "\(app?.errors ?? "")")
            #expect(Self.seqs(Self.plays(subscriber)) == Array(1...(Self.seqs(Self.plays(subscriber)).max() ?? 1)))
            #expect(XvfbSession.eventually(5) { (try? broker.retained("vitrine/k1/availability")) == "online" })
        }
    }
}
