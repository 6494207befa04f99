import Testing
import VitrineFixtures
@testable import VitrineCore

/// The probe's checks past the size header: chunk lengths, GIF frames, formats known by name, metadata of any size.
@Suite struct ImageProbeLimitTests: ProbingImages {

    @Test(arguments: ["tEXt", "zTXt", "iTXt", "pCAL", "sCAL", "sPLT", "iCCP", "juNk"])
    func aHugeAncillaryChunkIsRefusedBeforeDecoding(type: String) {
        let reason = problem(ImageHeaders.pngWithChunk(type, claimedLength: 0x7FFF_FFFF))?.description ?? ""
        #expect(reason == "the \(type) chunk at byte 33 claims 2147483647 bytes, over the 8 MiB limit for metadata chunks")
    }

    @Test func aChunkLongerThanTheRestOfTheFileIsCorrupt() {
        let reason = problem(ImageHeaders.pngWithChunk("tEXt", claimedLength: 5000))?.description ?? ""
        #expect(reason == "corrupt PNG data: the tEXt chunk at byte 33 claims 5000 bytes, but only 12 follow")
        let idat = problem(ImageHeaders.pngWithChunk("IDAT", claimedLength: 5000))?.description ?? ""
        #expect(idat == "corrupt PNG data: the file is cut off inside the IDAT chunk at byte 33")
        // Only the prefix was read: the rest of the file may well hold the chunk.
        #expect(problem(ImageHeaders.pngWithChunk("tEXt", claimedLength: 5000), isWholeFile: false) == nil)
        #expect(problem(ImageHeaders.png(width: 4, height: 4, complete: true)) == nil)
    }

    @Test func aGIFFrameOverThePixelLimitIsRefusedThoughItsScreenIsSmall() {
        let bomb = ImageHeaders.gif(screen: (10, 10), frame: (65_535, 65_535))
        #expect(problem(bomb)?.description == "its first frame claims 65535x65535 (4294.84 megapixels), over the 50-megapixel limit")
        let fine = ImageHeaders.gif(screen: (10, 10), frame: (20, 20))
        #expect(problem(fine) == nil)
    }

    @Test func heicAndAVIFAreReadByTheirLargestSizeBoxAndTIFFIsRefusedByName() throws {
        func ftyp(_ brand: String) -> [UInt8] { [0, 0, 0, 24] + Array("ftyp\(brand)".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8) }
        func ispe(_ width: Int, _ height: Int) -> [UInt8] {
            [0, 0, 0, 20] + Array("ispe".utf8) + [0, 0, 0, 0] + ImageHeaders.bigEndian(width, 4) + ImageHeaders.bigEndian(height, 4)
        }
        #expect(try ImageProbe.check(ftyp("heic") + ispe(512, 512) + ispe(4032, 3024) + ispe(512, 512)).size == PixelSize(width: 4032, height: 3024))
        #expect(try ImageProbe.check(ftyp("avif") + ispe(64, 48)).format == .heif)
        #expect(problem(ftyp("heic"))?.description == "corrupt HEIF header: no image size (ispe) box")
        #expect(problem(ftyp("heic") + ispe(100_000, 100_000))?.description.hasPrefix("claims 100000x100000") == true)
        #expect(problem(ftyp("isom")) == .notAnImage(looksLikeText: false))
        #expect(problem([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0])?.description.hasPrefix("TIFF is not supported") == true)
        #expect(problem([0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8])?.description.hasPrefix("TIFF is not supported") == true)
    }

    @Test func aJPEGWithMoreThan256KiBOfMetadataIsFoundInTheWholeFile() throws {
        let jpeg = ImageHeaders.jpeg(width: 4000, height: 3000, metadataBytes: 360_000)
        #expect(try ImageProbe.check(jpeg).size == PixelSize(width: 4000, height: 3000))
    }
}
