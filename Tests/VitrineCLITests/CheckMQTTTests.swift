import Foundation
import Testing
import VitrineTestSupport

/// `vitrine check` on the `mqtt` key: its values, and the files it names.
@Suite struct CheckMQTTTests {
    @Test func theFilesTheKeyNamesAreRead() throws {
        try withTemporaryFolder { folder in
            _ = try folder.write("empty-password", "\nsecond line\n")
            _ = try folder.write("not-a-ca.pem", "hello\n")
            let card = #"{"title":"A","image":"\#(Checkout.demoImage("canyon"))"}"#
            let config = try folder.write("deck.json", #"{"cards":[\#(card)],"mqtt":{"broker":"mqtts://broker.lan","username":"k","passwordFile":"empty-password","caFile":"not-a-ca.pem"}}"#)
            let result = try VitrineProcess.run(["check", "--config", config], timeout: .seconds(20))
            #expect(result.code == 65)
            #expect(result.out.hasPrefix("""
                \(config): mqtt.passwordFile: \(folder.file("empty-password")) has an empty first line: the password is its first line
                \(config): mqtt.caFile: \(folder.file("not-a-ca.pem")) holds no PEM certificate (no BEGIN CERTIFICATE line)

                """), "\(result.out)")
            let missing = try folder.write("missing.json", #"{"cards":[\#(card)],"mqtt":{"broker":"mqtt://broker.lan","username":"k","passwordFile":"nowhere"}}"#)
            let second = try VitrineProcess.run(["check", "--config", missing], timeout: .seconds(20))
            #expect(second.code == 65)
            #expect(second.out.hasPrefix("\(missing): mqtt.passwordFile: cannot read it: "), "\(second.out)")
            #expect(second.out.contains(folder.file("nowhere")), "\(second.out)")
            let good = try folder.write("good.json", #"{"cards":[\#(card)],"mqtt":{"broker":"mqtt://broker.lan:1884","id":"lobby-1"}}"#)
            #expect(try VitrineProcess.run(["check", "--config", good], timeout: .seconds(20)).out == "ok: 1 card, 1 image, 2 fonts\n")
        }
    }

    @Test func aBadValueIsOneLine() throws {
        try withTemporaryFolder { folder in
            let config = try folder.write("deck.json", #"{"cards":[],"mqtt":{"broker":"http://broker.lan","id":"a+b"}}"#)
            let result = try VitrineProcess.run(["check", "--config", config], timeout: .seconds(20))
            #expect(result.code == 65)
            #expect(result.out == """
                \(config): mqtt.broker: expected mqtt://HOST[:PORT] or mqtts://HOST[:PORT], found "http://broker.lan"
                \(config): mqtt.id: "a+b" must not contain '+': it is a separator or wildcard in MQTT topics
                failed: 2 problems in the config

                """)
        }
    }
}
