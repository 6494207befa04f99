import Foundation
import Glibc
import Testing
import VitrineCore
import VitrineTestSupport

/// A fleet member's faults against a real Mosquitto broker: an outage while the deck pages, and a flood of bad
/// commands.
@Suite(.serialized, .enabled(if: MosquittoBroker.isInstalled, "mosquitto and mosquitto-clients are needed (make test installs them)"))
struct MQTTFaultTests {
    /// Runs `vitrine ctl status` on the kiosk's local socket; whether it answered ok.
    static func localStatus(_ folder: TemporaryFolder) -> Bool {
        (try? VitrineProcess.run(["ctl", "--control", folder.file("control.sock"), "status"], timeout: .seconds(10)))?.code == 0
    }

    /// How many plays the kiosk has recorded, from the next `seq` its plays file keeps (written within a second).
    static func playsRecorded(_ folder: TemporaryFolder) -> Int {
        let text = (try? String(contentsOfFile: folder.file("state/vitrine/plays-k1.jsonl"), encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").first, case .number(let n)? = try? JSONValue.parse(Array(line.utf8))["nextSeq"] else { return 0 }
        return Int(n) - 1
    }

    @Test func everyPlayArrivesAfterAnOutageInOrderAndOnce() throws {
        try withTemporaryFolder { folder in
            let broker = try MosquittoBroker(folder: folder.path)
            // A durable subscriber: the broker keeps what comes for it while it is away, across its own restart.
            let subscriber = try broker.subscribe("vitrine/k1/#", durable: true)
            #expect(subscriber.waitUntilSubscribed(broker))
            let app = try MQTTFleetTests.kiosk(try MQTTFleetTests.config(folder, broker: broker), in: folder)
            #expect(XvfbSession.eventually(15) { MQTTFleetTests.plays(subscriber).count >= 2 }, "\(app.errors)")

            broker.stop()
            let outage = Date()
            // The broker is down for 10 s while the deck pages; the local control socket answers throughout.
            var localAnswers = 0
            while Date().timeIntervalSince(outage) < 10 {
                if Self.localStatus(folder) { localAnswers += 1 }
                usleep(500_000)
            }
            #expect(localAnswers >= 10)
            #expect(app.errors.components(separatedBy: "mqtt: lost").count == 2, "\(app.errors)")
            // Paused, so no new card's play brings the waiting ones along: they must go at the reconnection.
            #expect((try? VitrineProcess.run(["ctl", "--control", folder.file("control.sock"), "pause"], timeout: .seconds(10)))?.code == 0)
            try broker.start()
            let back = Date()
            #expect(XvfbSession.eventually(5) { app.errors.contains("mqtt: connected to mqtt://127.0.0.1:\(broker.port) again") }, "\(app.errors)")
            let reconnected = Date().timeIntervalSince(back)
            #expect(reconnected < 5)
            #expect(try broker.retained("vitrine/k1/availability") == "online")

            // Every play of the outage comes (about 20 at one each 0.5 s), in order, none twice.
            #expect(XvfbSession.eventually(10) {
                let recorded = Self.playsRecorded(folder)
                return recorded >= 20 && MQTTFleetTests.plays(subscriber).count >= recorded
            }, "\(Self.playsRecorded(folder)) recorded: \(MQTTFleetTests.seqs(MQTTFleetTests.plays(subscriber)))")
            let seqs = MQTTFleetTests.seqs(MQTTFleetTests.plays(subscriber))
            #expect(seqs == Array(1...Self.playsRecorded(folder)), "\(seqs)")
            #expect(app.errors.components(separatedBy: "mqtt: lost").count == 2, "one warning per outage: \(app.errors)")
            #expect(app.errors.components(separatedBy: "connected to").count == 2, "one recovery line per outage: \(app.errors)")
            print("mqtt outage: back after \(String(format: "%.2f", reconnected)) s, \(seqs.count) plays delivered in order")
        }
    }

    @Test func thousandsOfBadCommandsAreRefusedAndTheKioskRunsOn() throws {
        try withTemporaryFolder { folder in
            let broker = try MosquittoBroker(folder: folder.path)
            let subscriber = try broker.subscribe("vitrine/k1/reply", "vitrine/k1/plays")
            #expect(subscriber.waitUntilSubscribed(broker))
            // Attract mode every minute: the kiosk goes idle between rounds, and gives its free heap back (the debug
            // log's "idle:" line), so its memory is read at rest.
            let app = try MQTTFleetTests.kiosk(try MQTTFleetTests.config(folder, broker: broker, interval: 60), in: folder,
                                               options: ["--log-level", "debug"])
            #expect(XvfbSession.eventually(15) { MQTTFleetTests.plays(subscriber).count >= 1 }, "\(app.errors)")
            func idleChores() -> Int { app.errors.components(separatedBy: "of code and read-only data in").count - 1 }
            func restingMemory(after chores: Int) -> Int {
                #expect(XvfbSession.eventually(15) { idleChores() > chores }, "the kiosk never went idle: \(app.errors)")
                return ControlEndToEndTests.anonymousMemory(app.process.processIdentifier) ?? 0
            }
            let before = restingMemory(after: 0)

            // Malformed JSON, unknown commands, oversized messages and binary noise (no newline: one message a line),
            // and one nested 8,000 deep, under the size limit (the parser's depth limit refuses it).
            var generator = SystemRandomNumberGenerator()
            let flood: [[UInt8]] = (0..<998).map { i in
                switch i % 4 {
                case 0: Array("{{{ not json \(i)".utf8)
                case 1: Array(#"{"cmd":"explode","reply":\#(i)}"#.utf8)
                case 2: [UInt8](repeating: UInt8(ascii: "x"), count: 9_000 + i)
                default: (0..<200).map { _ in UInt8.random(in: 0x0B...0xFF, using: &generator) }
                }
            } + [[UInt8](repeating: UInt8(ascii: "["), count: 8_000)]
            /// One round of 1,000 bad messages (and one with NULs, from a file); the memory at rest after it.
            func round(_ number: Int) throws -> Int {
                let chores = idleChores()
                try broker.publish("vitrine/k1/cmd", lines: flood)
                try broker.publish("vitrine/k1/cmd", bytes: [0x00, 0xFF, 0x00, 0x7B, 0x0A, 0x00])
                #expect(Self.localStatus(folder))
                #expect(XvfbSession.eventually(30) { subscriber.payloads("vitrine/k1/reply").count >= 1_000 * number },
                        "\(subscriber.payloads("vitrine/k1/reply").count) replies")
                // It keeps answering by MQTT (a status: paging would compose other cards and move the memory).
                try broker.publish("vitrine/k1/cmd", lines: [Array(#"{"cmd":"status","reply":"s"}"#.utf8)])
                #expect(XvfbSession.eventually(5) { subscriber.payloads("vitrine/k1/reply").filter { $0.hasPrefix(#"{"ok":true,"page":0"#) }.count == number })
                return restingMemory(after: chores)
            }
            let first = try round(1)
            let second = try round(2)
            let third = try round(3)
            // And it pages.
            let plays = MQTTFleetTests.plays(subscriber).count
            try broker.publish("vitrine/k1/cmd", lines: [Array(#"{"cmd":"next","reply":"n"}"#.utf8)])
            #expect(XvfbSession.eventually(5) { MQTTFleetTests.plays(subscriber).count > plays })
            #expect(MQTTFleetTests.plays(subscriber).last?["reason"] == .string("command"))
            let replies = subscriber.payloads("vitrine/k1/reply")
            #expect(replies.filter { $0.hasPrefix(#"{"ok":false,"error":"#) }.count == 3_000)
            #expect(replies.contains(#"{"ok":true,"reply":"n"}"#))
            #expect(replies.contains(#"{"ok":false,"error":"unknown command \"explode\"; the commands are next, previous, goto, pause, resume, reload, status, screenshot, wake, detail, speak","reply":1}"#))
            #expect(Self.localStatus(folder))
            // The warnings are a few lines, not thousands.
            let warnings = app.errors.components(separatedBy: "mqtt: refused a message").count - 1
            #expect((1...5).contains(warnings), "\(app.errors)")
            // Memory at rest levels off after the first round (what a burst wakes: threads and their heaps, 2 MiB
            // measured), then stays (under 0.2 MiB over two more rounds measured). Oversized messages are refused
            // from their size on the client's thread, never copied: when they were, it moved by up to 4.8 MiB.
            #expect(max(first, second, third) - before < 4 * 1024, "anonymous memory at rest: \(before) KiB, then \(first), \(second), \(third) KiB")
            #expect(third - first < 1024, "anonymous memory at rest: \(before) KiB, then \(first), \(second), \(third) KiB")
            print("mqtt flood: anonymous memory at rest \(before) KiB, then \(first), \(second), \(third) KiB after rounds 1-3; \(warnings) warning lines")
        }
    }
}

/// Starting without a broker, and a broker that refuses the kiosk's credentials.
@Suite(.serialized, .enabled(if: MosquittoBroker.isInstalled, "mosquitto and mosquitto-clients are needed (make test installs them)"))
struct MQTTStartTests {
    @Test func aBrokerDownAtStartIsOneLineAndTheKioskConnectsWhenItComes() throws {
        try withTemporaryFolder { folder in
            let broker = try MosquittoBroker(folder: folder.path, start: false)
            let app = try MQTTFleetTests.kiosk(try MQTTFleetTests.config(folder, broker: broker), in: folder)
            #expect(XvfbSession.eventually(15) { app.errors.contains("first frame shown") && app.errors.contains("mqtt: cannot reach") }, "\(app.errors)")
            #expect(MQTTFaultTests.localStatus(folder))
            try broker.start()
            #expect(XvfbSession.eventually(5) { app.errors.contains("connected to mqtt://127.0.0.1:\(broker.port) again") }, "\(app.errors)")
            #expect(XvfbSession.eventually(5) { (try? broker.retained("vitrine/k1/availability")) == "online" })
            let lines = app.errors.split(separator: "\n").filter { $0.contains(": mqtt: ") }
            #expect(lines.count == 2, "one warning, one recovery: \(lines)")
        }
    }

    @Test func aBrokerThatNeverAnswersIsLeftForTheRealOne() throws {
        try withTemporaryFolder { folder in
            let broker = try MosquittoBroker(folder: folder.path, start: false)
            // A host that takes the connection and says nothing: libmosquitto alone would wait minutes.
            let silent = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var yes: Int32 = 1
            setsockopt(silent, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(broker.port).bigEndian
            let listening = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(silent, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            } && listen(silent, 16) == 0
            #expect(listening)
            let app = try MQTTFleetTests.kiosk(try MQTTFleetTests.config(folder, broker: broker), in: folder)
            #expect(XvfbSession.eventually(10) { app.errors.contains("mqtt: cannot reach mqtt://127.0.0.1:\(broker.port): no answer within 2.5 s") }, "\(app.errors)")
            close(silent)
            try broker.start()
            #expect(XvfbSession.eventually(5) { app.errors.contains("connected to mqtt://127.0.0.1:\(broker.port) again") }, "\(app.errors)")
        }
    }

    @Test func refusedCredentialsAreOneClearLine() throws {
        try withTemporaryFolder { folder in
            let broker = try MosquittoBroker(folder: folder.path, password: "right")
            _ = try folder.write("password", "wrong\n")
            let deck = try MQTTFleetTests.config(folder, broker: broker)
            let text = try String(contentsOfFile: deck, encoding: .utf8)
            _ = try folder.write("deck.json", text.replacingOccurrences(of: #""id":"k1"}"#, with: #""id":"k1","username":"kiosk","passwordFile":"password"}"#))
            let app = try MQTTFleetTests.kiosk(deck, in: folder)
            #expect(XvfbSession.eventually(10) { app.errors.contains("mqtt: cannot log in to mqtt://127.0.0.1:\(broker.port): the broker refused") }, "\(app.errors)")
            // It keeps trying, quietly: two more refused attempts say nothing more.
            #expect(XvfbSession.eventually(10) { broker.log.components(separatedBy: "not authorised").count > 3 }, "\(broker.log)")
            #expect(MQTTFaultTests.localStatus(folder))
            let lines = app.errors.split(separator: "\n").filter { $0.contains("mqtt") }
            #expect(lines.count == 1, "\(lines)")
            #expect(lines.first?.contains("the broker refused the connection: Connection Refused: not authorised. (check mqtt.username and mqtt.passwordFile)") == true, "\(lines)")
            #expect(try broker.retained("vitrine/k1/availability") == nil)
        }
    }
}

/// A TLS broker: reached with its CA, and one clear line with another.
@Suite(.serialized, .enabled(if: MosquittoBroker.isInstalled && XvfbSession.which("openssl") != nil, "mosquitto and openssl are needed"))
struct MQTTTLSTests {
    /// A deck on `broker` by TLS trusting `caFile`.
    static func config(_ folder: TemporaryFolder, broker: MosquittoBroker, caFile: String) throws -> String {
        let card = #"{"title":"A","image":"\#(Checkout.demoImage("canyon"))"}"#
        return try folder.write("deck.json", #"{"cards":[\#(card)],"mqtt":{"broker":"mqtts://127.0.0.1:\#(broker.port)","id":"k1","caFile":"\#(caFile)"}}"#)
    }

    @Test func theBrokersCAConnectsAndAnotherIsOneLine() throws {
        try withTemporaryFolder { folder in
            let broker = try MosquittoBroker(folder: folder.path, tls: true)
            let trusted = try MQTTFleetTests.kiosk(try Self.config(folder, broker: broker, caFile: broker.caFile), in: folder)
            #expect(XvfbSession.eventually(10) { trusted.errors.contains("first frame shown") }, "\(trusted.errors)")
            // The retained availability can only be read through TLS: the kiosk's own word that it connected.
            #expect(XvfbSession.eventually(10) { broker.log.contains("New client connected") && broker.log.contains("as vitrine-k1") }, "\(broker.log)")
            #expect(!trusted.errors.contains("mqtt:"), "\(trusted.errors)")

            let other = try TemporaryFolder(prefix: "vitrine-other-ca")
            defer { other.remove() }
            _ = try MosquittoBroker.makeCertificates(in: other.path)
            let stranger = try MQTTFleetTests.kiosk(try Self.config(folder, broker: broker, caFile: other.path + "/ca.pem"), in: folder)
            #expect(XvfbSession.eventually(10) { stranger.errors.contains("TLS failed") }, "\(stranger.errors)")
            #expect(XvfbSession.eventually(10) { broker.log.components(separatedBy: "OpenSSL Error").count > 3 }, "\(broker.log)")
            let lines = stranger.errors.split(separator: "\n").filter { $0.contains("mqtt") }
            #expect(lines.count == 1, "\(lines)")
            #expect(lines.first?.contains("mqtt: cannot log in to mqtts://127.0.0.1:\(broker.port): TLS failed") == true, "\(lines)")
            print("mqtt tls: \(lines.first ?? "")")
        }
    }
}
