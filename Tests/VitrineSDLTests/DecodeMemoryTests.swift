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
        /// A 1200x800 JPEG of noise at quality 100, about 3 MB: past the header read, so it is read from its file.
        static func noiseJPEG(at path: String) throws -> [UInt8] {
            _ = Fixture.library
            var generator = SystemRandomNumberGenerator()
            var rgba = [UInt8](repeating: 255, count: 1200 * 800 * 4)
            for i in rgba.indices where i % 4 != 3 { rgba[i] = UInt8.random(in: 0...255, using: &generator) }
            try Surface(rgba: rgba, size: PixelSize(width: 1200, height: 800)).writeJPEG(to: path, quality: 100)
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        }

        static func pixels(_ surface: Surface) -> [UInt32] {
            surface.withPixels { rows in (0..<rows.size.height).flatMap { y in (0..<rows.size.width).map { rows.pixels(y)[$0] } } } ?? []
        }

        @Test func aLargeJPEGIsReadFromItsFileAChunkAtATimeWithTheSamePixels() throws {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-decode-memory-\(UUID().uuidString).jpg").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let bytes = try Self.noiseJPEG(at: path)
            #expect(bytes.count > 2 * ImageLimits.headerReadLimit)
            let options = DecodeOptions(covering: PixelSize(width: 300, height: 200))
            let streamed = try ImageDecoder.decode(path: path, options: options)
            let whole = try ImageDecoder.decode(bytes, options: options)
            #expect(streamed.fileBytesHeld == JPEGDecoder.fileChunkBytes && JPEGDecoder.fileChunkBytes <= 64 * 1024)
            #expect(whole.fileBytesHeld == bytes.count)
            #expect(streamed.surface.size == PixelSize(width: 300, height: 200))
            #expect(Self.pixels(streamed.surface) == Self.pixels(whole.surface))
            #expect(streamed.notes == whole.notes)
            // The first card, decoded row by row into the card from the file, is the whole picture's too.
            let card = try Surface(size: PixelSize(width: 300, height: 200))
            try PreparedImage.stretch(whole.surface, into: card, path: path)
            let firstCard = try #require(try JPEGDecodedIntoTheCard.streamed(path, card: card.size))
            #expect(firstCard == JPEGDecodedIntoTheCard.bytes(card))

            // Cut off, it is refused from its file as from its bytes.
            try Data(bytes[..<(bytes.count / 2)]).write(to: URL(fileURLWithPath: path))
            let reason = #expect(throws: SDLError.self) { try ImageDecoder.decode(path: path, options: options) }
            let wholeReason = #expect(throws: ImageProblem.self) { try ImageDecoder.decode(Array(bytes[..<(bytes.count / 2)]), options: options) }
            #expect(reason?.message.hasPrefix("corrupt JPEG data: the file is cut off") == true, "\(reason?.message ?? "")")
            #expect(reason?.message == wholeReason?.description)
        }

        /// Decoded for a 4K guess at the card (before the window's size is known), JPEGs whose full-size picture
        /// would not fit beside what else the decode holds come at half size instead.
        @Test(arguments: ["progressive", "baseline"])
        func aJPEGWhosePictureWouldNotFitTheBudgetIsDecodedSmaller(kind: String) throws {
            _ = Fixture.library
            // Greyscale: the progressive one keeps 2 bytes a pixel of coefficients, the baseline one none.
            let (jpeg, coefficients) = kind == "progressive"
                ? (ImageHeaders.progressiveJPEG(width: 6000, height: 4000, scans: 1), 6000 * 4000 * 2)
                : (ImageHeaders.flatJPEG(width: 7200, height: 4000) { _, _ in [128] }, 0)
            let decoded = try ImageDecoder.decode(jpeg, options: DecodeOptions(covering: ImageLimits.defaultDecodeSize))
            let stored = decoded.info.size
            #expect(decoded.surface.size == PixelSize(width: stored.width / 2, height: stored.height / 2))
            let accounted = decoded.surface.size.width * decoded.surface.size.height * 4 + coefficients + decoded.fileBytesHeld
            #expect(accounted <= ImageLimits.decodeMemoryBytes)
            // At full size it would not have fitted.
            #expect(stored.width * stored.height * 4 + coefficients > ImageLimits.decodeMemoryBytes)
        }

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
