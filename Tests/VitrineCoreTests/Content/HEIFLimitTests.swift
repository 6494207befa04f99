import Testing
import VitrineCore

/// The HEIC and AVIF memory limit (``ImageLimits/heifDecodeBytes(_:fileBytes:shown:)``), which also bounds their
/// decode time: the one decode memory limit, ``ImageLimits/decodeMemoryBytes``, with the file counted.
@Suite struct HEIFLimitTests {
    static let twelveMegapixels = PixelSize(width: 4000, height: 3000)

    @Test func everyMeasuredPeakIsCountedAndATwelveMegapixelPictureIsRefused() {
        // Peaks over the baseline measured with Scripts/decode_memory.py for a 1200x800 card (shown at 1334x1000).
        let shown = PixelSize(width: 1334, height: 1000)
        let measured = [(fileBytes: 286_748, mebibytes: 92), (364_682, 98), (9_696_009, 122)]
        for (fileBytes, mebibytes) in measured {
            #expect(ImageLimits.heifDecodeBytes(Self.twelveMegapixels, fileBytes: fileBytes, shown: shown) > mebibytes * 1_048_576)
            #expect(ImageLimits.heifDecodeBytes(Self.twelveMegapixels, fileBytes: fileBytes, shown: shown) > ImageLimits.decodeMemoryBytes)
        }
        // 4096x4096 of noise took 171 MiB above the baseline.
        let noise = PixelSize(width: 4096, height: 4096)
        #expect(ImageLimits.heifDecodeBytes(noise, fileBytes: 0, shown: PixelSize(width: 1, height: 1)) > ImageLimits.decodeMemoryBytes)
    }

    @Test func aTenMegapixelPhotoFitsWhenShrunkAndNotWhenCopiedWhole() {
        // A 3648x2736 AVIF of 0.2 MB peaked at 79 MiB for a 1200x800 card (shrunk by 3) and at 108 MiB for a
        // 1920x1280 one (copied whole).
        let size = PixelSize(width: 3648, height: 2736)
        #expect(ImageLimits.heifDecodeBytes(size, fileBytes: 230_000, shown: PixelSize(width: 1216, height: 912)) <= ImageLimits.decodeMemoryBytes)
        #expect(ImageLimits.heifDecodeBytes(size, fileBytes: 230_000, shown: PixelSize(width: 1216, height: 912)) > 79 * 1_048_576)
        #expect(ImageLimits.heifDecodeBytes(size, fileBytes: 230_000, shown: size) > 108 * 1_048_576)
    }
}
