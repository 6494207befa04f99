import Foundation
import Testing
import VitrineCore
import VitrineSystem
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// Quick flicks, a stopped finger and a whole-then-fractional trackpad swipe through `vitrine replay`'s runner
    /// and its event log, on the 900×600 test deck of six cards.
    @Suite struct ReplayFlings {
        /// Plays `lines` and returns the event log's lines after the start card's, and the final page.
        func play(_ lines: [String]) throws -> (log: [String], page: Int) {
            try ReplayGestures().play(lines)
        }

        /// A flick toward the next card from `start`: 150 px at 2000 px/s in mouse lines every 1/120 s.
        func flick(at start: Double) -> [String] {
            (0...9).map { k in
                #"{"at":\#(start + Double(k) / 120),"mouse":"\#(k == 0 ? "down" : "move")","x":\#(700 - 2000 * Double(k) / 120),"y":300}"#
            } + [#"{"at":\#(start + 9.0 / 120),"mouse":"up","x":550,"y":300}"#]
        }

        func events(_ log: [String]) -> [String] {
            log.map { line in
                guard let range = line.range(of: #""event":""#) else { return line }
                return String(line[range.upperBound...].prefix { $0 != "\"" })
            }
        }

        @Test func threeQuickFlicksLogOneTransitionRetargetedTwice() throws {
            let (log, page) = try play(flick(at: 0.1) + flick(at: 0.3) + flick(at: 0.5))
            #expect(page == 3)
            #expect(events(log) == ["dragBegan", "transitionStarted", "dragBegan", "transitionRetargeted", "dragBegan",
                                    "transitionRetargeted", "transitionFinished", "pageChanged"], "\(log)")
            #expect(log.contains { $0.hasSuffix(#""event":"transitionRetargeted","from":0,"to":2}"#) })
            #expect(log.contains { $0.hasSuffix(#""event":"transitionRetargeted","from":0,"to":3}"#) })
            #expect(log.last?.hasSuffix(#""event":"pageChanged","page":3}"#) == true)
        }

        @Test func aDragHeldStillBeforeTheLiftGoesWhereItsDistanceSays() throws {
            // 200 px (22 % of the page) at 1800 px/s, then 60 ms still: no fling, so back to card 1.
            var lines = (0...14).map { k in
                #"{"at":\#(0.1 + Double(k) / 120),"mouse":"\#(k == 0 ? "down" : "move")","x":\#(700 - min(15 * Double(k), 210)),"y":300}"#
            }
            lines.append(#"{"at":\#(0.1 + 14.0 / 120 + 0.06),"mouse":"up","x":490,"y":300}"#)
            let (log, page) = try play(lines)
            #expect(page == 0)
            #expect(events(log) == ["dragBegan", "transitionStarted", "transitionFinished"], "\(log)")
        }

        @Test func aSwipeOfWholeThenFractionalDeltasTurnsOnePage() throws {
            var deltas = Array(repeating: 2.0, count: 15)
            var tail = 1.8
            while tail >= 0.1 {
                deltas.append(tail)
                tail *= 0.9
            }
            let lines = deltas.enumerated().map { #"{"at":\#(0.1 + Double($0.offset) / 120),"wheel":{"dx":\#($0.element),"dy":0}}"# }
            let (log, page) = try play(lines)
            #expect(page == 1)
            #expect(events(log) == ["transitionStarted", "transitionFinished", "pageChanged"], "\(log)")
        }
    }
}
