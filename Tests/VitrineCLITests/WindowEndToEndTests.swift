import Foundation
import Testing
import VitrineCore
import VitrineTestSupport

/// `vitrine run` in a real X server (Xvfb), driven by xdotool as a person would: drag, keys, dot clicks, Escape.
@Suite(.serialized) struct WindowEndToEndTests {
    @Test func dragKeysAndDotsPageTheDeckAndEscapeQuits() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-e2e-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let x = try XvfbSession()
        let app = try x.launchVitrine(["run", "--windowed", "900x600", "--events", log])
        let (x0, y0) = try x.windowOrigin(of: app)

        func allEvents() -> [String] {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        #expect(XvfbSession.eventually(5) { !allEvents().isEmpty })
        #expect(allEvents().first == #"{"t":0.000,"event":"pageChanged","page":0,"from":null,"reason":"start"}"#, "the start card, as in a replay")
        func events() -> [String] { Array(allEvents().dropFirst()) }
        func pageChanges() -> [String] { events().filter { $0.contains("pageChanged") } }

        // A drag from 80 % to 20 % of the width: more than half a page, so it commits to card 1.
        var drag = ["mousemove", "\(x0 + 720)", "\(y0 + 300)", "mousedown", "1"]
        for step in 1...12 { drag += ["mousemove", "\(x0 + 720 - step * 45)", "\(y0 + 300)", "sleep", "0.02"] }
        drag += ["mouseup", "1"]
        try x.xdotool(drag)
        #expect(XvfbSession.eventually(5) { pageChanges().count == 1 }, "drag did not page: \(events())")
        #expect(pageChanges().last?.contains(#""page":1"#) == true)
        #expect(events().first?.contains(#""event":"dragBegan","page":0"#) == true)

        // Two rapid presses of → land two cards on with one transition.
        try x.xdotool(["mousemove", "\(x0 + 450)", "\(y0 + 100)", "key", "Right", "key", "Right"])
        #expect(XvfbSession.eventually(5) { pageChanges().count == 2 }, "keys did not page: \(events())")
        #expect(pageChanges().last?.contains(#""page":3"#) == true)

        // A click on the sixth dot jumps to card 5.
        let stage = StageLayout(windowPixels: PixelSize(width: 900, height: 600), fit: .contain)
        let dot = stage.pageControl(pageCount: 10, currentPage: 3).dots[5].center
        try x.xdotool(["mousemove", "\(x0 + Int(dot.x))", "\(y0 + Int(dot.y))", "click", "1"])
        #expect(XvfbSession.eventually(5) { pageChanges().count == 3 }, "dot click did not page: \(events())")
        #expect(pageChanges().last?.contains(#""page":5"#) == true)

        // Every transition that started finished, and each completed one changed the page once.
        #expect(events().filter { $0.contains("transitionStarted") }.count == events().filter { $0.contains("transitionFinished") }.count)

        try x.xdotool(["key", "Escape"])
        #expect(app.wait(seconds: 5) == 0, "Escape did not quit cleanly: \(app.errors)")
    }
}
