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
            let s = surface.pointer.pointee
            let base = s.pixels!.assumingMemoryBound(to: UInt32.self)
            return (0..<surface.size.height).flatMap { y in (0..<surface.size.width).map { base[y * Int(s.pitch) / 4 + $0] } }
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
            // Half size: full size would not fit beside the (progressive: packed) coefficients.
            #expect(decoded.surface.size == DecodeScale.scaled(stored, 4))
            let picture = decoded.surface.size.width * decoded.surface.size.height * 4
            #expect(decoded.decodeBytes >= picture + decoded.fileBytesHeld && decoded.decodeBytes <= ImageLimits.decodeMemoryBytes)
            // Every coefficient is 0: packed, they take only the windows libjpeg reads them through (a few block rows).
            #expect(decoded.decodeBytes - picture - decoded.fileBytesHeld <= coefficients / 50)
            #expect(stored.width * stored.height * 4 + coefficients / 2 > ImageLimits.decodeMemoryBytes)
        }

        /// A progressive JPEG keeps all its coefficients while it is decoded (128 bytes a block, 69 MiB for a
        /// 24-megapixel photo); packed, each block row holds only its non-zero ones, with the same pixels.
        @Test func aProgressiveJPEGsCoefficientsArePackedAndCounted() throws {
            let bytes = try ImageDecoding.fixture("progressive-photo.jpg")
            let decoded = try ImageDecoder.decode(bytes, options: DecodeOptions(covering: nil))
            let picture = decoded.surface.size.width * decoded.surface.size.height * 4
            let packed = decoded.decodeBytes - picture - decoded.fileBytesHeld
            let info = decoded.info.size
            let raw = ((info.width + 15) / 16 * 16 / 8) * ((info.height + 15) / 16 * 16 / 8) * 128 * 3 / 2  // 4:2:0
            #expect(packed > 0 && packed < raw, "packed \(packed) of \(raw)")
            // The pixels are libjpeg's own: the reference decode of the same file by SDL_image.
            let reference = try Surface.load(path: "\(Fixture.root)/Tests/VitrineSDLTests/Fixtures/progressive-photo.jpg").argb8888()
            #expect(Self.pixels(decoded.surface) == Self.pixels(reference))
        }

        @Test func aTwelveMegapixelBMPIsRefusedBeforeDecodingWithItsFileCounted() {
            _ = Fixture.library
            // 3500x3500 at 24 bits: a 37 MB file and 98 MB decoded whole; it peaked at 113 MiB over the baseline.
            let bmp = ImageHeaders.bmp(width: 3500, height: 3500) + [UInt8](repeating: 0x80, count: 3500 * 3 * 3500)
            let reason = #expect(throws: ImageProblem.self) { try ImageDecoder.decode(bmp) }
            #expect(reason?.description.contains("needs about 128 MiB (3500x3500, decoded whole at 8 bytes a pixel, and its 35888 KiB file), "
                                                 + "over the 64 MiB decode memory limit") == true, "\(reason?.description ?? "accepted")")
        }

        /// A large PNG is read from its file as libpng asks, not held whole: a 4900x4900 interlaced PNG is a 41 MB
        /// file, which took 41 MiB of the budget before its boxes.
        @Test(arguments: [false, true])
        func aLargePNGIsReadFromItsFileWithTheSamePixels(interlaced: Bool) throws {
            _ = Fixture.library
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-png-file-\(UUID().uuidString).png").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let text = Array("Comment".utf8) + [0] + [UInt8](repeating: 0x41, count: 400 * 1024)
            let bytes = ImageHeaders.inserting(chunk: "tEXt", text, into: ImageHeaders.blackPNG(width: 900, height: 600, interlaced: interlaced))
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let options = DecodeOptions(covering: PixelSize(width: 300, height: 200))
            let streamed = try ImageDecoder.decode(path: path, options: options)
            let whole = try ImageDecoder.decode(bytes, options: options)
            #expect(streamed.fileBytesHeld == 0 && whole.fileBytesHeld == bytes.count)
            #expect(whole.decodeBytes - streamed.decodeBytes == bytes.count)
            #expect(streamed.surface.size == PixelSize(width: 300, height: 200))
            #expect(Self.pixels(streamed.surface) == Self.pixels(whole.surface))
            // Cut off, it is refused from its file as from its bytes.
            try Data(bytes[..<(bytes.count - 200)]).write(to: URL(fileURLWithPath: path))
            let reason = #expect(throws: SDLError.self) { try ImageDecoder.decode(path: path, options: options) }
            #expect(reason?.message.contains("cut off") == true, "\(reason?.message ?? "")")
        }

        /// A large 24-bit BMP is read from its file a row at a time and shrunk to its card as it is read, where it
        /// was read whole and decoded whole (a 2900x2900 one peaked at +80 MiB, a 3500x3500 one was refused).
        @Test func aLarge24BitBMPIsReadARowAtATime() throws {
            _ = Fixture.library
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-bmp-rows-\(UUID().uuidString).bmp").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let size = PixelSize(width: 401, height: 301)  // Rows of 1203 bytes, padded to 1204.
            var pixels: [UInt8] = []
            for y in 0..<size.height {
                for x in 0..<size.width { pixels += [UInt8(x % 256), UInt8(y % 256), UInt8((x + y) % 256)] }
                pixels += [0]
            }
            let bytes = ImageHeaders.bmp(width: size.width, height: size.height) + pixels
            #expect(bytes.count > ImageLimits.headerReadLimit)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let full = DecodeOptions(covering: PixelSize(width: 1 << 20, height: 1 << 20))
            let streamed = try ImageDecoder.decode(path: path, options: full)
            let whole = try ImageDecoder.decode(bytes, options: full)  // SDL_image's.
            #expect(streamed.surface.size == size && Self.pixels(streamed.surface) == Self.pixels(whole.surface))
            #expect(streamed.fileBytesHeld == 0 && streamed.decodeBytes == 401 * 301 * 4 + 401 * 12 + 1204)
            // For a 100x75 card: boxes of 4, each the rounded mean of its pixels.
            let card = try ImageDecoder.decode(path: path, options: DecodeOptions(covering: PixelSize(width: 100, height: 75)))
            #expect(card.surface.size == PixelSize(width: 101, height: 76))
            let wholePixels = Self.pixels(whole.surface), boxed = Self.pixels(card.surface)
            let mean = (0..<3).map { c -> UInt32 in
                let sum = (0..<16).reduce(UInt32(0)) { $0 + (wholePixels[($1 / 4) * 401 + $1 % 4] >> UInt32(8 * c) & 0xFF) }
                return (sum + 8) / 16
            }
            #expect(boxed[0] == 0xFF00_0000 | mean[2] << 16 | mean[1] << 8 | mean[0])
            // Cut off: refused with the reason, from its header.
            try Data(bytes[..<(bytes.count - 1000)]).write(to: URL(fileURLWithPath: path))
            let reason = #expect(throws: SDLError.self) { try ImageDecoder.decode(path: path, options: full) }
            #expect(reason?.message.contains("the file is cut off") == true, "\(reason?.message ?? "")")
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
