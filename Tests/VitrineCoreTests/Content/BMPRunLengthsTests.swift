import Testing
import VitrineCore
import VitrineFixtures

/// ``BMPRunLengths``: a run-length-encoded BMP cut off, or stored top-down, is refused before decoding.
@Suite struct BMPRunLengthsTests {
    /// An 8-bit RLE BMP of `width` x 2 pixels with the run-length `data` given, bottom-up unless `height` is negative.
    static func rle8(width: Int = 4, height: Int = 2, data: [UInt8], compression: Int = 1) -> [UInt8] {
        func le(_ value: Int, _ count: Int) -> [UInt8] { ImageHeaders.littleEndian(value, count) }
        let palette: [UInt8] = [0, 0, 255, 0, 255, 0, 0, 0]
        let offset = 14 + 40 + palette.count
        let info = le(40, 4) + le(width, 4) + le(height, 4) + le(1, 2) + le(compression == 2 ? 4 : 8, 2) + le(compression, 4)
            + le(data.count, 4) + le(2835, 4) + le(2835, 4) + le(2, 4) + le(0, 4)
        return Array("BM".utf8) + le(offset + data.count, 4) + [0, 0, 0, 0] + le(offset, 4) + info + palette + data
    }

    /// Two rows of four pixels: a run of 4 of colour 1, end of line, an absolute run of 3 (padded), end of bitmap.
    static let whole: [UInt8] = [4, 1, 0, 0, 0, 3, 1, 0, 1, 0, 1, 0, 0, 1]

    @Test func aWholePictureEndingInItsEndOfBitmapCodePasses() throws {
        try BMPRunLengths.check(Self.rle8(data: Self.whole))
        try BMPRunLengths.check(Self.rle8(data: [0, 2, 1, 0, 3, 1] + Self.whole.dropFirst(2)))  // A move, then the rest.
        try BMPRunLengths.check(Self.rle8(data: [4, 0x11, 0, 0, 0, 1], compression: 2))  // RLE4.
    }

    @Test func pictureDataCutOffIsRefused() {
        for cut in [Self.whole.count - 2, 8, 3, 0] {
            #expect(throws: ImageProblem.corruptData(.bmp, "the run-length-encoded pixel data is cut off (no end-of-bitmap code)")) {
                try BMPRunLengths.check(Self.rle8(data: Array(Self.whole.prefix(cut))))
            }
        }
    }

    /// bmpsuite's badrle*.bmp: runs and moves that put pixels outside the picture, which SDL_image drew into the
    /// neighbouring row, or not at all, with nothing said.
    @Test func pixelsOutsideThePictureAreRefusedNamingWhere() {
        let cases: [([UInt8], Int, String)] = [
            ([5, 1, 0, 1], 1, "a run of 5 pixels at column 0 of row 0 (from the bottom) goes past the 4x2 picture"),
            ([4, 1, 0, 0, 0, 5, 1, 1, 1, 1, 1, 0, 0, 1], 1, "a run of 5 pixels at column 0 of row 1 (from the bottom) goes past the 4x2 picture"),
            ([0, 2, 3, 0, 2, 1, 0, 1], 1, "a run of 2 pixels at column 3 of row 0 (from the bottom) goes past the 4x2 picture"),
            ([0, 2, 0, 2, 1, 1, 0, 1], 1, "a run of 1 pixels at column 0 of row 2 (from the bottom) goes past the 4x2 picture"),
            ([4, 1, 0, 0, 4, 1, 0, 0, 4, 1, 0, 1], 1, "a run of 4 pixels at column 0 of row 2 (from the bottom) goes past the 4x2 picture"),
            ([5, 0x11, 0, 1], 2, "a run of 5 pixels at column 0 of row 0 (from the bottom) goes past the 4x2 picture"),
        ]
        for (data, compression, reason) in cases {
            #expect(throws: ImageProblem.corruptData(.bmp, "the run-length-encoded pixel data is damaged: " + reason), "\(data)") {
                try BMPRunLengths.check(Self.rle8(data: data, compression: compression))
            }
        }
    }

    @Test func anEndOfLineAfterTheLastRowAndMovesThatDrawNothingPass() throws {
        try BMPRunLengths.check(Self.rle8(data: [4, 1, 0, 0, 4, 1, 0, 0, 0, 1]))
        // ImageMagick encodes each row's padding to a multiple of 4 pixels too.
        try BMPRunLengths.check(Self.rle8(width: 3, data: [4, 1, 0, 0, 3, 1, 0, 1]))
        try BMPRunLengths.check(Self.rle8(data: [0, 2, 9, 9, 0, 1]))  // A move out of the picture, then the end.
    }

    @Test func aMoveOrAnAbsoluteRunCutOffIsRefused() {
        for data: [UInt8] in [[0, 2, 1], [0, 4, 1, 1]] {
            #expect(throws: ImageProblem.corruptData(.bmp, "the run-length-encoded pixel data is cut off (no end-of-bitmap code)"), "\(data)") {
                try BMPRunLengths.check(Self.rle8(data: data))
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
