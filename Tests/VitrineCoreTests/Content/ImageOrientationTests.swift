import Testing
import VitrineFixtures
@testable import VitrineCore

@Suite struct ImageOrientationTests {
    @Test(arguments: [false, true]) func exifOrientationIsReadInEitherByteOrder(littleEndian: Bool) {
        for value in 1...8 {
            let segment = ImageHeaders.exifSegment(orientation: value, littleEndian: littleEndian)
            #expect(ImageProbe.exifOrientation(segment[4...]) == ImageOrientation(rawValue: value))
        }
    }

    @Test func outOfRangeMissingAndCutOffExifGiveNoOrientation() {
        #expect(ImageProbe.exifOrientation(ImageHeaders.exifSegment(orientation: 9)[4...]) == nil)
        #expect(ImageProbe.exifOrientation(ImageHeaders.exifSegment(orientation: 0)[4...]) == nil)
        #expect(ImageProbe.exifOrientation(Array("Exif\0\0MM".utf8)[...]) == nil)
        let whole = ImageHeaders.exifSegment(orientation: 6)
        // The value ends 26 bytes into the body (Exif\0\0, the TIFF header, the entry count, 10 bytes of the entry).
        for cut in 4..<whole.count {
            #expect(ImageProbe.exifOrientation(whole[4..<cut]) == (cut - 4 >= 26 ? .right : nil), "cut at \(cut)")
        }
        var wrongType = whole
        wrongType[4 + 6 + 8 + 2 + 2 + 1] = 2  // The entry's type: ASCII.
        #expect(ImageProbe.exifOrientation(wrongType[4...]) == nil)
    }

    /// Some writers store the orientation as a LONG (type 4): it was ignored.
    @Test(arguments: [false, true]) func anOrientationStoredAsALongIsRead(littleEndian: Bool) {
        for value in 1...8 {
            let segment = ImageHeaders.exifSegment(orientation: value, littleEndian: littleEndian, type: 4)
            #expect(ImageProbe.exifOrientation(segment[4...]) == ImageOrientation(rawValue: value), "\(value)")
        }
        #expect(ImageProbe.exifOrientation(ImageHeaders.exifSegment(orientation: 9, type: 4)[4...]) == nil)
    }

    /// A PNG's `eXIf` chunk and a WebP's `EXIF` chunk hold the TIFF block without `Exif\0\0` (some writers add it).
    @Test func aPNGsAndAWebPsExifGiveTheirOrientation() throws {
        let tiff = ImageHeaders.exifTIFF(orientation: 6)
        for block in [tiff, Array("Exif\0\0".utf8) + tiff] {
            let png = ImageHeaders.inserting(chunk: "eXIf", block, into: ImageHeaders.png(width: 40, height: 30, complete: true))
            #expect(try ImageProbe.check(png).orientation == .right)
        }
        #expect(try ImageProbe.check(ImageHeaders.png(width: 40, height: 30, complete: true)).orientation == .up)
        let still = ImageHeaders.webp(.lossless, width: 40, height: 30)
        let webp = ImageHeaders.webp(still, width: 40, height: 30, exif: ImageHeaders.exifTIFF(orientation: 8, littleEndian: true, type: 4))
        let info = try ImageProbe.check(webp)
        #expect(info.orientation == .left && info.size == PixelSize(width: 40, height: 30))
        #expect(try ImageProbe.check(still).orientation == .up)
    }

    @Test func theProbeGivesAJPEGsOrientation() throws {
        let jpeg = ImageHeaders.inserting(ImageHeaders.exifSegment(orientation: 6), into: ImageHeaders.jpeg(width: 40, height: 30))
        let info = try ImageProbe.check(jpeg)
        #expect(info.orientation == .right)
        #expect(info.size == PixelSize(width: 40, height: 30))
        #expect(try ImageProbe.check(ImageHeaders.jpeg(width: 40, height: 30)).orientation == .up)
    }

    /// The stored corner shown at each shown corner of a 3x2 picture, for every orientation: the top-left, top-right
    /// and bottom-left shown corners, as stored points.
    @Test func eachOrientationMapsShownCornersToStoredOnes() {
        let stored = PixelSize(width: 3, height: 2)
        let expected: [ImageOrientation: [(Int, Int)]] = [
            .up: [(0, 0), (2, 0), (0, 1)], .upMirrored: [(2, 0), (0, 0), (2, 1)],
            .down: [(2, 1), (0, 1), (2, 0)], .downMirrored: [(0, 1), (2, 1), (0, 0)],
            .leftMirrored: [(0, 0), (0, 1), (2, 0)], .right: [(0, 1), (0, 0), (2, 1)],
            .rightMirrored: [(2, 1), (2, 0), (0, 1)], .left: [(2, 0), (2, 1), (0, 0)],
        ]
        for orientation in ImageOrientation.allCases {
            let shown = orientation.shownSize(of: stored)
            #expect(shown == (orientation.swapsAxes ? PixelSize(width: 2, height: 3) : stored))
            let corners = [(0, 0), (shown.width - 1, 0), (0, shown.height - 1)].map { orientation.storedPoint(x: $0.0, y: $0.1, stored: stored) }
            let want = expected[orientation]!
            for (got, wanted) in zip(corners, want) { #expect(got.x == wanted.0 && got.y == wanted.1, "\(orientation)") }
        }
    }
}

@Suite struct DecodeScaleTests {
    @Test func theSmallestPowerOfTwoEighthThatCoversIsChosen() {
        let photo = PixelSize(width: 6000, height: 4000)
        #expect(DecodeScale.numerator(stored: photo, covering: PixelSize(width: 1200, height: 800)) == 2)
        #expect(DecodeScale.numerator(stored: photo, covering: PixelSize(width: 750, height: 500)) == 1)
        #expect(DecodeScale.numerator(stored: photo, covering: PixelSize(width: 1501, height: 800)) == 4)
        #expect(DecodeScale.numerator(stored: photo, covering: PixelSize(width: 3840, height: 2560)) == 8)
        // A picture smaller than the card decodes whole; a rounded-up size still covers.
        #expect(DecodeScale.numerator(stored: PixelSize(width: 300, height: 200), covering: PixelSize(width: 1200, height: 800)) == 8)
        #expect(DecodeScale.scaled(PixelSize(width: 1001, height: 7), 1) == PixelSize(width: 126, height: 1))
    }
}
