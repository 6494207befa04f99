import Testing
import VitrineFixtures
@testable import VitrineCore

@Suite struct ImageProbeTests: ProbingImages {
    func size(_ bytes: [UInt8]) throws -> PixelSize { try ImageProbe.check(bytes).size }


    @Test func pngSizeComesFromIHDR() throws {
        #expect(try ImageProbe.check(ImageHeaders.png(width: 640, height: 480)) == ImageInfo(format: .png, size: PixelSize(width: 640, height: 480)))
    }

    @Test func jpegSizeComesFromTheFrameHeaderAfterMetadataAndFillBytes() throws {
        let info = try ImageProbe.check(ImageHeaders.jpeg(width: 1920, height: 1080, metadataBytes: 70_000))
        #expect(info == ImageInfo(format: .jpeg, size: PixelSize(width: 1920, height: 1080)))
    }

    @Test func progressiveJPEGIsReadToo() throws {
        #expect(try size(ImageHeaders.jpeg(width: 300, height: 200, sof: 0xC2)) == PixelSize(width: 300, height: 200))
    }

    @Test func gifSizeIsTheLogicalScreen() throws {
        #expect(try ImageProbe.check(ImageHeaders.gif(width: 320, height: 240)) == ImageInfo(format: .gif, size: PixelSize(width: 320, height: 240)))
    }

    @Test(arguments: [400, -400])
    func bmpHeightMayBeNegativeForTopDownRows(height: Int) throws {
        #expect(try ImageProbe.check(ImageHeaders.bmp(width: 600, height: height)) == ImageInfo(format: .bmp, size: PixelSize(width: 600, height: 400)))
    }

    @Test func bmpCoreHeaderHasSixteenBitSizes() throws {
        let bytes = Array("BM".utf8) + [UInt8](repeating: 0, count: 12) + ImageHeaders.littleEndian(12, 4)
            + ImageHeaders.littleEndian(90, 2) + ImageHeaders.littleEndian(60, 2) + [1, 0, 24, 0]
        #expect(try size(bytes) == PixelSize(width: 90, height: 60))
    }

    @Test(arguments: ImageHeaders.WebPKind.allCases)
    func webpSizeFromEachChunkKind(kind: ImageHeaders.WebPKind) throws {
        #expect(try ImageProbe.check(ImageHeaders.webp(kind, width: 1000, height: 750)) == ImageInfo(format: .webp, size: PixelSize(width: 1000, height: 750)))
    }

    @Test func emptyFile() {
        #expect(problem([]) == .empty)
        #expect(problem([])?.description == "empty file (0 bytes)")
    }

    @Test(arguments: ["{\"cards\": []}\n", "<!DOCTYPE html><html><body>404 Not Found</body></html>", "BMW Isetta, 1955\n",
                      "\u{FEFF}Grüße aus Zürich – keine Bilder"])
    func textIsNotAnImage(text: String) {
        #expect(problem(Array(text.utf8)) == .notAnImage(looksLikeText: true))
        #expect(problem(Array(text.utf8))?.description == "not an image (starts with text)")
    }

    @Test func binaryOfNoKnownFormatIsUnrecognized() {
        let ico: [UInt8] = [0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x10, 0x10, 0x00, 0x00, 0x01, 0x00]  // A Windows icon.
        #expect(problem(ico) == .notAnImage(looksLikeText: false))
        #expect(problem(ico)?.description == "not an image (unrecognized format)")
    }

    @Test func cutOffInsideTheHeaderIsTruncated() {
        let png = ImageHeaders.png(width: 640, height: 480)
        #expect(problem(Array(png.prefix(20))) == .truncatedHeader(.png, bytes: 20))
        #expect(problem(Array(png.prefix(20)))?.description == "truncated PNG header (the file ends after 20 bytes)")
        #expect(problem(Array(png.prefix(3))) == .truncatedHeader(.png, bytes: 3), "a cut inside the signature is still a PNG")
        #expect(problem(Array(ImageHeaders.jpeg(width: 9, height: 9).prefix(30))) == .truncatedHeader(.jpeg, bytes: 30))
        #expect(problem(Array(ImageHeaders.webp(.lossy, width: 9, height: 9).prefix(25))) == .truncatedHeader(.webp, bytes: 25))
    }

    @Test func headerPastThePrefixReadIsNotCalledTruncated() {
        let jpeg = ImageHeaders.jpeg(width: 800, height: 600, metadataBytes: 10_000)
        #expect(problem(Array(jpeg.prefix(4096)), isWholeFile: false) == .headerBeyondReadLimit(.jpeg, bytesRead: 4096))
        #expect(problem(Array(jpeg.prefix(4096)), isWholeFile: false)?.description == "no JPEG size header in the first 4 KiB")
    }

    @Test func jpegWithoutAFrameHeaderIsCorrupt() {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08, 1, 2, 3, 4, 5, 6]
        #expect(problem(bytes) == .corruptHeader(.jpeg, "no frame header before the image data"))
    }

    @Test func zeroSizeIsCorrupt() {
        #expect(problem(ImageHeaders.png(width: 0, height: 480)) == .corruptHeader(.png, "claims a size of 0x480"))
        #expect(problem(ImageHeaders.gif(width: 10, height: 0))?.description == "corrupt GIF header: claims a size of 10x0")
    }

    @Test func decompressionBombIsRefusedFromItsHeader() {
        let bomb = ImageHeaders.png(width: 100_000, height: 100_000, complete: true)
        #expect(bomb.count < 200)
        #expect(problem(bomb) == .tooManyPixels(.png, PixelSize(width: 100_000, height: 100_000), limit: 50_000_000))
        #expect(problem(bomb)?.description == "claims 100000x100000 (10000 megapixels), over the 50-megapixel limit")
        #expect(problem(ImageHeaders.webp(.extended, width: 16_000_000, height: 10)) != nil)
        #expect(problem(ImageHeaders.gif(width: 65_535, height: 65_535)) != nil)
    }

    @Test func theLimitIsFiftyMegapixels() {
        #expect(ImageLimits.maximumPixels == 50_000_000)
        #expect(problem(ImageHeaders.png(width: 10_000, height: 5_000)) == nil, "exactly at the limit is fine")
        #expect(problem(ImageHeaders.png(width: 10_000, height: 5_001))?.description
                == "claims 10000x5001 (50.01 megapixels), over the 50-megapixel limit")
    }

    @Test(arguments: [(10_000, 10), (10, 10_000), (1, 1), (16_383, 3_000)])
    func wideTallAndTinyImagesWithinTheLimitAreFine(width: Int, height: Int) throws {
        #expect(try size(ImageHeaders.png(width: width, height: height)) == PixelSize(width: width, height: height))
        #expect(try size(ImageHeaders.jpeg(width: width, height: height)) == PixelSize(width: width, height: height))
    }

    @Test func megapixelsAreRoundedUpSoTheyNeverReadAsTheLimit() {
        #expect(ImageProblem.megapixels(10_000_000_000) == "10000")
        #expect(ImageProblem.megapixels(50_000_001) == "50.01")
        #expect(ImageProblem.megapixels(51_500_000) == "51.5")
        #expect(ImageProblem.megapixels(60_030_000) == "60.03")
    }
}
