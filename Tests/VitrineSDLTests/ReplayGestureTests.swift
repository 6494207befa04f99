import Foundation
import Testing
import VitrineCore
import VitrineSystem
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// Trackpad streams, notched bursts and quick page-control taps through `vitrine replay`'s runner and its
    /// event log, on the 900×600 test deck of six cards.
    @Suite struct ReplayGestures {
        /// Plays `lines` and returns the event log's lines and the final page.
        func play(_ lines: [String]) throws -> (log: [String], page: Int) {
            _ = Fixture.library
            let logPath = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-gesture-\(UUID().uuidString).jsonl").path
            defer { try? FileManager.default.removeItem(atPath: logPath) }
            let runner: ReplayRunner
            do {
                let log = try EventLog(path: logPath)
                runner = try ReplayRunner(config: Fixture.deck(), size: PixelSize(width: 900, height: 600),
                                          fonts: FontLibrary(paths: Fixture.fontPaths), events: log, report: { _ in })
                try runner.run(ReplayScript.parse(lines.joined(separator: "\n"), file: "gesture.jsonl")) { (_, _, _) throws(SDLError) in }
            }
            let text = try String(contentsOfFile: logPath, encoding: .utf8)
            let all = text.split(separator: "\n").map(String.init)
            #expect(all.first == #"{"t":0.000,"event":"pageChanged","page":0,"from":null,"reason":"start"}"#, "the start card first")
            return (Array(all.dropFirst()), runner.state.pager.currentPage)
        }

        /// One wheel line every 1/120 s from `start` for `duration` seconds.
        func wheelLines(dx: Double, from start: Double = 0.1, duration: Double) -> [String] {
            (0..<Int((duration * 120).rounded())).map { #"{"at":\#(start + Double($0) / 120),"wheel":{"dx":\#(dx),"dy":0}}"# }
        }

        func count(_ log: [String], _ event: String) -> Int {
            log.filter { $0.contains(#""event":"\#(event)""#) }.count
        }

        @Test func aOneSecondTrackpadStreamTurnsExactlyOnePage() throws {
            let (log, page) = try play(wheelLines(dx: 0.5, duration: 1))
            #expect(page == 1)
            #expect(count(log, "pageChanged") == 1)
            #expect(log.first == #"{"t":0.100,"event":"dragBegan","page":0}"#)
        }

        @Test func aStreamOfDeltasBelowTheThresholdTurnsNone() throws {
            let (log, page) = try play(wheelLines(dx: 0.05, duration: 1) + [#"{"at":1.5,"wheel":{"dx":0,"dy":-0.02}}"#])
            #expect(page == 0)
            #expect(log.isEmpty)
        }

        @Test func notchedClicksPageOncePerBurst() throws {
            // Two bursts of five clicks, 40 ms apart within a burst and 0.5 s between bursts.
            var lines: [String] = []
            for burst in 0..<2 {
                for click in 0..<5 { lines.append(#"{"at":\#(0.1 + Double(burst) * 0.66 + Double(click) * 0.04),"wheel":{"dx":0,"dy":-1}}"#) }
            }
            let (log, page) = try play(lines)
            #expect(page == 2)
            #expect(count(log, "pageChanged") == 2)
        }

        @Test func twoTapsRightOfTheDotsWithin100msLandTwoPagesOnWithOnePageChanged() throws {
            let stage = StageLayout(windowPixels: PixelSize(width: 900, height: 600), fit: .contain)
            let control = stage.pageControl(pageCount: 6, currentPage: 0)
            let right = Point(x: control.hitRect.maxX - 3, y: control.hitRect.midY)
            let lines = [0.10, 0.13, 0.17, 0.20].enumerated().map { index, at in
                #"{"at":\#(at),"mouse":"\#(index % 2 == 0 ? "down" : "up")","x":\#(right.x),"y":\#(right.y)}"#
            }
            let (log, page) = try play(lines)
            #expect(page == 2)
            try #require(log.count == 4, "\(log)")
            #expect(log[0] == #"{"t":0.130,"event":"transitionStarted","from":0,"to":1}"#)
            #expect(log[1] == #"{"t":0.200,"event":"transitionRetargeted","from":0,"to":2}"#)
            #expect(log[2].hasSuffix(#""event":"transitionFinished","from":0,"to":2,"completed":true}"#))
            #expect(log[3].hasSuffix(#""event":"pageChanged","page":2}"#))
        }
    }
}
