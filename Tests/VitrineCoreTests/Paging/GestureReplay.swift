import Testing
@testable import VitrineCore

/// A replay script built line by line and played the way `vitrine replay` plays it, on a manual clock, with the
/// card's position measured from screenshots and the kiosk's event log kept.
struct GestureReplay {
    /// The window, in pixels and points: pages are 1200 points wide.
    static let pixels = PixelSize(width: 1200, height: 800)
    /// The page width, in points.
    static var width: Double { Double(pixels.width) }

    var lines: [String] = []

    /// A mouse line at `at` seconds.
    mutating func mouse(_ phase: String, x: Double, at: Double, y: Double = 300) {
        lines.append(#"{"at":\#(at),"mouse":"\#(phase)","x":\#(x),"y":\#(y)}"#)
    }

    /// A wheel line at `at` seconds.
    mutating func wheel(dx: Double, at: Double) {
        lines.append(#"{"at":\#(at),"wheel":{"dx":\#(dx),"dy":0}}"#)
    }

    /// Screenshots half way through every fixed step from `at` for `duration` seconds (the frame shows the last step).
    mutating func screenshots(from at: Double, duration: Double = 1) {
        let steps = Int((duration / PagingTuning.fixedStep).rounded())
        for k in 0...steps { lines.append(#"{"at":\#(at + (Double(k) + 0.5) * PagingTuning.fixedStep),"screenshot":"\#(k)"}"#) }
    }

    /// The outcome: the card's position at every screenshot (in pages), the pager events and the final page.
    struct Outcome {
        var shots: [Double]
        var events: [(t: Double, event: PagerEvent)]
        var page: Int

        /// The card's speed, in points per second, between screenshot `from` and screenshot `from + steps`.
        func speed(from: Int = 0, steps: Int = 2) -> Double {
            (shots[from + steps] - shots[from]) * GestureReplay.width / (Double(steps) * PagingTuning.fixedStep)
        }

        func count(_ predicate: (PagerEvent) -> Bool) -> Int { events.filter { predicate($0.event) }.count }
    }

    /// Plays the script on a deck of `cards` cards starting at page 0 and lets it come to rest.
    func play(cards: Int = 12) throws -> Outcome {
        let script = try ReplayScript.parse(lines.joined(separator: "\n"), file: "gesture.jsonl")
        var kiosk = EmbeddedKiosk(config: RuntimeFixture.config(RuntimeFixture.cards(cards)), pixels: Self.pixels,
                                  loadConfig: RuntimeFixture.loader([:]))
        var shots: [Double] = []
        kiosk.play(script, windowPoints: Self.pixels, load: RuntimeFixture.loader([:])) { frame, _, _, _ in
            shots.append(frame.pager.position)
        }
        let events: [(t: Double, event: PagerEvent)] = kiosk.events.compactMap { timed in
            if case .pager(let event) = timed.event { (timed.t, event) } else { nil }
        }
        return Outcome(shots: shots, events: events, page: kiosk.runtime.session.pager.currentPage)
    }
}
