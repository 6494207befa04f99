import Testing
import VitrineCore

/// The HEIC and AVIF memory limit (``ImageLimits/heifDecodeBytes(_:fileBytes:)``), which also bounds their decode
/// time: the one decode memory limit, ``ImageLimits/decodeMemoryBytes``, with the file counted.
@Suite struct HEIFLimitTests {
    static let twelveMegapixels = PixelSize(width: 4000, height: 3000)

    @Test func everyMeasuredPeakIsCountedAndATwelveMegapixelPictureIsRefused() {
        // Peaks over the baseline measured with Scripts/decode_memory.py (shrunk to the card as it is copied).
        let measured = [(fileBytes: 286_748, mebibytes: 92), (364_682, 98), (9_696_009, 122)]
        for (fileBytes, mebibytes) in measured {
            #expect(ImageLimits.heifDecodeBytes(Self.twelveMegapixels, fileBytes: fileBytes) > mebibytes * 1_048_576)
            #expect(ImageLimits.heifDecodeBytes(Self.twelveMegapixels, fileBytes: fileBytes) > ImageLimits.decodeMemoryBytes)
        }
        // 4096x4096 of noise took 171 MiB above the baseline.
        #expect(ImageLimits.heifDecodeBytes(PixelSize(width: 4096, height: 4096), fileBytes: 0) > ImageLimits.decodeMemoryBytes)
    }

    @Test func aTenMegapixelPhotoOfAMegabyteFits() {
        #expect(ImageLimits.heifDecodeBytes(PixelSize(width: 3648, height: 2736), fileBytes: 1_000_000) <= ImageLimits.decodeMemoryBytes)
    }
}
