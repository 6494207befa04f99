import Foundation
import Testing
import VitrineTestSupport

/// Ken Burns in a real window under Xvfb: the picture, composed alone on the preparer's queue, moves under a still
/// title.
@Suite(.serialized) struct KenBurnsEndToEndTests {
    @Test func thePictureMovesUnderTheTitleInAWindow() throws {
        let x = try XvfbSession()
        // Attract mode every 4 s: the motion takes the card's 4 s.
        let config = try KioskEndToEndTests.config(extra: #", "motion": "kenburns", "autoplay": {"interval": 4}"#)
        let app = try x.launchVitrine(["run", "--config", config])
        _ = try x.windowOrigin(of: app)
        var first = try x.grabWindow(of: app)
        // The first frame may come before the picture is there: wait for the card's white title.
        #expect(XvfbSession.eventually(5) {
            first = (try? x.grabWindow(of: app)) ?? first
            return Self.whitePixels(first).count > 100
        })
        let title = Self.whitePixels(first)
        // A still card shows at most two pictures (its preview, then the card); a moving one a new one at each grab.
        var later = first
        var seen: Set<Int> = [Self.topHalf(first).hashValue]
        let moved = XvfbSession.eventually(3) {
            later = (try? x.grabWindow(of: app)) ?? later
            seen.insert(Self.topHalf(later).hashValue)
            return seen.count >= 4
        }
        #expect(moved, "the picture did not move: \(seen.count) distinct pictures")
        let kept = title.filter { later[$0.x, $0.y] == [255, 255, 255, 255] }.count
        #expect(Double(kept) >= Double(title.count) * 0.95, "\(kept) of \(title.count) title pixels stayed white")
        try x.xdotool(["key", "Escape"])
        #expect(app.wait(seconds: 10) == 0)
    }

    /// The pure white pixels in the lower quarter (the title and subtitle).
    static func whitePixels(_ image: RGBAImage) -> [(x: Int, y: Int)] {
        var found: [(x: Int, y: Int)] = []
        for y in image.size.height * 3 / 4..<image.size.height {
            for x in 0..<image.size.width * 3 / 4 where image[x, y] == [255, 255, 255, 255] { found.append((x, y)) }
        }
        return found
    }

    /// The bytes of the top half: the picture alone.
    static func topHalf(_ image: RGBAImage) -> [UInt8] {
        Array(image.bytes[0..<(image.size.width * image.size.height / 2 * 4)])
    }
}
