import Testing
import VitrineCore

/// The HEIC and AVIF memory limit (``ImageLimits/heifDecodeBytes(_:)``), which also bounds their decode time.
@Suite struct HEIFLimitTests {
    @Test func aPhonePhotoFitsAndTheNoisySixteenMegapixelOneThatWentOverDoesNot() {
        // 4032x3024 is a 12-megapixel phone photo; 4096x4096 of noise took 171 MiB above the baseline at 10 bytes a pixel.
        #expect(ImageLimits.heifDecodeBytes(PixelSize(width: 4032, height: 3024)) <= ImageLimits.heifDecodeMemoryBytes)
        #expect(ImageLimits.heifDecodeBytes(PixelSize(width: 4096, height: 4096)) > ImageLimits.heifDecodeMemoryBytes)
        #expect(ImageLimits.heifDecodeBytes(PixelSize(width: 4096, height: 4096)) > 171 * 1_048_576)
    }
}
