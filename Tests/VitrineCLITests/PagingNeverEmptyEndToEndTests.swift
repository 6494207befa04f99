import Foundation
import Testing
import VitrineFixtures
import VitrineTestSupport

/// Paging with → never shows a card without its picture or a preview of it: every value the X server gave at a
/// few points of the window, sampled as fast as it answers, is a card's own colour, gradient or title, never the
/// background or a card without its picture (DeckRenderer+Preview.swift, CardFace).
@Suite(.serialized) struct PagingNeverEmptyEndToEndTests {
    /// The cards' colours, one a picture; none near the background or the placeholder's grey.
    static let colours: [[Int]] = [[220, 60, 40], [40, 90, 220], [230, 200, 40], [200, 50, 200], [40, 200, 210], [240, 130, 30]]
    /// The background around the cards: never seen where a card is drawn.
    static let background = "#10A040"
    static let tolerance = 14

    /// Where the points are in the 600x400 window, and what each shows of card k at rest: the picture (no gradient
    /// there), the gradient half way down it, the gradient at the title's height, and a stroke of the title's "C".
    enum Point: Int, CaseIterable { case picture, gradient, titleLine, title }
    static let offsets = [(300, 80), (300, 330), (300, 368), (20, 368)]

    enum Deck: String, CaseIterable, CustomStringConvertible {
        /// Six 24-megapixel progressive JPEGs: most of a second each to compose, so paging outruns the composing.
        case sixLarge
        /// 10,000 cards over the same six pictures, card k showing picture k mod 6.
        case tenThousand
        var description: String { rawValue }
    }

    /// Writes the deck's pictures and config into `folder`; gives the config's path.
    static func write(_ deck: Deck, in folder: TemporaryFolder) throws -> String {
        let images = try colours.enumerated().map { i, rgb -> String in
            let bytes = ImageHeaders.solidProgressiveJPEG(width: 6000, height: 4000, rgb: rgb.map(UInt8.init), acScans: 20)
            let path = folder.file("card\(i).jpg")
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
        let count = deck == .sixLarge ? 6 : 10_000
        let cards = (0..<count).map { #"{"title":"Card \#($0)","image":"\#(images[$0 % 6])"}"# }
        return try folder.write("deck.json", #"{"display":{"background":"\#(background)"},"cards":[\#(cards.joined(separator: ","))]}"#)
    }

    /// Whether `value` is within ``tolerance`` of `expected` in every channel.
    /// Whether the last of the picture point's `values` is card `card`'s colour, darkened at that point as card 0's
    /// first value there was.
    static func showsCard(_ card: Int, _ values: [[UInt8]]) -> Bool {
        guard let first = values.first, let last = values.last else { return false }
        let card0: [Double] = colours[0].map { Double($0) }
        var brightest = 0
        for index in card0.indices where card0[index] > card0[brightest] { brightest = index }
        let darkening: Double = Double(first[brightest]) / card0[brightest]
        let expected: [Double] = colours[card].map { Double($0) * darkening }
        return near(last, expected)
    }

    static func near(_ value: [UInt8], _ expected: [Double]) -> Bool {
        zip(value, expected).allSatisfy { abs(Double($0) - $1) <= Double(tolerance) }
    }

    /// Whether `value` lies on the line from `from` to white (text drawn over it, antialiased), within tolerance.
    static func onTheWayToWhite(_ value: [UInt8], from: [Double]) -> Bool {
        let t = zip(value, from).map { (Double($0) - $1) / max(1, 255 - $1) }.reduce(0, +) / 3
        return (-0.05...1.05).contains(t) && near(value, from.map { $0 + min(1, max(0, t)) * (255 - $0) })
    }

    @Test(arguments: Deck.allCases)
    func everyFrameWhilePagingShowsTheCardsPictureOrItsPreview(_ deck: Deck) throws {
        try withTemporaryFolder { folder in
            let x = try XvfbSession()
            let config = try Self.write(deck, in: folder)
            let events = folder.file("events.jsonl")
            let app = try x.launchVitrine(["run", "--config", config, "--windowed", "600x400", "--events", events])
            let (wx, wy) = try x.windowOrigin(of: app)
            let watcher = PixelWatcher(display: x.display, points: Self.offsets.map { (wx + $0.0, wy + $0.1) })
            // Card 0 at rest first: the gradient's darkening at each point comes from it.
            #expect(XvfbSession.eventually(10) { watcher.values.allSatisfy { !$0.isEmpty } }, "no pixels sampled")
            let presses = 8
            _ = try x.xdotool(["mousemove", "\(wx + 300)", "\(wy + 200)"])
            _ = try x.xdotool(["key", "--delay", "150"] + Array(repeating: "Right", count: presses))
            let landed = #""event":"pageChanged","page":\#(deck == .sixLarge ? presses % 6 : presses)"#
            #expect(XvfbSession.eventually(30) { ((try? String(contentsOfFile: events, encoding: .utf8)) ?? "").contains(landed) },
                    "the kiosk did not page \(presses) cards on: \(app.errors)")
            // `pageChanged` is logged at the fixed step that ends the last slide; the frame that shows the landed
            // card is presented after it. Stop sampling once the picture point has shown that card (the check below
            // fails if it never does within 10 s), not at the log line, which can come first.
            let landedCard = presses % Self.colours.count, pictureIndex = Point.picture.rawValue
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline, !Self.showsCard(landedCard, watcher.values[pictureIndex]) { usleep(20_000) }
            let seen = watcher.stop()
            app.process.terminate()
            #expect(app.wait(seconds: 10) == 0, "\(app.errors)")

            let first = seen.map { $0.first.map { $0.map(Double.init) } ?? [] }
            let card0 = Self.colours[0].map(Double.init)
            // Each point's darkening by the gradient, from card 0 at rest (its brightest channel, the most precise).
            let brightest = card0.indices.max { card0[$0] < card0[$1] }!
            let darkening = first.map { $0.isEmpty ? 1 : $0[brightest] / card0[brightest] }
            #expect(Self.near(seen[Point.picture.rawValue].first ?? [], card0), "card 0's picture at the start: \(first)")
            #expect(Self.near(seen[Point.title.rawValue].first ?? [], [255, 255, 255]), "card 0's title at the start: \(first)")
            let colours = Self.colours.map { $0.map(Double.init) }
            for point in [Point.picture, .gradient] {
                let expected = colours.map { $0.map { $0 * darkening[point.rawValue] } }
                let strays = seen[point.rawValue].filter { value in !expected.contains { Self.near(value, $0) } }
                #expect(strays.isEmpty, "\(deck): the \(point) point showed what no card shows there: \(strays) of \(seen[point.rawValue])")
            }
            // At the title's height a sliding card's title passes both points: its letters, white and antialiased
            // over the gradient, or the gradient alone.
            let line = colours.map { $0.map { $0 * darkening[Point.titleLine.rawValue] } }
            for point in [Point.titleLine, .title] {
                let strays = seen[point.rawValue].filter { value in !line.contains { Self.onTheWayToWhite(value, from: $0) } }
                #expect(strays.isEmpty, "\(deck): the \(point) point showed neither a title nor a card's gradient: \(strays)")
            }
            // The sampler saw the paging: card 0 at the start and the landed card at the end. How many frames in
            // between it catches depends on how busy the machine is (under load the X server answers less often and
            // the presses may join one slide), so only these two are required; every sample was checked above.
            let landedColour = colours[presses % Self.colours.count].map { $0 * darkening[Point.picture.rawValue] }
            #expect(Self.near(seen[Point.picture.rawValue].last ?? [], landedColour),
                    "\(deck): the picture point did not see the landed card \(presses): \(seen[Point.picture.rawValue])")
        }
    }
}
