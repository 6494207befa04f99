import Testing
import VitrineCore
import VitrineFixtures

/// ``BMPRunLengths``: a run-length-encoded BMP cut off, or stored top-down, is refused before decoding.
@Suite struct BMPRunLengthsTests {
    /// An 8-bit RLE BMP of 4x2 pixels with the run-length `data` given, bottom-up unless `height` is negative.
    static func rle8(height: Int = 2, data: [UInt8], compression: Int = 1) -> [UInt8] {
        func le(_ value: Int, _ count: Int) -> [UInt8] { ImageHeaders.littleEndian(value, count) }
        let palette: [UInt8] = [0, 0, 255, 0, 255, 0, 0, 0]
        let offset = 14 + 40 + palette.count
        let info = le(40, 4) + le(4, 4) + le(height, 4) + le(1, 2) + le(compression == 2 ? 4 : 8, 2) + le(compression, 4)
            + le(data.count, 4) + le(2835, 4) + le(2835, 4) + le(2, 4) + le(0, 4)
        return Array("BM".utf8) + le(offset + data.count, 4) + [0, 0, 0, 0] + le(offset, 4) + info + palette + data
    }

    /// Two rows of four pixels: a run of 4 of colour 1, end of line, an absolute run of 3 (padded), end of bitmap.
    static let whole: [UInt8] = [4, 1, 0, 0, 0, 3, 1, 0, 1, 0, 1, 0, 0, 1]

    @Test func aWholePictureEndingInItsEndOfBitmapCodePasses() throws {
        try BMPRunLengths.check(Self.rle8(data: Self.whole))
        try BMPRunLengths.check(Self.rle8(data: [0, 2, 1, 1] + Self.whole))  // A move, then the rest.
        try BMPRunLengths.check(Self.rle8(data: [4, 0x11, 0, 0, 0, 1], compression: 2))  // RLE4.
    }

    @Test func pictureDataCutOffIsRefused() {
        for cut in [Self.whole.count - 2, 8, 3, 0] {
            #expect(throws: ImageProblem.corruptData(.bmp, "the run-length-encoded pixel data is cut off (no end-of-bitmap code)")) {
                try BMPRunLengths.check(Self.rle8(data: Array(Self.whole.prefix(cut))))
            }
        }
    }

    @Test func aTopDownRunLengthPictureIsRefused() {
        #expect(throws: ImageProblem.corruptHeader(.bmp, "a run-length-encoded picture stored top-down, which BMP does not allow")) {
            try BMPRunLengths.check(Self.rle8(height: -2, data: Self.whole))
        }
    }

    @Test func otherBMPsAreLeftAlone() throws {
        try BMPRunLengths.check(ImageHeaders.bmp(width: 4, height: -2))
        try BMPRunLengths.check(Array(ImageHeaders.bmp(width: 4, height: 2).prefix(30)))
    }
}
