import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

/// libmosquitto is opened only by a config with `mqtt`, and a kiosk without it says so in one line and runs on.
@Suite struct MQTTLibraryTests {
    /// A kiosk on SDL's dummy driver with `environment` added, once its first frame is shown.
    static func kiosk(_ config: String, in folder: TemporaryFolder, environment: [String: String] = [:]) throws -> XvfbSession.Child {
        let app = try XvfbSession.Child(VitrineProcess.executable, ["run", "--config", config, "--windowed", "300x200", "--control", folder.file("control.sock")],
                                         environment: ["SDL_VIDEODRIVER": "dummy", "DISPLAY": "", "STATE_DIRECTORY": "",
                                                       "XDG_STATE_HOME": folder.file("state")].merging(environment) { $1 })
        #expect(XvfbSession.eventually(15) { app.errors.contains("first frame shown") }, "\(app.errors)")
        return app
    }

    static func deck(_ folder: TemporaryFolder, mqtt: String?) throws -> String {
        let card = #"{"title":"A","image":"\#(Checkout.demoImage("canyon"))"}"#
        return try folder.write("deck.json", #"{"cards":[\#(card)]\#(mqtt.map { #","mqtt":\#($0)"# } ?? "")}"#)
    }

    @Test func withoutTheKeyLibmosquittoIsNeverMapped() throws {
        try withTemporaryFolder { folder in
            let plain = try Self.kiosk(try Self.deck(folder, mqtt: nil), in: folder)
            #expect(MQTTFaultTests.localStatus(folder))
            let libraries = LazyLibraryTests.mappedLibraries(plain.process.processIdentifier)
            #expect(!libraries.contains { $0.hasPrefix("libmosquitto") || $0.hasPrefix("libssl") }, "\(libraries.sorted())")
            plain.process.terminate()
            _ = plain.wait(seconds: 10)
            // With the key (a broker that is not there) it is opened once the first frame is shown.
            let fleet = try Self.kiosk(try Self.deck(folder, mqtt: #"{"broker":"mqtt://127.0.0.1:9"}"#), in: folder)
            #expect(XvfbSession.eventually(10) {
                LazyLibraryTests.mappedLibraries(fleet.process.processIdentifier).contains { $0.hasPrefix("libmosquitto") }
            })
        }
    }

    @Test func withoutAUsableLibmosquittoTheKioskSaysSoOnceAndRunsOn() throws {
        try withTemporaryFolder { folder in
            let broken = try LazyLibraryTests.brokenLibrary("libmosquitto.so.1", in: folder)
            let app = try Self.kiosk(try Self.deck(folder, mqtt: #"{"broker":"mqtt://127.0.0.1:9"}"#), in: folder,
                                     environment: ["LD_LIBRARY_PATH": broken])
            #expect(XvfbSession.eventually(10) { app.errors.contains("mqtt is off: libmosquitto.so.1 is not installed (apt install libmosquitto1)") }, "\(app.errors)")
            #expect(MQTTFaultTests.localStatus(folder))
            #expect(app.process.isRunning)
            #expect(app.errors.split(separator: "\n").filter { $0.contains("mqtt") }.count == 1, "\(app.errors)")
        }
    }
}
