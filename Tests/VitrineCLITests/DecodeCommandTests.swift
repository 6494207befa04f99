import Foundation
import Testing
import VitrineFixtures
import VitrineTestSupport

/// `vitrine decode` (hidden; for `Scripts/image_suites.py`): the kiosk's decoder on one file, its pixels as a PNG.
@Suite struct DecodeCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("VitrineSDLTests/Fixtures").path

    @Test func aUsableFileIsDecodedWithItsNotesAndWrittenAsAPNG() throws {
        try withTemporaryFolder { folder in
            let output = folder.path + "/out.png"
            let result = try VitrineProcess.run(["decode", "\(Self.fixtures)/grey-trns.png", "--full", "--output", output], timeout: .seconds(20))
            #expect(result.code == 0, "stdout: \(result.out) stderr: \(result.err)")
            #expect(result.out == "ok 16x16\nnote: transparent pixels shown over black\n")
            let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
            #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            #expect(Array(png[16..<24]) == ImageHeaders.bigEndian(16, 4) + ImageHeaders.bigEndian(16, 4))
        }
    }

    @Test func aRefusedFileGivesItsReasonAndExit65() throws {
        try withTemporaryFolder { folder in
            let path = folder.path + "/huge-chunk.png"
            try Data(ImageHeaders.pngWithChunk("tEXt", claimedLength: 0x7FFF_FFFF)).write(to: URL(fileURLWithPath: path))
            let result = try VitrineProcess.run(["decode", path], timeout: .seconds(20))
            #expect(result.code == 65)
            #expect(result.out == "refused: the tEXt chunk at byte 33 claims 2147483647 bytes, over the 8 MiB limit for metadata chunks\n")
        }
    }

    @Test func aCardSizeDecodeIsSmallerThanAFullOne() throws {
        try withTemporaryFolder { folder in
            let path = folder.path + "/black.png"
            try Data(ImageHeaders.blackPNG(width: 3000, height: 2000)).write(to: URL(fileURLWithPath: path))
            let card = try VitrineProcess.run(["decode", path, "--cover", "600x400"], timeout: .seconds(20))
            #expect(card.out == "ok 600x400\n", "\(card.err)")
            let full = try VitrineProcess.run(["decode", path, "--full"], timeout: .seconds(20))
            #expect(full.out == "ok 3000x2000\n", "\(full.err)")
        }
    }
}
