import Testing
@testable import VitrineCore

@Suite struct AspectFillTests {
    @Test func sameAspectKeepsTheWholeImage() {
        #expect(AspectFill.sourceRect(imageSize: PixelSize(width: 1200, height: 800), frameAspect: 1.5)
                == Rect(x: 0, y: 0, width: 1200, height: 800))
    }

    @Test func widerImageIsCroppedAtTheSidesAroundTheCenter() {
        let crop = AspectFill.sourceRect(imageSize: PixelSize(width: 1600, height: 500), frameAspect: 1.5)
        #expect(crop == Rect(x: 425, y: 0, width: 750, height: 500))
    }

    @Test func tallerImageIsCroppedTopAndBottomAroundTheCenter() {
        let crop = AspectFill.sourceRect(imageSize: PixelSize(width: 600, height: 900), frameAspect: 1.5)
        #expect(crop == Rect(x: 0, y: 250, width: 600, height: 400))
    }

    @Test(arguments: [
        PixelSize(width: 10000, height: 10), PixelSize(width: 10, height: 10000), PixelSize(width: 1, height: 1),
        PixelSize(width: 3, height: 2), PixelSize(width: 2, height: 3), PixelSize(width: 1, height: 7919),
    ])
    func extremeAndTinyImagesAreNeverStretched(image: PixelSize) {
        let crop = AspectFill.sourceRect(imageSize: image, frameAspect: 1.5)
        // The crop has the frame's aspect and lies inside the image, centered.
        #expect(abs(crop.width / crop.height - 1.5) < 1e-9)
        #expect(crop.minX >= 0 && crop.minY >= 0)
        #expect(crop.maxX <= Double(image.width) + 1e-9 && crop.maxY <= Double(image.height) + 1e-9)
        #expect(abs(crop.midX - Double(image.width) / 2) < 1e-9)
        #expect(abs(crop.midY - Double(image.height) / 2) < 1e-9)
        // One side is used in full: the crop is as large as it can be.
        #expect(abs(crop.width - Double(image.width)) < 1e-9 || abs(crop.height - Double(image.height)) < 1e-9)
    }

    @Test func emptyImageGivesAnEmptyRectInsteadOfNaN() {
        let crop = AspectFill.sourceRect(imageSize: PixelSize(width: 0, height: 0), frameAspect: 1.5)
        #expect(crop == Rect(x: 0, y: 0, width: 0, height: 0))
    }

    @Test func coverCropsTheCardFramingAgainToTheVisibleAspect() {
        // A 3:2 image seen through a 16:9 window: full width, a centered band of the height.
        let crop = AspectFill.sourceRect(imageSize: PixelSize(width: 1200, height: 800), cardAspect: 1.5, visibleAspect: 16.0 / 9.0)
        #expect(crop.width == 1200)
        #expect(abs(crop.height - 675) < 1e-9)
        #expect(abs(crop.y - 62.5) < 1e-9)
        // A panorama is first cut to 3:2 (the card's framing), then to the window: never wider than the 3:2 cut.
        let panorama = AspectFill.sourceRect(imageSize: PixelSize(width: 3000, height: 1000), cardAspect: 1.5, visibleAspect: 16.0 / 9.0)
        #expect(abs(panorama.width - 1500) < 1e-9)
        #expect(abs(panorama.midX - 1500) < 1e-9)
    }
}
