import Foundation
import Testing
import VitrineCore
import VitrineFixtures
@testable import VitrineSDL
import VitrineTestSupport

extension SDLTests {
    /// What a decode holds against ``ImageLimits/decodeMemoryBytes``: the file's bytes when it is read whole, a
    /// large JPEG read a chunk at a time, HEIC and AVIF shrunk to the card as they are copied, and pictures decoded
    /// whole refused with their file counted (figures: Scripts/decode_memory.py).
    @Suite struct DecodeMemory {
        @Test func aTwelveMegapixelBMPIsRefusedBeforeDecodingWithItsFileCounted() {
            _ = Fixture.library
            // 3500x3500 at 24 bits: a 37 MB file and 98 MB decoded whole; it peaked at 113 MiB over the baseline.
            let bmp = ImageHeaders.bmp(width: 3500, height: 3500) + [UInt8](repeating: 0x80, count: 3500 * 3 * 3500)
            let reason = #expect(throws: ImageProblem.self) { try ImageDecoder.decode(bmp) }
            #expect(reason?.description.contains("needs about 128 MiB (3500x3500, decoded whole at 8 bytes a pixel, and its 35888 KiB file), "
                                                 + "over the 96 MiB decode memory limit") == true, "\(reason?.description ?? "accepted")")
        }

        @Test func aHEICIsShrunkToTheCardAsItIsCopied() throws {
            let heic = try ImageDecoding.fixture("photo.heic")
            let options = DecodeOptions(covering: PixelSize(width: 16, height: 12))
            let decoded = try ImageDecoder.decode(heic, options: options)
            #expect(decoded.surface.size == PixelSize(width: 16, height: 12))
            #expect(ImageDecoding.corners(decoded.surface) == [ImageDecoding.red, ImageDecoding.blue, ImageDecoding.red, ImageDecoding.blue])
            #expect(decoded.isSame(as: options))
            #expect(!decoded.isSame(as: DecodeOptions(covering: PixelSize(width: 64, height: 48))))
        }
    }
}
