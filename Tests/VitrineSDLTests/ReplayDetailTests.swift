import Foundation
import Testing
import VitrineCore
import VitrineSystem
@testable import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// A card's detail panel in a replay: a tap opens it with its QR code, which zbarimg reads back from the
    /// screenshot; a tap outside closes it; a drag on the card still pages; the log tells both.
    @Suite struct ReplayDetail {
        static let link = "https://example.org/landmarks/ember-mesa?from=kiosk"

        /// The test deck with a detail on its first card.
        static func deck() -> KioskConfig {
            var config = Fixture.deck()
            config.cards[0].detail = CardDetail(text: "Ember Mesa rises 300 m above the red desert. Its layers took 200 million "
                                                + "years to build.\nOpen from sunrise to sunset; the trail to the top takes two hours.",
                                                link: link)
            return config
        }

        static let script = """
            {"at":0.50,"touch":"down","x":0.5,"y":0.5}
            {"at":0.58,"touch":"up","x":0.5,"y":0.5}
            {"at":1.00,"screenshot":"open"}
            {"at":2.00,"touch":"down","x":0.3,"y":0.93}
            {"at":2.08,"touch":"up","x":0.3,"y":0.93}
            {"at":2.50,"screenshot":"closed"}
            {"at":3.00,"touch":"down","x":0.8,"y":0.5}
            {"at":3.05,"touch":"move","x":0.6,"y":0.5}
            {"at":3.10,"touch":"move","x":0.3,"y":0.5}
            {"at":3.15,"touch":"up","x":0.2,"y":0.5}
            """

        /// Plays the script; the screenshots by name, the event log and the final page.
        func play() throws -> (frames: [String: RGBAImage], log: [String], page: Int) {
            _ = Fixture.library
            let logPath = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-detail-\(UUID().uuidString).jsonl").path
            defer { try? FileManager.default.removeItem(atPath: logPath) }
            var frames: [String: RGBAImage] = [:]
            var reports: [String] = []
            let page: Int
            do {
                let log = try EventLog(path: logPath)
                let runner = try ReplayRunner(config: Self.deck(), size: PixelSize(width: 900, height: 600),
                                              fonts: FontLibrary(paths: Fixture.fontPaths), events: log, report: { reports.append($0) })
                try runner.run(ReplayScript.parse(Self.script, file: "script")) { (surface, name, _) throws(SDLError) in
                    frames[name] = try RGBAImage(surface)
                }
                page = runner.state.pager.currentPage
            }
            #expect(reports.isEmpty, "\(reports)")
            let log = try String(contentsOfFile: logPath, encoding: .utf8).split(separator: "\n").map(String.init)
            return (frames, log, page)
        }

        @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg"), "zbarimg (zbar-tools) reads the code"))
        func aTapOpensThePanelAndItsCodeScansAsTheLink() throws {
            let (frames, log, page) = try play()
            let open = try #require(frames["open"])
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-detail-\(UUID().uuidString).png").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            try open.writePNG(to: path)
            let zbar = Process()
            zbar.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
            zbar.arguments = ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", path]
            let output = Pipe()
            zbar.standardOutput = output
            try zbar.run()
            let read = output.fileHandleForReading.readDataToEndOfFile()
            zbar.waitUntilExit()
            #expect(zbar.terminationStatus == 0)
            #expect(String(decoding: read, as: UTF8.self) == Self.link + "\n")
            // The closed frame has no code, and the drag still paged.
            #expect(frames["closed"] != open)
            #expect(page == 1)
            #expect(log.filter { $0.contains(#""event":"detail"#) } == [
                #"{"t":0.580,"event":"detailOpened","page":0,"reason":"tap"}"#,
                #"{"t":2.080,"event":"detailClosed","page":0,"reason":"tapOutside"}"#,
            ])
        }

        /// A long text dragged up by 90 points: lines are cut at the text area's edges, never drawn over the code
        /// or outside the panel.
        @Test func aScrolledLongTextIsClippedToItsArea() throws {
            _ = Fixture.library
            var config = Fixture.deck()
            config.cards[0].detail = CardDetail(text: (1...30).map { "Paragraph \($0): the trail climbs past the old mine." }
                .joined(separator: "\n"), link: Self.link)
            var frames: [String: RGBAImage] = [:]
            let runner = try ReplayRunner(config: config, size: PixelSize(width: 900, height: 600),
                                          fonts: FontLibrary(paths: Fixture.fontPaths), events: nil, report: { _ in })
            try runner.run(ReplayScript.parse("""
                {"at":0.50,"touch":"down","x":0.3,"y":0.5}
                {"at":0.58,"touch":"up","x":0.3,"y":0.5}
                {"at":1.00,"touch":"down","x":0.3,"y":0.6}
                {"at":1.05,"touch":"move","x":0.3,"y":0.58}
                {"at":1.10,"touch":"move","x":0.3,"y":0.43}
                {"at":1.20,"touch":"up","x":0.3,"y":0.43}
                {"at":1.50,"screenshot":"scrolled"}
                """, file: "script")) { (surface, name, _) throws(SDLError) in
                frames[name] = try RGBAImage(surface)
            }
            #expect(runner.embedded.runtime.settledFrame.detail?.scroll == 90)
            let failure = Fixture.snapshots.verify(try #require(frames["scrolled"]), named: "replay-detail-scrolled-900x600")
            #expect(failure == nil, Comment(rawValue: failure ?? ""))
        }

        @Test func theOpenPanelMatchesItsGolden() throws {
            let (frames, _, _) = try play()
            let failure = Fixture.snapshots.verify(try #require(frames["open"]), named: "replay-detail-open-900x600")
            #expect(failure == nil, Comment(rawValue: failure ?? ""))
        }
    }
}

extension SDLTests {
    /// The detail panel's QR codes: libqrencode's matrix, and a kiosk without libqrencode.
    @Suite struct DetailCodeTests {
        @Test func libqrencodeGivesTheSmallestCodeAtLevelM() throws {
            let short = try #require(QRCodeEncoder.matrix(for: "https://example.org/"))
            #expect(short.side == 25)  // 20 bytes at level M need version 2.
            let longest = try #require(QRCodeEncoder.matrix(for: "https://example.org/" + String(repeating: "a", count: 480)))
            #expect(longest.side == 85)  // 500 bytes: version 17, as Limits.detailLinkBytes says.
        }

        @Test func withoutLibqrencodeThePanelHasNoCodeAndTheKioskSaysSoOnce() {
            let codes = DetailCodes(encode: { _ in nil }, available: { false })
            var lines: [String] = []
            #expect(codes.code(for: "https://example.org/a", report: { lines.append($0) }) == nil)
            #expect(codes.code(for: "https://example.org/b", report: { lines.append($0) }) == nil)
            #expect(lines == ["QR codes need libqrencode (apt-get install libqrencode4): detail panels show without their code"])
        }
    }
}
