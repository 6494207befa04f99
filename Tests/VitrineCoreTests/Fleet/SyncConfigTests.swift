import Testing
@testable import VitrineCore

/// The `sync` key: a group, a wall tile and a lead, and one line for each mistake.
@Suite struct SyncConfigTests {
    func decode(_ sync: String, mqtt: Bool = true) throws(ConfigError) -> KioskConfig {
        let broker = mqtt ? #","mqtt":{"broker":"mqtt://h"}"# : ""
        let text = #"{"cards":[{"title":"A","image":"a.jpg"}]\#(broker),"sync":\#(sync)}"#
        return try KioskConfig.decode(Array(text.utf8), file: "k.json").config
    }

    func errors(_ sync: String, mqtt: Bool = true) -> [String] {
        do throws(ConfigError) {
            _ = try decode(sync, mqtt: mqtt)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func aGroupAloneTakesTheDefaults() throws {
        let sync = try #require(try decode(#"{"group":"lobby"}"#).sync)
        #expect(sync.group == "lobby")
        #expect(sync.tile == nil)
        #expect(sync.lead == SyncConfig.defaultLead)
        #expect(try KioskConfig.decode(Array(#"{"cards":[]}"#.utf8), file: "k.json").config.sync == nil)
    }

    @Test func aTileAndALeadAreTaken() throws {
        let sync = try #require(try decode(#"{"group":"wall","tile":{"columns":2,"rows":2,"column":0,"row":1},"lead":0.5}"#).sync)
        #expect(sync.tile == SyncConfig.Tile(columns: 2, rows: 2, column: 0, row: 1))
        #expect(sync.lead == 0.5)
    }

    @Test func mistakesAreOneLineEach() {
        #expect(errors(#"{"group":"lobby"}"#, mqtt: false) == [#"k.json: sync: a group needs "mqtt": its commands travel through the broker"#])
        #expect(errors(#"{"tile":{"columns":1,"rows":1,"column":0,"row":0}}"#) == [#"k.json: sync.group: missing required key "group" (expected a topic level such as "lobby")"#])
        #expect(errors(#"{"group":"a/b"}"#) == [#"k.json: sync.group: "a/b" must not contain '/': it is a separator or wildcard in MQTT topics"#])
        #expect(errors(#"{"group":"w","tile":{"columns":2,"rows":2,"column":2,"row":0}}"#) == ["k.json: sync.tile.column: column 2 is outside a wall 2 screens wide (columns 0 to 1)"])
        #expect(errors(#"{"group":"w","tile":{"columns":2,"rows":1,"column":0,"row":1}}"#) == ["k.json: sync.tile.row: row 1 is outside a wall 1 screens high (rows 0 to 0)"])
        #expect(errors(#"{"group":"w","tile":{"columns":17,"rows":1,"column":0,"row":0}}"#) == ["k.json: sync.tile.columns: expected a whole number from 1 to 16, found 17"])
        #expect(errors(#"{"group":"w","tile":{"columns":2,"rows":1,"column":0}}"#) == [#"k.json: sync.tile.row: missing required key "row" (expected a whole number from 0)"#])
        #expect(errors(#"{"group":"w","lead":9}"#) == ["k.json: sync.lead: expected a number from 0.02 to 5, found 9"])
        #expect(errors(#""lobby""#).first?.contains("sync: expected an object") == true)
    }

    @Test func aReloadKeepsTheGroupItStartedWith() {
        var config = RuntimeFixture.config(RuntimeFixture.cards(2))
        config.mqtt = MQTTConfig(broker: MQTTConfig.Broker(host: "a", port: 1883, tls: false))
        config.sync = SyncConfig(group: "lobby")
        var changed = config
        changed.sync?.group = "hall"
        var kiosk = RuntimeFixture.kiosk(config, files: ["/deck/kiosk.json": changed])
        kiosk.send(.reloadRequested, at: 1)
        #expect(kiosk.reports == ["/deck/kiosk.json: sync takes effect at the next start"])
        #expect(kiosk.runtime.config.sync?.group == "lobby")
    }
}
