import Testing
import VitrineCore
import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// Fade frames: a golden of the middle of a fade, and each fade frame checked against the blend of the two cards.
    @Suite struct FadeFrames {
        static let size = PixelSize(width: 900, height: 600)

        /// The test deck with `transition`.
        static func deck(_ transition: PageTransition) -> KioskConfig {
            var config = Fixture.deck()
            config.transition = transition
            return config
        }

        @Test func halfwayThroughAFade() throws {
            // `vitrine render --offset 0.5` with "transition": "fade": card 2 half in over card 1, the dots on card 1.
            let frame = try Fixture.render(Self.deck(.fade), size: Self.size, page: 1, offset: 0.5)
            let failure = Fixture.snapshots.verify(frame, named: "page1-fade0.5-900x600")
            #expect(failure == nil, Comment(rawValue: failure ?? ""))
        }

        /// The middle of a fade (and a quarter) is the blend within one level (1/255) in every channel of every pixel.
        /// At other fractions SDL's software fast path for a global opacity (`BlitRGBtoRGBSurfaceAlpha`: it
        /// divides by 256 and truncates) is off by up to 1.3 levels here; 0.5 takes its exact halving path.
        @Test(arguments: [(0.5, 1.0), (0.25, 1.0), (0.9, 1.5), (-0.4, 1.5)])
        func aFadeFrameIsTheBlendOfTheTwoCards(offset: Double, tolerance: Double) throws {
            let page = 1, other = offset > 0 ? 2 : 0
            let a = try Fixture.render(Self.deck(.fade), size: Self.size, page: page)
            let b = try Fixture.render(Self.deck(.fade), size: Self.size, page: other)
            let mid = try Fixture.render(Self.deck(.fade), size: Self.size, page: page, offset: offset)
            let f = abs(offset)
            // The dots differ between the two cards at rest (each marks its own page): leave their row out. In the
            // fade they mark the bound page, as card A's do (checked below).
            let stage = StageLayout(windowPixels: Self.size, pointScale: 1, fit: .contain)
            let dots = stage.pageControl(pageCount: 6, currentPage: page).hitRect
            var worst = 0.0, total = 0.0, compared = 0
            for y in 0..<Self.size.height {
                for x in 0..<Self.size.width {
                    let inDots = Double(x) >= dots.minX - 2 && Double(x) < dots.maxX + 2 && Double(y) >= dots.minY - 2 && Double(y) < dots.maxY + 2
                    let pa = a[x, y], pb = b[x, y], pm = mid[x, y]
                    if inDots {
                        continue
                    }
                    for c in 0..<3 {
                        let expected = Double(pa[c]) * (1 - f) + Double(pb[c]) * f
                        worst = max(worst, abs(Double(pm[c]) - expected))
                        total += abs(Double(pm[c]) - expected)
                    }
                    compared += 1
                }
            }
            #expect(compared > Self.size.width * Self.size.height * 9 / 10)
            #expect(worst <= tolerance, "a channel is \(worst) levels from the blend (1 level = 1/255)")
            #expect(total / Double(compared * 3) < 0.6, "on average \(total / Double(compared * 3)) levels from the blend")
            // The dots of the fade are card A's dots over the blend: the current page's dot is the bright one.
            let control = stage.pageControl(pageCount: 6, currentPage: page)
            let current = control.dots[page].center, next = control.dots[other].center
            #expect(mid[Int(current.x), Int(current.y)] == a[Int(current.x), Int(current.y)])
            #expect(mid[Int(next.x), Int(next.y)] != b[Int(next.x), Int(next.y)])
        }

        @Test func noneShowsTheFirstCardUntilTheEndAndEveryTransitionEndsOnTheSamePicture() throws {
            let atRest = try Fixture.render(Self.deck(.none), size: Self.size, page: 1)
            #expect(try Fixture.render(Self.deck(.none), size: Self.size, page: 1, offset: 0.7) == atRest)
            let ends = try PageTransition.allCases.map { try Fixture.render(Self.deck($0), size: Self.size, page: 1, offset: 1) }
            #expect(ends[1] == ends[0] && ends[2] == ends[0])
            #expect(try Fixture.render(Self.deck(.fade), size: Self.size, page: 1, offset: 0) == atRest)
        }
    }
}
