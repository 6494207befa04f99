import Testing
@testable import VitrineCore

/// When the `state` document and the discovery documents are published.
@Suite struct FleetReporterTests {
    @Test func stateIsPublishedOnceAtStartAndAtEveryChangeOnly() {
        var kiosk = FleetDriver(autoplay: AutoplayConfig(interval: 2))
        #expect(kiosk.states == [#"{"page":0,"id":"a0","title":"A0","cards":5,"paused":false,"autoplay":true,"asleep":false,"version":"0.1"}"#])
        kiosk.advance(to: 1.9)  // Frames, timers: nothing changed.
        #expect(kiosk.states.count == 1)
        kiosk.advance(to: 3)
        #expect(kiosk.states.count == 2)
        #expect(kiosk.states.last?.contains(#""page":1,"id":"a1","title":"A1""#) == true)
        kiosk.send(.control(.pause, client: -1), at: 3.5)
        #expect(kiosk.states.last?.contains(#""paused":true"#) == true)
        #expect(kiosk.states.count == 3)
        #expect(kiosk.messages.filter { $0.topic.hasSuffix("/state") }.allSatisfy { $0.retain && $0.qos == 1 })
    }

    @Test func discoveryComesFirstAndAgainAfterAReload() {
        var kiosk = FleetDriver()
        let configs = kiosk.messages.filter { $0.topic.hasPrefix("homeassistant/") }
        #expect(configs.map(\.topic) == [
            "homeassistant/button/vitrine_k1/next/config", "homeassistant/button/vitrine_k1/previous/config",
            "homeassistant/switch/vitrine_k1/pause/config", "homeassistant/select/vitrine_k1/card/config",
            "homeassistant/sensor/vitrine_k1/shown/config", "homeassistant/binary_sensor/vitrine_k1/asleep/config",
        ])
        #expect(configs.allSatisfy { $0.retain && $0.payload.contains(#""availability_topic":"vitrine/k1/availability""#) })
        var smaller = kiosk.runtime.config
        smaller.cards = RuntimeFixture.cards(2, prefix: "b")
        kiosk.send(.configLoaded(.success(LoadedConfig(config: smaller)), changedImages: nil), at: 1)
        kiosk.advance(to: 3)
        let select = kiosk.messages.last { $0.topic == "homeassistant/select/vitrine_k1/card/config" }
        #expect(select?.payload.contains(#""options":["0: B0","1: B1"]"#) == true)
    }

    @Test func everyDocumentIsJSON() throws {
        let kiosk = FleetDriver()
        for message in kiosk.messages { _ = try JSONValue.parse(Array(message.payload.utf8)) }
        let select = try #require(kiosk.messages.first { $0.topic.contains("/select/") })
        let value = try JSONValue.parse(Array(select.payload.utf8))
        #expect(value["command_template"] == .string(#"{"cmd":"goto","index":{{ value.split(':')[0] | int }}}"#))
        #expect(value["unique_id"] == .string("vitrine_k1_card"))
    }
}
