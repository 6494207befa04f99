import Testing
import VitrineCore

/// The HEIC and AVIF memory limit (``ImageLimits/heifDecodeBytes(_:fileBytes:shown:)`` against
/// ``ImageLimits/heifDecodeMemoryBytes``), which also bounds their decode time, with the file counted.
@Suite struct HEIFLimitTests {
    static let twelveMegapixels = PixelSize(width: 4000, height: 3000)

    @Test func everyMeasuredPeakIsCountedAndATwelveMegapixelPhoneHEICIsShown() {
        // Peaks over the baseline measured with Scripts/decode_memory.py for a 1200x800 card (shown at 1334x1000):
        // two 4000x3000 AVIF/HEIC files and a 9.7 MB 4000x3000 phone-like HEIC.
        let shown = PixelSize(width: 1334, height: 1000)
        let measured = [(fileBytes: 286_748, mebibytes: 92), (364_682, 98), (9_696_009, 122)]
        for (fileBytes, mebibytes) in measured {
            let counted = ImageLimits.heifDecodeBytes(Self.twelveMegapixels, fileBytes: fileBytes, shown: shown)
            #expect(counted > mebibytes * 1_048_576)
            #expect(counted <= ImageLimits.heifDecodeMemoryBytes, "a 12-megapixel phone photo must be shown")
        }
        // On a full-HD screen the card is 1920x1280, so the picture is shown at 2000x1500: still shown.
        #expect(ImageLimits.heifDecodeBytes(Self.twelveMegapixels, fileBytes: 9_696_009, shown: PixelSize(width: 2000, height: 1500))
                <= ImageLimits.heifDecodeMemoryBytes)
    }

    @Test func aLargePictureOrALargeFileIsRefused() {
        // 4096x4096 of noise in an 18 MB file took 171 MiB above the baseline.
        let noise = PixelSize(width: 4096, height: 4096)
        #expect(ImageLimits.heifDecodeBytes(noise, fileBytes: 18_000_000, shown: PixelSize(width: 1, height: 1)) > ImageLimits.heifDecodeMemoryBytes)
        // 20 megapixels are over the limit whatever the file.
        #expect(ImageLimits.heifDecodeBytes(PixelSize(width: 5472, height: 3648), fileBytes: 0, shown: PixelSize(width: 1, height: 1))
                > ImageLimits.heifDecodeMemoryBytes)
    }

    @Test func aTenMegapixelPhotoCopiedWholeIsCountedAboveItsPeak() {
        // A 3648x2736 AVIF of 0.2 MB peaked at 79 MiB for a 1200x800 card (shrunk by 3) and at 108 MiB for a
        // 1920x1280 one (copied whole).
        let size = PixelSize(width: 3648, height: 2736)
        #expect(ImageLimits.heifDecodeBytes(size, fileBytes: 230_000, shown: PixelSize(width: 1216, height: 912)) > 79 * 1_048_576)
        #expect(ImageLimits.heifDecodeBytes(size, fileBytes: 230_000, shown: size) > 108 * 1_048_576)
        #expect(ImageLimits.heifDecodeBytes(size, fileBytes: 230_000, shown: size) <= ImageLimits.heifDecodeMemoryBytes)
    }
}
