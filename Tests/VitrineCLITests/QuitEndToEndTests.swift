import Foundation
import Testing
import VitrineTestSupport

/// Quitting a real window by every route, and losing the X server: always a documented exit code, never Xlib's.
@Suite(.serialized) struct QuitEndToEndTests {
    /// Starts the kiosk, pages once and quits by `way`; returns the exit code and what it logged.
    func quit(_ x: XvfbSession, by way: String) throws -> (code: Int32?, errors: String) {
        let app = try x.launchVitrine(["run", "--windowed", "600x400"])
        _ = try x.windowOrigin(of: app)
        try x.xdotool(["key", "Right"])
        switch way {
        case "escape":
            try x.xdotool(["key", "Escape"])
        case "sigterm":
            kill(app.process.processIdentifier, SIGTERM)
        default:
            // SIGINT with a flood of SIGUSR1 arriving while the kiosk shuts down.
            kill(app.process.processIdentifier, SIGINT)
            for _ in 0..<200 { kill(app.process.processIdentifier, SIGUSR1) }
        }
        return (app.wait(seconds: 10), app.errors)
    }

    @Test func everyQuitExitsZeroWithoutAnXError() throws {
        let x = try XvfbSession()
        for way in ["escape", "sigterm", "sigint", "escape", "sigterm", "sigint"] {
            let (code, errors) = try quit(x, by: way)
            #expect(code == 0, "quit by \(way): exit \(String(describing: code)): \(errors)")
            #expect(!errors.contains("X Error"), "quit by \(way): \(errors)")
        }
    }

    @Test func losingTheXServerLogsOneLineAndExits69() throws {
        let x = try XvfbSession()
        let app = try x.launchVitrine(["run", "--windowed", "600x400"])
        _ = try x.windowOrigin(of: app)
        x.killServer()
        let code = app.wait(seconds: 10)
        #expect(code == 69, "exit \(String(describing: code)): \(app.errors)")
        let lines = app.errors.split(separator: "\n").filter { $0.contains("lost the display") }
        #expect(lines.count == 1, "\(app.errors)")
        #expect(!app.errors.contains("X Error"), "\(app.errors)")
    }

    @Test func aWindowDestroyedByAnotherClientEndsTheKioskWith69() throws {
        let x = try XvfbSession()
        let app = try x.launchVitrine(["run", "--windowed", "600x400"])
        _ = try x.windowOrigin(of: app)
        let window = try x.xdotool(["search", "--name", "^Vitrine$"]).split(separator: "\n").first.map(String.init) ?? ""
        try x.xdotool(["windowclose", window])
        // The kiosk learns it at its next X request: a key press makes one.
        _ = try? x.xdotool(["key", "Right"])
        let code = app.wait(seconds: 10)
        #expect(code == 69, "exit \(String(describing: code)): \(app.errors)")
        #expect(app.errors.split(separator: "\n").filter { $0.contains("lost the display: the window was destroyed") }.count == 1,
                "\(app.errors)")
        #expect(!app.errors.contains("X Error"), "\(app.errors)")
    }
}
