import Foundation
import Testing
import VitrineCore
import VitrineFixtures
import VitrineTestSupport

/// Four kiosks of one synchronized group, each in its own window side by side on one bare X server, through a real
/// Mosquitto broker: a group command, a swipe on one and a `ctl next` to one move all four in step, and attract
/// mode keeps them on the same card with no messages. Positions are measured from the pixels: the cards are solid
/// colours, so the edge between two cards sliding is a column where one colour gives way to the next.
@Suite(.serialized, .enabled(if: MosquittoBroker.isInstalled, "mosquitto and mosquitto-clients are needed (make test installs them)"))
struct GroupWindowTests {
    /// Each window's size, and where the windows are: side by side, 10 pixels apart.
    static let width = 240, height = 160
    static func left(_ index: Int) -> Int { index * (width + 10) }
    /// The cards' colours, in deck order.
    static let colours: [[UInt8]] = [[230, 20, 20], [20, 200, 20], [20, 40, 230], [230, 220, 20]]
    /// The slide's length: long enough to be caught mid-way by several grabs.
    static let transition = 1.0

    /// The group's members: the X session, the broker, the kiosks and their control sockets.
    struct Wall {
        let x: XvfbSession
        let broker: MosquittoBroker
        var kiosks: [XvfbSession.Child] = []
        var sockets: [String] = []
    }

    /// Writes the deck's pictures and the config of member `index` of group `group`.
    static func config(_ folder: TemporaryFolder, broker: MosquittoBroker, index: Int, autoplay: Double?) throws -> String {
        let cards = try colours.enumerated().map { n, rgb in
            let path = folder.file("c\(n).jpg")
            if !FileManager.default.fileExists(atPath: path) {
                try Data(ImageHeaders.solidProgressiveJPEG(width: width, height: height, rgb: rgb)).write(to: URL(fileURLWithPath: path))
            }
            return #"{"image":"\#(path)"}"#
        }
        var root = #"{"cards":[\#(cards.joined(separator: ","))],"style":{"dots":false,"transition":\#(transition)}"#
        if let autoplay { root += #","autoplay":{"interval":\#(autoplay)}"# }
        root += #","mqtt":{"broker":"mqtt://127.0.0.1:\#(broker.port)","id":"k\#(index)"},"sync":{"group":"four","lead":0.3}}"#
        return try folder.write("k\(index).json", root)
    }

    /// Starts member `index`.
    static func launch(_ wall: inout Wall, _ folder: TemporaryFolder, index: Int, autoplay: Double? = nil) throws {
        let socket = folder.file("k\(index).sock")
        wall.kiosks.append(try wall.x.launchVitrine(["run", "--config", try config(folder, broker: wall.broker, index: index, autoplay: autoplay),
                                                     "--windowed", "\(width)x\(height)", "--control", socket]))
        wall.sockets.append(socket)
    }

    /// Puts member `index`'s window in its place once it shows its first frame; waits for its broker link.
    static func place(_ wall: Wall, index: Int) throws {
        let kiosk = wall.kiosks[index]
        var window = ""
        #expect(XvfbSession.eventually(15) {
            window = (try? wall.x.xdotool(["search", "--pid", "\(kiosk.process.processIdentifier)"]))?.split(separator: "\n").first.map(String.init) ?? ""
            return !window.isEmpty && kiosk.errors.contains("first frame shown")
        }, "member \(index) showed no window: \(kiosk.errors)")
        _ = try wall.x.xdotool(["windowmove", window, "\(left(index))", "0"])
        #expect(XvfbSession.eventually(10) { (try? wall.broker.retained("vitrine/k\(index)/availability")) == "online" }, "member \(index) is not online: \(kiosk.errors)")
    }

    /// Where each window's card is, in pages (card k at rest is k; half-way from k to k+1 is k + 0.5), read from the
    /// row across the middle of a grab of the whole screen; nil for a window showing no card colour.
    static func positions(_ wall: Wall) throws -> [Double?] {
        let (status, output) = try wall.x.run("xwd", ["-silent", "-root"])
        guard status == 0 else { return [] }
        let screen = try XWD.image(output)
        func card(_ pixel: [UInt8]) -> Int? {
            colours.firstIndex { rgb in zip(rgb, pixel).allSatisfy { abs(Int($0) - Int($1)) < 40 } }
        }
        return (0..<4).map { index in
            let y = height / 2, x0 = left(index)
            // A slide to the next card moves the left card out to the left: its colour runs from the window's left
            // edge to the edge between the cards (a column there may be a blend of the two, no card's colour).
            guard let start = (0..<3).first(where: { card(screen[x0 + $0, y]) != nil }), let first = card(screen[x0 + start, y]) else { return nil }
            var visible = start
            while visible < width, card(screen[x0 + visible, y]) == first { visible += 1 }
            return Double(first) + Double(width - visible) / Double(width)
        }
    }

    /// The most a card moves in one frame (1/60 s) of the slide, in pages: the ease-out's top speed, 3/T pages a
    /// second; and a pixel or two of the colours' soft edge.
    static let oneFrame = 3 / transition / 60 + 3 / Double(width)

    /// Grabs the screen until every window in `members` rests on `card` (at most `seconds`); returns the positions of
    /// the grabs in which a card of `members` was moving.
    static func watch(_ wall: Wall, members: [Int], until card: Int, within seconds: Double = 8) throws -> [[Double]] {
        var moving: [[Double]] = []
        _ = try XvfbSession.eventually(seconds) {
            let all = try positions(wall)
            let shown = members.compactMap { all.indices.contains($0) ? all[$0] : nil }
            guard shown.count == members.count else { return false }
            if shown.contains(where: { $0 != $0.rounded() }) { moving.append(shown) }
            return shown.allSatisfy { $0 == Double(card) }
        }
        return moving
    }

    /// Checks that in each grab the cards of the members were at the same point of the slide, within one frame.
    static func expectInStep(_ grabs: [[Double]], _ what: String) {
        #expect(grabs.count >= 2, "\(what): too few grabs caught the slide: \(grabs)")
        let widest = grabs.map { ($0.max() ?? 0) - ($0.min() ?? 0) }.max() ?? 0
        print("group window, \(what): \(grabs.count) grabs mid-slide, widest spread \(Int((widest * Double(width)).rounded())) px (one frame: \(Int((oneFrame * Double(width)).rounded())) px)")
        expectSpreads(grabs.map { ($0.max() ?? 0) - ($0.min() ?? 0) }, grabs, what)
    }

    /// Checks the spreads of the grabs: each within two frames, and at most one in twenty past one frame.
    ///
    /// Why not every grab within one frame: the four processes present on their own, without vsync, on a machine
    /// they share with the rest of the suite; one descheduled for a frame when the root window is grabbed shows a
    /// frame behind. A member out of step (another start, another epoch) is behind in every grab mid-slide, by
    /// far more than two frames (a wall's tiles put in two groups are a whole slide apart: WallSlideWindowTests).
    static func expectSpreads(_ spreads: [Double], _ grabs: [[Double]], _ what: String) {
        let late = spreads.indices.filter { spreads[$0] > oneFrame }
        #expect(late.count <= max(1, spreads.count / 20),
                "\(what): \(late.count) of \(spreads.count) grabs more than a frame (\(oneFrame) pages) apart: \(late.map { grabs[$0] })")
        for (spread, grab) in zip(spreads, grabs) {
            #expect(spread <= 2 * oneFrame, "\(what): the cards were \(spread) pages apart (one frame is \(oneFrame)): \(grab)")
        }
    }

    @Test func aGroupCommandASwipeAndCtlNextMoveAllFourInStep() throws {
        try withTemporaryFolder { folder in
            var wall = Wall(x: try XvfbSession(screen: "\(Self.left(4))x\(Self.height)"), broker: try MosquittoBroker(folder: folder.path))
            for index in 0..<4 { try Self.launch(&wall, folder, index: index) }
            for index in 0..<4 { try Self.place(wall, index: index) }
            let atStart = try Self.positions(wall)
            if atStart != [0, 0, 0, 0] { try? XWD.image(try wall.x.run("xwd", ["-silent", "-root"]).output).writePNG(to: "/tmp/sync_grab.png") }
            #expect(atStart == [0, 0, 0, 0])

            // A command published to the group.
            try wall.broker.publish("vitrine/group/four/cmd", lines: [Array(#"{"cmd":"next"}"#.utf8)])
            Self.expectInStep(try Self.watch(wall, members: [0, 1, 2, 3], until: 1), "a group command")
            #expect(try Self.positions(wall) == [1, 1, 1, 1])

            // A swipe on member 1: the other three start at the stamp together; the swiped card lands with them.
            let y = Self.height / 2, x1 = Self.left(1)
            var drag = ["mousemove", "\(x1 + Self.width - 20)", "\(y)", "mousedown", "1"]
            for step in 1...8 { drag += ["mousemove", "\(x1 + Self.width - 20 - step * 20)", "\(y)", "sleep", "0.015"] }
            drag += ["mouseup", "1"]
            _ = try wall.x.xdotool(drag)
            Self.expectInStep(try Self.watch(wall, members: [0, 2, 3], until: 2), "a swipe on member 1")
            #expect(XvfbSession.eventually(3) { (try? Self.positions(wall)) == [2, 2, 2, 2] }, "\((try? Self.positions(wall)) ?? [])")

            // `ctl next` to member 3.
            let ctl = try VitrineProcess.run(["ctl", "--control", wall.sockets[3], "next"], timeout: .seconds(10))
            #expect(ctl.code == 0 && ctl.out.contains(#""group":"four""#), "\(ctl.out) \(ctl.err)")
            Self.expectInStep(try Self.watch(wall, members: [0, 1, 2, 3], until: 3), "ctl next to member 3")
            #expect(try Self.positions(wall) == [3, 3, 3, 3])
        }
    }

    /// Keeps the test's wall time short: about 2 s of starts and 7 s of watching (the issue asks 60 s; the rule is
    /// the same each interval).
    @Test func attractModeKeepsMembersStartedApartOnTheSameCard() throws {
        try withTemporaryFolder { folder in
            var wall = Wall(x: try XvfbSession(screen: "\(Self.left(4))x\(Self.height)"), broker: try MosquittoBroker(folder: folder.path))
            for index in 0..<4 {
                if index > 0 { Thread.sleep(forTimeInterval: 0.7) }  // Started 0.7 s apart, as the issue says.
                try Self.launch(&wall, folder, index: index, autoplay: 2)
            }
            for index in 0..<4 { try Self.place(wall, index: index) }
            var grabs = 0, moving: [[Double]] = [], widest = 0.0, spreads: [Double] = [], seen: [[Double]] = []
            let end = Date().addingTimeInterval(7)
            while Date() < end {
                let all = try Self.positions(wall).compactMap { $0 }
                guard all.count == 4 else { continue }
                grabs += 1
                // Positions on a ring of four cards: 3.9 and 0.0 are a tenth apart.
                let spread = all.map { p in all.map { q in min(abs(p - q), 4 - abs(p - q)) }.max() ?? 0 }.max() ?? 0
                spreads.append(spread)
                seen.append(all)
                widest = max(widest, spread)
                if all.contains(where: { $0 != $0.rounded() }) { moving.append(all) }
            }
            Self.expectSpreads(spreads, seen, "attract mode")
            #expect(grabs > 20 && moving.count >= 2, "\(grabs) grabs, \(moving.count) during slides")
            print("group window, attract mode: \(grabs) grabs, \(moving.count) mid-slide, widest spread \(Int((widest * Double(Self.width)).rounded())) px")
        }
    }
}
