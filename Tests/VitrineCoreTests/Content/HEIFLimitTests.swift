import Testing
import VitrineCore

/// The HEIC and AVIF memory limits: libheif's memory in the helper process that decodes them
/// (``ImageLimits/heifDecodeBytes(_:fileBytes:shown:planar:isAVIF:deep:)`` against ``ImageLimits/heifHelperMemoryBytes``),
/// and only the card-size picture in the kiosk's own 64 MiB (``ImageLimits/decodeMemoryBytes``).
@Suite struct HEIFLimitTests {
    static let twelveMegapixels = PixelSize(width: 4000, height: 3000)

    @Test func everyMeasuredPeakIsCountedAndATwelveMegapixelPhoneHEICIsShown() {
        // Peaks over the baseline measured with Scripts/decode_memory.py (libheif's YCbCr 4:2:0 planes, shrunk as
        // turned into RGB) for a 1200x800 card (shown at 1334x1000).
        let shown = PixelSize(width: 1334, height: 1000)
        let measured = [(fileBytes: 9_696_009, isAVIF: false, mebibytes: 83), (8_290_876, false, 93), (286_748, true, 97), (280_936, true, 86)]
        for (fileBytes, isAVIF, mebibytes) in measured {
            let counted = ImageLimits.heifDecodeBytes(Self.twelveMegapixels, fileBytes: fileBytes, shown: shown, isAVIF: isAVIF)
            #expect(counted > mebibytes * 1_048_576)
            #expect(counted <= ImageLimits.heifHelperMemoryBytes, "a 12-megapixel photo must be shown")
        }
        // A phone's 4032x3024 HEIC of 3 MB on a full-HD screen (a 1920x1280 card, shown at 2016x1512): shown.
        #expect(ImageLimits.heifDecodeBytes(PixelSize(width: 4032, height: 3024), fileBytes: 3_000_000, shown: PixelSize(width: 2016, height: 1512))
                <= ImageLimits.heifHelperMemoryBytes)
        // What the kiosk's own process holds of it is the card-size picture the helper hands back, within the 64 MiB
        // every format keeps to; libheif's own 73-93 MiB could not be (without the helper, it is refused).
        #expect(2016 * 1512 * 4 <= ImageLimits.decodeMemoryBytes && ImageLimits.decodeMemoryBytes == 64 * 1_048_576)
        #expect(ImageLimits.heifDecodeBytes(PixelSize(width: 4032, height: 3024), fileBytes: 3_000_000, shown: PixelSize(width: 2016, height: 1512))
                > ImageLimits.decodeMemoryBytes)
        #expect(ImageLimits.heifHelperMemoryBytes <= 112 * 1_048_576)
    }

    @Test func aLargePictureOrALargeFileIsRefused() {
        // 4096x4096 of noise in an 18 MB file took 171 MiB above the baseline (as RGBA).
        let noise = PixelSize(width: 4096, height: 4096)
        #expect(ImageLimits.heifDecodeBytes(noise, fileBytes: 18_000_000, shown: PixelSize(width: 1, height: 1)) > ImageLimits.heifHelperMemoryBytes)
        // 20 megapixels are over the limit whatever the file.
        #expect(ImageLimits.heifDecodeBytes(PixelSize(width: 5472, height: 3648), fileBytes: 0, shown: PixelSize(width: 1, height: 1))
                > ImageLimits.heifHelperMemoryBytes)
        // A picture libheif gives as RGBA (alpha, or more than 8 bits a sample) counts 4 bytes a pixel more.
        #expect(ImageLimits.heifDecodeBytes(Self.twelveMegapixels, fileBytes: 0, shown: PixelSize(width: 1, height: 1), planar: false)
                == ImageLimits.heifDecodeBytes(Self.twelveMegapixels, fileBytes: 0, shown: PixelSize(width: 1, height: 1)) + 48_000_000)
    }

    @Test func aTenBitAVIFIsCountedAboveItsPeak() {
        // A 4032x3024 AVIF of 10 bits (4:2:2, 0.4 MB) took 204 MiB in libheif alone (a C program), whatever was asked.
        let size = PixelSize(width: 4032, height: 3024), shown = PixelSize(width: 1008, height: 756)
        let counted = ImageLimits.heifDecodeBytes(size, fileBytes: 372_000, shown: shown, planar: false, isAVIF: true, deep: true)
        #expect(counted > 204 * 1_048_576 && counted < 240 * 1_048_576)
        // So the largest 10-bit AVIF the helper decodes is about 6 megapixels (3000x2000 is counted within it).
        #expect(ImageLimits.heifDecodeBytes(PixelSize(width: 3000, height: 2000), fileBytes: 300_000, shown: PixelSize(width: 1500, height: 1000),
                                            planar: false, isAVIF: true, deep: true) <= ImageLimits.heifHelperMemoryBytes)
    }

    @Test func aTenMegapixelAVIFIsCountedAboveItsPeak() {
        // A 3648x2736 AVIF of 0.2 MB peaked at 79 MiB for a 1200x800 card (shrunk by 3).
        let size = PixelSize(width: 3648, height: 2736)
        #expect(ImageLimits.heifDecodeBytes(size, fileBytes: 232_000, shown: PixelSize(width: 1216, height: 912), isAVIF: true) > 79 * 1_048_576)
        #expect(ImageLimits.heifDecodeBytes(size, fileBytes: 232_000, shown: PixelSize(width: 1216, height: 912), isAVIF: true)
                <= ImageLimits.heifHelperMemoryBytes)
    }
}
