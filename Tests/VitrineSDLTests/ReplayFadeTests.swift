import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// Attract mode with fade, replayed on manual time through the SDL renderer: what `vitrine replay` draws.
    @Suite struct ReplayFades {
        static let size = PixelSize(width: 900, height: 600)

        /// Replays `script` on the test deck with attract mode every 8 s and fades; returns the screenshots and the kiosk.
        static var deck: KioskConfig {
            var config = Fixture.deck()
            config.transition = .fade
            config.autoplay = AutoplayConfig(interval: 8)
            return config
        }

        func play(_ script: String) throws -> (frames: [String: RGBAImage], kiosk: EmbeddedKiosk) {
            _ = Fixture.library
            let config = Self.deck
            var frames: [String: RGBAImage] = [:]
            let runner = try ReplayRunner(config: config, size: Self.size, fonts: FontLibrary(paths: Fixture.fontPaths),
                                          events: nil, report: { Issue.record("reported: \($0)") })
            try runner.run(ReplayScript.parse(script, file: "script")) { (surface, name, _) throws(SDLError) in
                frames[name] = try RGBAImage(surface)
            }
            return (frames, runner.embedded)
        }

        @Test func aMidFadeScreenshotIsTheBlendOfTheTwoCardsAndTheDotsStayUntilTheEnd() throws {
            let (frames, kiosk) = try play("""
                {"at":8.1,"screenshot":"mid"}
                {"at":9,"screenshot":"after"}
                {"at":17.3,"wait":true}
                """)
            let changes = kiosk.events.compactMap { if case .pager(.pageChanged(let page)) = $0.event { page } else { nil } }
            #expect(changes == [1, 2])
            // Rendered with attract mode on, as replayed: the pause button beside the dots.
            let a = try Fixture.render(Self.deck, size: Self.size, page: 0)
            let b = try Fixture.render(Self.deck, size: Self.size, page: 1)
            let mid = try #require(frames["mid"]), after = try #require(frames["after"])
            #expect(after == b)
            // The blend's share, fitted over the pixels outside the dots, then every channel checked against it.
            let stage = StageLayout(windowPixels: Self.size, pointScale: 1, fit: .contain)
            let dots = stage.pageControl(pageCount: 6, currentPage: 0, pauseButton: true).hitRect
            var pixels: [(a: [UInt8], b: [UInt8], m: [UInt8])] = []
            for y in stride(from: 0, to: Self.size.height, by: 2) {
                for x in stride(from: 0, to: Self.size.width, by: 2) {
                    let inDots = Double(x) >= dots.minX - 2 && Double(x) < dots.maxX + 2 && Double(y) >= dots.minY - 2 && Double(y) < dots.maxY + 2
                    if !inDots { pixels.append((a[x, y], b[x, y], mid[x, y])) }
                }
            }
            var num = 0.0, den = 0.0
            for p in pixels {
                for c in 0..<3 {
                    let d = Double(p.b[c]) - Double(p.a[c])
                    num += (Double(p.m[c]) - Double(p.a[c])) * d
                    den += d * d
                }
            }
            let f = num / den
            // 0.1 s into a 0.32 s cubic ease-out: 1 − (1 − 0.1/0.32)³ ≈ 0.675, give or take a step.
            #expect(f > 0.62 && f < 0.73, "fitted share \(f)")
            var worst = 0.0
            for p in pixels {
                for c in 0..<3 { worst = max(worst, abs(Double(p.m[c]) - (Double(p.a[c]) * (1 - f) + Double(p.b[c]) * f))) }
            }
            #expect(worst <= 2, "a channel is \(worst) levels from the blend")
            // Mid-fade, the dots still mark card 0, as card A's do.
            let dot = stage.pageControl(pageCount: 6, currentPage: 0, pauseButton: true).dots[0].center
            #expect(mid[Int(dot.x), Int(dot.y)] == a[Int(dot.x), Int(dot.y)])
        }
    }
}
