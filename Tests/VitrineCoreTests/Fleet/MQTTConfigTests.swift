import Testing
@testable import VitrineCore

/// The `mqtt` key: what it takes, its defaults, and one line for each mistake.
@Suite struct MQTTConfigTests {
    func decode(_ mqtt: String) throws(ConfigError) -> KioskConfig {
        let text = #"{"cards":[{"title":"A","image":"a.jpg"}],"mqtt":\#(mqtt)}"#
        return try KioskConfig.decode(Array(text.utf8), file: "/etc/vitrine/kiosk.json").config
    }

    func errors(_ mqtt: String) -> [String] {
        do throws(ConfigError) {
            _ = try decode(mqtt)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func aBrokerAloneTakesTheDefaults() throws {
        let config = try decode(#"{"broker":"mqtt://broker.lan"}"#)
        #expect(config.mqtt?.broker == MQTTConfig.Broker(host: "broker.lan", port: 1883, tls: false))
        #expect(config.mqtt?.prefix == "vitrine")
        #expect(config.mqtt?.id == nil)
        #expect(try decode(#"{"broker":"mqtts://[::1]"}"#).mqtt?.broker == MQTTConfig.Broker(host: "::1", port: 8883, tls: true))
        #expect(try KioskConfig.decode(Array(#"{"cards":[]}"#.utf8), file: "k.json").config.mqtt == nil)
    }

    @Test func everyKeyIsTaken() throws {
        let mqtt = try #require(try decode(#"{"broker":"mqtts://h:8884","id":"lobby-1","prefix":"museum","username":"kiosk","passwordFile":"secret","caFile":"/etc/ssl/ca.pem"}"#).mqtt)
        #expect(mqtt.broker.description == "mqtts://h:8884")
        #expect(mqtt.id == "lobby-1" && mqtt.prefix == "museum" && mqtt.username == "kiosk")
        #expect(mqtt.passwordFile == "/etc/vitrine/secret")
        #expect(mqtt.caFile == "/etc/ssl/ca.pem")
    }

    @Test func mistakesAreOneLineEach() {
        #expect(errors(#"{"broker":"tcp://h"}"#) == [#"/etc/vitrine/kiosk.json: mqtt.broker: expected mqtt://HOST[:PORT] or mqtts://HOST[:PORT], found "tcp://h""#])
        #expect(errors(#"{"broker":"mqtt://h:0"}"#).first?.hasSuffix(#"the port must be a number from 1 to 65535, found "0""#) == true)
        #expect(errors(#"{"broker":"mqtt://h/x"}"#).count == 1)
        #expect(errors(#"{"broker":"mqtt://"}"#).first?.contains("no host name") == true)
        #expect(errors(#"{"id":"a"}"#) == [#"/etc/vitrine/kiosk.json: mqtt.broker: missing required key "broker" (expected an address such as "mqtt://host:1883")"#])
        #expect(errors(#"{"broker":"mqtt://h","id":"a/b"}"#) == [#"/etc/vitrine/kiosk.json: mqtt.id: "a/b" must not contain '/': it is a separator or wildcard in MQTT topics"#])
        #expect(errors(#"{"broker":"mqtt://h","prefix":""}"#).first?.hasSuffix(#"mqtt.prefix: "" must not be empty"#) == true)
        #expect(errors(#"{"broker":"mqtt://h","caFile":"ca.pem"}"#).first?.contains("mqtt.caFile: a CA file is for TLS") == true)
        #expect(errors(#"{"broker":"mqtt://h","passwordFile":"p"}"#).first?.contains("mqtt.passwordFile: a password needs \"username\" too") == true)
        #expect(errors(#"{"broker":"mqtt://h","port":1}"#).isEmpty)  // An unknown key is a warning, as elsewhere.
        #expect(errors(#""mqtt://h""#).first?.contains("mqtt: expected an object") == true)
    }

    @Test func hostNamesBecomeIDs() {
        #expect(MQTTConfig.id(fromHostName: "lobby-1") == "lobby-1")
        #expect(MQTTConfig.id(fromHostName: "a/b+c#d e") == "a-b-c-d-e")
        #expect(MQTTConfig.id(fromHostName: "") == "vitrine")
    }
}

/// A reload that changes the `mqtt` key keeps the running link and says when the change applies.
@Suite struct MQTTReloadTests {
    @Test func anMQTTChangeWaitsForTheNextStart() {
        var config = RuntimeFixture.config(RuntimeFixture.cards(2))
        config.mqtt = MQTTConfig(broker: MQTTConfig.Broker(host: "a", port: 1883, tls: false))
        var changed = config
        changed.mqtt?.prefix = "museum"
        var kiosk = RuntimeFixture.kiosk(config, files: ["/deck/kiosk.json": changed])
        kiosk.send(.reloadRequested, at: 1)
        #expect(kiosk.reports == ["/deck/kiosk.json: mqtt takes effect at the next start"])
        #expect(kiosk.runtime.config.mqtt?.prefix == "vitrine")
        var same = RuntimeFixture.kiosk(config, files: ["/deck/kiosk.json": config])
        same.send(.reloadRequested, at: 1)
        #expect(same.reports.isEmpty)
    }
}
