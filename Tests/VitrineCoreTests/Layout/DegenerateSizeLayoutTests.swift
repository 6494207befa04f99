import Testing
@testable import VitrineCore

/// Every layout is a total function of the window's size: tiny, one-pixel, empty and huge windows, in every
/// rotation and fit, lay out without trapping and with finite, in-bounds figures.
@Suite struct DegenerateSizeLayoutTests {
    /// Side lengths from empty to far past any screen.
    static let sides = [0, 1, 2, 3, 4, 5, 7, 10, 16, 33, 100, 800, 1200, 8192, 65_536, 1 << 31]

    /// Page counts from an empty deck to one whose dots are windowed.
    static let pageCounts = [0, 1, 2, 5, 1000]

    /// Whether every coordinate of `rect` is a finite number.
    func finite(_ rect: Rect) -> Bool {
        [rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite)
    }

    /// The stage a panel of `width`×`height` pixels gives, upright for `rotation`.
    func stage(_ width: Int, _ height: Int, _ rotation: Rotation, _ fit: FitMode, pointScale: Double) -> StageLayout {
        StageLayout(windowPixels: rotation.logicalSize(ofPhysical: PixelSize(width: width, height: height)),
                    pointScale: pointScale, fit: fit)
    }

    @Test(arguments: Rotation.allCases)
    func everyTinyAndHugeWindowLaysOutTheDotsTheFrameAndTheCard(rotation: Rotation) {
        for width in Self.sides {
            for height in Self.sides {
                for fit in [FitMode.contain, .cover] {
                    for pointScale in [1.0, 2.0] {
                        check(stage(width, height, rotation, fit, pointScale: pointScale), "\(width)x\(height) \(rotation) \(fit)")
                    }
                }
            }
        }
    }

    /// The page control, a frame at rest and mid-slide, a tap and the card of `stage` are all finite and bounded.
    func check(_ stage: StageLayout, _ label: String) {
        #expect(stage.cardRect.width >= 0 && stage.cardRect.height >= 0, "\(label)")
        #expect(stage.cardRect.width <= stage.windowPixels.width && stage.cardRect.height <= stage.windowPixels.height, "\(label)")
        if stage.windowPixels.width >= 1, stage.windowPixels.height >= 1 {
            #expect(stage.cardRect.width >= 1 && stage.cardRect.height >= 1, "\(label): an empty card in a window with pixels")
            #expect(stage.cardRect.x >= 0 && stage.cardRect.y >= 0, "\(label)")
            #expect(stage.cardRect.x + stage.cardRect.width <= stage.windowPixels.width, "\(label)")
            #expect(stage.cardRect.y + stage.cardRect.height <= stage.windowPixels.height, "\(label)")
        }
        for count in Self.pageCounts {
            let control = stage.pageControl(pageCount: count, currentPage: count / 2)
            #expect(control.dots.count <= count, "\(label) \(count) pages")
            #expect(finite(control.frame) && finite(control.hitRect) && control.pitch.isFinite, "\(label) \(count) pages")
            #expect(control.dots.allSatisfy { $0.center.x.isFinite && $0.center.y.isFinite && $0.diameter.isFinite && $0.diameter >= 0 },
                    "\(label) \(count) pages")
            #expect(control.frame.width <= max(0, stage.card.width), "\(label) \(count) pages: dots wider than the card")
            _ = control.target(at: Point(x: control.hitRect.midX, y: control.hitRect.midY), currentPage: count / 2)
            for position in [0.0, 0.5, Double(max(0, count - 1)) + 0.25] {
                var pager = PagerSnapshot(pageCount: count, currentPage: count / 2, position: position, wraps: true)
                _ = DisplayList.frame(stage: stage, pager: pager, background: .black, progress: 0.5)
                pager.wraps = false
                _ = DisplayList.frame(stage: stage, pager: pager, background: .black, progress: nil)
            }
            for dot in control.dots where dot.diameter < 64 { _ = DiscMask(diameter: dot.diameter) }
        }
        let card = stage.cardRect
        let size = PixelSize(width: card.width, height: card.height)
        let reserve = stage.pageControl(pageCount: 5, currentPage: 0).frame.width
        for imageSize in [nil, PixelSize(width: 1, height: 1), PixelSize(width: 4000, height: 3)] {
            let layout = CardLayout(content: CardContent(title: "A title that is long enough to be shortened", subtitle: "Sub",
                                                         imageSize: imageSize),
                                    size: size, trailingReserve: reserve, measurer: FixedWidthMeasurer())
            #expect(layout.title.maxWidth >= 0 && layout.title.pixelSize >= 1, "\(label)")
            #expect(layout.title.origin.x.isFinite && layout.title.origin.y.isFinite, "\(label)")
        }
    }

    @Test func aPanelFarWiderThanAnyScreenStillLaysOut() {
        for rotation in Rotation.allCases {
            for (width, height) in [(1 << 40, 1), (1, 1 << 40), (1 << 40, 1 << 40), (1 << 50, 3)] {
                let stage = stage(width, height, rotation, .cover, pointScale: 1)
                let control = stage.pageControl(pageCount: 5, currentPage: 2)
                #expect(finite(control.frame))
                _ = DisplayList.frame(stage: stage, pager: PagerSnapshot(pageCount: 5, currentPage: 2, position: 2.5, wraps: false),
                                      background: .black, progress: 1)
            }
        }
    }

    @Test func aSliverOfAWindowKeepsACardOfOnePixel() {
        // A 1x10 window: the 3:2 card inside it is 1 x 0.67 pixels, which rounds to no rows at all.
        let tall = StageLayout(windowPixels: PixelSize(width: 1, height: 10), fit: .contain)
        #expect(tall.cardRect == PixelRect(x: 0, y: 5, width: 1, height: 1))
        let wide = StageLayout(windowPixels: PixelSize(width: 10, height: 1), fit: .contain)
        #expect(wide.cardRect == PixelRect(x: 4, y: 0, width: 2, height: 1))
        let empty = StageLayout(windowPixels: PixelSize(width: 0, height: 10), fit: .contain)
        #expect(empty.cardRect.width == 0)
    }

    @Test func aDegenerateCardGivesNoDotsRatherThanATrap() {
        for card in [Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: 0, y: 0, width: 1, height: 0),
                     Rect(x: 0, y: 0, width: -5, height: 10), Rect(x: 0, y: 0, width: .nan, height: 10),
                     Rect(x: 0, y: 0, width: .infinity, height: .infinity)] {
            let control = PageControlLayout(pageCount: 7, currentPage: 3, card: card)
            #expect(control.dots.isEmpty, "\(card)")
            #expect(control.target(at: Point(x: 0, y: 0), currentPage: 3) == nil)
        }
        let layout = CardLayout(content: CardContent(title: "T", subtitle: "S", imageSize: nil), size: PixelSize(width: -3, height: 0),
                                trailingReserve: .nan, measurer: FixedWidthMeasurer())
        #expect(layout.title.maxWidth == 0)
    }
}
